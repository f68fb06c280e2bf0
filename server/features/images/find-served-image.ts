import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '#server/errors';
import { detectImageFile, detectImageType, type DetectedImageType } from '#server/images/detect-type';
import { resolveStoredImage } from '#server/images/image-paths';
import { readHead } from '#server/http/send-stored-object';
import type { OpenedFile } from '#server/storage/file-store';
import { publicKey } from '#server/storage/keys';
import type { StorageLayout } from '#server/storage/layout';
import { imageMessages } from './image-messages';

/** A file on the local disk, sent with `res.sendFile`. */
export interface ServedImageFile {
  from: 'disk';
  /** The real storage/app/public folder (symlinks resolved): the root to send from. */
  root: string;
  /** The real file, relative to `root`. */
  relative: string;
  contentType: `image/${DetectedImageType}`;
}

/** An object of the bucket (STORAGE_DRIVER=s3), opened, its first bytes already read. */
export interface ServedImageObject {
  from: 'bucket';
  file: OpenedFile;
  head: Buffer;
  contentType: `image/${DetectedImageType}`;
}

export type ServedImage = ServedImageFile | ServedImageObject;

/** Enough bytes for every signature detectImageType knows. */
const SIGNATURE_BYTES = 16;

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
  if (layout.files.driver !== 'local') return findServedObject(candidates, layout);
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
      if (type) return { from: 'disk', root, relative, contentType: CONTENT_TYPES[type] };
    } catch {
      // Not an image name, absent, unreadable: try the next candidate, then 404.
    }
  }
  throw new NotFoundError(imageMessages.notFound);
}

/**
 * The same rules in the bucket: an image file name inside the public prefix
 * (resolveStoredImage refuses the rest before any request), and JPEG, PNG or WebP bytes.
 * A bucket holds no symbolic links. One GetObject per candidate: its first bytes give the
 * type, the rest is streamed from the same answer.
 */
async function findServedObject(candidates: readonly string[], layout: StorageLayout): Promise<ServedImage> {
  for (const candidate of candidates) {
    try {
      resolveStoredImage(candidate, layout);
    } catch {
      continue;
    }
    const file = await layout.files.open(publicKey(candidate));
    if (!file) continue;
    const head = await readHead(file.body, SIGNATURE_BYTES);
    const type = detectImageType(head);
    if (type) return { from: 'bucket', file, head, contentType: CONTENT_TYPES[type] };
    file.body.destroy();
  }
  throw new NotFoundError(imageMessages.notFound);
}
