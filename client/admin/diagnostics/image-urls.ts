import { API_BASE } from '#client/lib/api-client';

/**
 * Image URLs the diagnostics build and try (product rules, Entities and
 * the typed pattern {api}/images/{type}/{path}; product rules, API, the type guessed from a path).
 * Every URL here is site-relative ('/api/…'); the screens show them with the origin.
 */
export const IMAGE_URL_KINDS = ['misc', 'bien', 'parcelle', 'fleet'] as const;
export type ImageUrlKind = (typeof IMAGE_URL_KINDS)[number];

export const TYPED_IMAGE_PATTERN = `${API_BASE}/images/{type}/{path}`;

const ABSOLUTE = /^https?:\/\//i;

/** Product rules, API: parcelle or terrain, flotte or immobilier, bien, otherwise misc (in that order). */
export function guessImageType(path: string): ImageUrlKind {
  const lower = path.toLowerCase();
  if (lower.includes('parcelle') || lower.includes('terrain')) return 'parcelle';
  if (lower.includes('flotte') || lower.includes('immobilier') || lower.includes('fleet')) return 'fleet';
  if (lower.includes('bien')) return 'bien';
  return 'misc';
}

/**
 * A stored path as image columns hold it (`products/k3f9x2.jpg`): surrounding spaces, leading
 * slashes and one `storage/` or `images/` prefix (the public link's and the resolver's) removed.
 */
export function storedPath(path: string): string {
  return path
    .trim()
    .replace(/^\/+/, '')
    .replace(/^(storage|images)\//, '');
}

/** Each segment percent-encoded, the slashes kept. */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function typedImageUrl(type: string, path: string): string {
  return `${API_BASE}/images/${encodeURIComponent(type)}/${encodePath(storedPath(path))}`;
}

/**
 * The URL the API diagnostic checks for a path (product rules, API):
 * a full URL or a site URL ('/storage/…') as is, else the typed pattern with the
 * type guessed from the path. The server also tries the path without the guessed type, so
 * a stored path of any folder is found.
 */
export function builtImageUrl(path: string): string {
  const trimmed = path.trim();
  if (ABSOLUTE.test(trimmed) || trimmed.startsWith('/')) return trimmed;
  return typedImageUrl(guessImageType(trimmed), trimmed);
}

export interface PathVariant {
  label: string;
  url: string;
}

/**
 * The image tester's list of URLs to try for one path: every shape the product rules' resolver
 * builds (product rules, Entities) plus the typed pattern. A full URL has only itself.
 */
export function imagePathVariants(path: string): PathVariant[] {
  const trimmed = path.trim();
  if (!trimmed) return [];
  if (ABSOLUTE.test(trimmed)) return [{ label: 'URL complète', url: trimmed }];
  const stored = storedPath(trimmed);
  if (!stored) return [];
  const encoded = encodePath(stored);
  const variants: PathVariant[] = [
    { label: 'Lien public de stockage (/storage/…)', url: `/storage/${encoded}` },
    { label: 'Point d’accès serve-image (storage/…)', url: `${API_BASE}/serve-image/${encoded}` },
    { label: 'Point d’accès images (images/…)', url: `${API_BASE}/images/${encoded}` },
    {
      label: 'Point d’accès images avec segment images/ (autre chemin)',
      url: `${API_BASE}/images/images/${encoded}`,
    },
    { label: `Motif typé (${guessImageType(stored)})`, url: typedImageUrl(guessImageType(stored), stored) },
  ];
  return variants.filter(
    (variant, index) => variants.findIndex((other) => other.url === variant.url) === index,
  );
}

/** A site-relative URL with the page's origin, as an administrator would paste it. */
export function absoluteUrl(url: string, origin: string): string {
  return ABSOLUTE.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}
