import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageKind, StorageLayout } from '#server/storage/layout';
import { storedImageFiles, storedImagePath } from './image-paths';
import { placeFiles } from './place-files';
import { randomName } from './random-name';

/**
 * Copies a stored image (fallback and variants) under a fresh name in the kind's folder,
 * so the new row owns its files and deleting one row never breaks another. Cheaper than
 * re-encoding: used where one picture serves many rows (the large demo seed).
 */
export async function copyImage(
  relPath: string,
  kind: ImageKind,
  layout: StorageLayout,
): Promise<{ path: string }> {
  const sources = storedImageFiles(relPath, layout);
  const extension = path.extname(relPath).toLowerCase();
  const newPath = storedImagePath(kind, `${randomName()}${extension}`);
  const targets = storedImageFiles(newPath, layout);
  await placeFiles(
    targets.map((target, i) => ({
      target,
      write: (tmp: string) => copyFile(sources[i]!, tmp, constants.COPYFILE_EXCL),
    })),
  );
  return { path: newPath };
}
