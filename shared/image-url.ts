/**
 * The one image URL resolver (product rules, Entities). Stored paths are
 * relative to storage/app/public (`products/k3f9x2.jpg`) and are served at /storage/.
 */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export function imageUrl(path: string | null | undefined): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('storage/')) return `/api/serve-image/${path.slice('storage/'.length)}`;
  if (path.startsWith('images/')) return `/api/${path}`;
  return `/storage/${path.replace(/^\/+/, '')}`;
}
