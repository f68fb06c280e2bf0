import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';

export interface FileToPlace {
  /** Absolute final path. */
  target: string;
  /** Writes the content to the given temporary path (same folder as the target). */
  write(tempPath: string): Promise<void>;
}

/**
 * Writes every file under a temporary name in its final folder, then renames them into
 * place: a reader never sees a half-written image, and the rename stays on one filesystem.
 * On any failure everything written so far (temporary or renamed) is removed, so an image
 * is stored whole or not at all.
 */
export async function placeFiles(files: FileToPlace[]): Promise<void> {
  const token = randomBytes(6).toString('hex');
  const temps = files.map((f) =>
    path.join(path.dirname(f.target), `.${path.basename(f.target)}.${token}.tmp`),
  );
  const placed: string[] = [];
  try {
    await Promise.all(files.map((f, i) => f.write(temps[i]!)));
    for (const [i, f] of files.entries()) {
      await rename(temps[i]!, f.target);
      placed.push(f.target);
    }
  } catch (error) {
    await Promise.all([...temps, ...placed].map((p) => rm(p, { force: true })));
    throw error;
  }
}
