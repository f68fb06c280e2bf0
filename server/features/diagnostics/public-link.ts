import path from 'node:path';
import { inspectPublicLink, type StorageLayout } from '#server/storage/layout';

export interface PublicLinkReport {
  exists: boolean;
  isSymlink: boolean;
  /** The link's target relative to the link's folder; never absolute (product rules, Security). */
  target: string | null;
  /** Whether the link leads to storage/app/public, as 'Réparer le stockage' makes it. */
  pointsToStorage: boolean;
}

/**
 * The `public/storage` -> `storage/app/public` link (product rules, Runtime). An
 * operator may have made it with an absolute target: it is reported relative, so an answer
 * never carries a server path.
 */
export function publicLinkReport(layout: StorageLayout): PublicLinkReport {
  const link = inspectPublicLink(layout);
  const linkDir = path.dirname(layout.publicLink);
  const resolved = link.target === null ? null : path.resolve(linkDir, link.target);
  return {
    exists: link.exists,
    isSymlink: link.isSymlink,
    target: resolved === null ? null : path.relative(linkDir, resolved).split(path.sep).join('/') || '.',
    pointsToStorage: link.exists && link.isSymlink && resolved === layout.publicDir,
  };
}
