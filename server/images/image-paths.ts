import path from 'node:path';
import { imageVariants } from '#shared/image-variants';
import type { StorageLayout } from '#server/storage/layout';
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

/** The fallback file and its WebP variants, as absolute paths, fallback first. */
export function storedImageFiles(relPath: string, layout: StorageLayout): string[] {
  const fallback = resolveStoredImage(relPath, layout);
  const variants = imageVariants(relPath).map((v) => resolveStoredImage(v.path, layout));
  return [fallback, ...variants];
}

/** `products` + `k3f9x2.jpg` -> `products/k3f9x2.jpg`: always forward slashes, as stored. */
export function storedImagePath(folder: string, fileName: string): string {
  return `${folder}/${fileName}`;
}
