import { rm } from 'node:fs/promises';
import type { StorageLayout } from '#server/storage/layout';
import { storedImageFiles } from './image-paths';

/**
 * Removes a stored image: its fallback and every WebP variant. Missing files are not an
 * error (a half-cleaned image can be deleted again). A path leaving storage/app/public, or
 * not naming an image file, throws ImagePathError before anything is touched.
 */
export async function deleteImage(relPath: string, layout: StorageLayout): Promise<void> {
  const files = storedImageFiles(relPath, layout);
  await Promise.all(files.map((file) => rm(file, { force: true })));
}
