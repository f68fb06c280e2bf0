import path from 'node:path';
import { imageVariants } from '#shared/image-variants';
import type { StorageLayout } from '#server/storage/layout';
import { publicKey } from '#server/storage/keys';
import { ImagePathError } from './image-errors';

/** Extensions a stored image (fallback file) may carry. */
const STORED_IMAGE_EXTENSION = /\.(jpe?g|png|webp)$/i;

/**
 * Resolves a stored image path (`products/k3f9x2.jpg`, relative to storage/app/public)
 * to an absolute path, refusing anything that would leave that folder or is not an image
 * file name: image paths reach us from rows and URLs, never trusted as they are.
 */
export function resolveStoredImage(relPath: string, layout: StorageLayout): string {
  if (
    !relPath ||
    relPath.includes('\0') ||
    path.isAbsolute(relPath) ||
    !STORED_IMAGE_EXTENSION.test(relPath)
  ) {
    throw new ImagePathError(relPath);
  }
  const absolute = path.resolve(layout.publicDir, relPath);
  const inside = path.relative(layout.publicDir, absolute);
  if (!inside || inside.startsWith('..') || path.isAbsolute(inside)) throw new ImagePathError(relPath);
  return absolute;
}

/**
 * The fallback file and its WebP variants, as storage keys (server/storage/keys.ts),
 * fallback first; a path resolveStoredImage refuses throws before any key is made.
 */
export function storedImageKeys(relPath: string, layout: StorageLayout): string[] {
  resolveStoredImage(relPath, layout);
  return [relPath, ...imageVariants(relPath).map((v) => v.path)].map(publicKey);
}

/** `products` + `k3f9x2.jpg` -> `products/k3f9x2.jpg`: always forward slashes, as stored. */
export function storedImagePath(folder: string, fileName: string): string {
  return `${folder}/${fileName}`;
}
