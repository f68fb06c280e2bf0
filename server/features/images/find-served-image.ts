import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '#server/errors';
import { detectImageFile, type DetectedImageType } from '#server/images/detect-type';
import { resolveStoredImage } from '#server/images/image-paths';
import type { StorageLayout } from '#server/storage/layout';
import { imageMessages } from './image-messages';

export interface ServedImage {
  /** The real storage/app/public folder (symlinks resolved): the root to send from. */
  root: string;
  /** The real file, relative to `root`. */
  relative: string;
  contentType: `image/${DetectedImageType}`;
}

const CONTENT_TYPES: Record<DetectedImageType, ServedImage['contentType']> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

function isInside(root: string, file: string): string | null {
  const relative = path.relative(root, file);
  if (!relative || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative))
    return null;
  return relative;
}

/**
 * The first candidate that is a real image inside storage/app/public (product rules, Security:
 * every path taken from a URL is resolved inside its storage root or refused with 404):
 * an image file name (resolveStoredImage), a regular file whose real path, symlinks
 * followed, is still inside the public folder (so a link to storage/app/private or /etc
 * is refused), and JPEG, PNG or WebP bytes, which also give the content type: a file
 * named .jpg that holds anything else is not served.
 */
export async function findServedImage(
  candidates: readonly string[],
  layout: StorageLayout,
): Promise<ServedImage> {
  let root: string;
  try {
    root = await realpath(layout.publicDir);
  } catch {
    throw new NotFoundError(imageMessages.notFound);
  }
  for (const candidate of candidates) {
    try {
      const real = await realpath(resolveStoredImage(candidate, layout));
      const relative = isInside(root, real);
      if (relative === null || !(await stat(real)).isFile()) continue;
      const type = await detectImageFile(real);
      if (type) return { root, relative, contentType: CONTENT_TYPES[type] };
    } catch {
      // Not an image name, absent, unreadable: try the next candidate, then 404.
    }
  }
  throw new NotFoundError(imageMessages.notFound);
}
