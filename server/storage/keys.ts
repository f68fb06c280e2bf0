/**
 * The keys of stored files (server/storage/file-store.ts): one place that knows where each
 * kind of file lives, so that the local folders and the bucket's prefixes stay the same.
 */
export const PUBLIC_PREFIX = 'public/';
export const SUBMISSIONS_PREFIX = 'private/submissions/';
export const SITES_PREFIX = 'private/sites/';

/** A stored image path as image columns hold it (`products/k3f9x2.jpg`). */
export function publicKey(imagePath: string): string {
  return `${PUBLIC_PREFIX}${imagePath}`;
}

/** The folder of one submission's attachments. */
export function submissionPrefix(submissionId: number): string {
  return `${SUBMISSIONS_PREFIX}${submissionId}/`;
}

/** The folder of the photos of one submission's site updates. */
export function sitePrefix(submissionId: number): string {
  return `${SITES_PREFIX}${submissionId}/`;
}
