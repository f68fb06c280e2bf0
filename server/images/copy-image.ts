import path from 'node:path';
import type { ImageKind, StorageLayout } from '#server/storage/layout';
import { storedImageKeys, storedImagePath } from './image-paths';
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
  const sources = storedImageKeys(relPath, layout);
  const extension = path.extname(relPath).toLowerCase();
  const newPath = storedImagePath(kind, `${randomName()}${extension}`);
  const targets = storedImageKeys(newPath, layout);
  const files = [];
  for (const [i, key] of targets.entries()) {
    const data = await layout.files.read(sources[i]!);
    if (!data) throw new Error(`Image à copier introuvable : ${sources[i]}`);
    files.push({ key, data });
  }
  await layout.files.putAll(files);
  return { path: newPath };
}
