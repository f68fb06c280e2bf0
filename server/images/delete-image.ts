import type { StorageLayout } from '#server/storage/layout';
import { storedImageKeys } from './image-paths';

/**
 * Removes a stored image: its fallback and every WebP variant. Missing files are not an
 * error (a half-cleaned image can be deleted again). A path leaving storage/app/public, or
 * not naming an image file, throws ImagePathError before anything is touched.
 */
export async function deleteImage(relPath: string, layout: StorageLayout): Promise<void> {
  await layout.files.remove(storedImageKeys(relPath, layout));
}
