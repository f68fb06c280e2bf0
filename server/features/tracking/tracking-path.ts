import { holdsTrackingLink } from '#server/http/request-logging';

/**
 * Which requests are for a tracking link, and in which spelling (docs/product-rules.md,
 * "Tracking link"; docs/decisions/0020-tracking-links-and-status-history.md, "Guesses,
 * spellings and photos"). The page `/suivi/{token}` and the photos
 * `/suivi/{token}/photos/{file}` are served in one form only. The path is read the way
 * the server-side renderer reads it (a WHATWG URL: backslashes are slashes, `.` and `..`
 * segments are resolved, `%2e` is a dot), then split into its non-empty segments and
 * decoded, the way React Router and Express compare them: case aside, that is what they
 * match, so every spelling that reaches the page or a photo is recognised here.
 */
export type TrackingPath =
  /** Not a tracking link: the request goes on untouched. */
  | { kind: 'other' }
  /** A tracking path whose percent-encoding cannot be decoded: no route can serve it. */
  | { kind: 'undecodable' }
  | {
      kind: 'page' | 'photo';
      token: string;
      /** Its one form: `/suivi/{token}` or `/suivi/{token}/photos/{file}`, encoded. */
      canonical: string;
      /** Whether the request spelled it that way, byte for byte. */
      isCanonical: boolean;
    };

const OTHER: TrackingPath = { kind: 'other' };

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function trackingPathOf(rawUrl: string): TrackingPath {
  const query = rawUrl.indexOf('?');
  const rawPath = query === -1 ? rawUrl : rawUrl.slice(0, query);
  // A cheap first look: every spelling holds the word itself or a percent-encoding.
  if (!/suivi|%/i.test(rawPath)) return OTHER;
  let pathname: string;
  try {
    // A request target in absolute form (`GET http://host/suivi/…`) is read as its path,
    // as Express and the renderer read it.
    pathname = (
      /^[a-z][a-z\d+.-]*:/i.test(rawPath)
        ? new URL(rawPath)
        : new URL(`http://localhost/${rawPath.replace(/^\/+/, '')}`)
    ).pathname;
  } catch {
    return OTHER;
  }
  const raw = pathname.split('/').filter((segment) => segment !== '');
  const parts = raw.map(decoded);
  const word = (i: number) => (parts[i] ?? raw[i] ?? '').toLowerCase();
  const page = raw.length === 2 && word(0) === 'suivi';
  const photo = raw.length === 4 && word(0) === 'suivi' && word(2) === 'photos';
  const undecodable = parts.some((part) => part === null);
  // React Router warns about a path it cannot decode, the whole path in its message: one
  // holding a token anywhere is answered here instead (decision 0020).
  if (undecodable && (page || photo || holdsTrackingLink(pathname))) return { kind: 'undecodable' };
  if (!page && !photo) return OTHER;
  const token = parts[1]!;
  const canonical = page
    ? `/suivi/${encodeURIComponent(token)}`
    : `/suivi/${encodeURIComponent(token)}/photos/${encodeURIComponent(parts[3]!)}`;
  return { kind: page ? 'page' : 'photo', token, canonical, isCanonical: canonical === rawPath };
}
