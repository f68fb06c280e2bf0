import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * `manifest.json`, the first thing a restore reads (docs/decisions/0017-backups.md): what
 * made the archive, the migration its rows belong to, how many rows each table had, and the
 * sha256 of every stored file, so a restore proves it put back exactly what was saved.
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  appVersion: string;
  engine: 'sqlite' | 'mysql';
  /** The last migration applied to the saved database: its rows have that shape. */
  migration: string;
  rows: Record<string, number>;
  /** Path under the storage folder (`app/public/products/x.jpg`) -> sha256, hex. */
  files: Record<string, string>;
}

export async function sha256Of(file: string): Promise<string> {
  return sha256OfStream(createReadStream(file));
}

export async function sha256OfStream(bytes: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of bytes) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `app/public/products/x.jpg`: a stored file's key as the manifest names it (docs/decisions/0017-backups.md). */
export const MANIFEST_FOLDER = 'app/';

/** Every regular file under `root`, as paths relative to `base` with forward slashes. */
export async function filesBelow(root: string, base: string): Promise<string[]> {
  const found: string[] = [];
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return found;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return found.sort();
}
