import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, open as openFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, FileToStore, OpenedFile, StoredFileInfo } from './file-store';
import { placeFiles } from './place-files';
import { ensureWritable } from './writable';

/**
 * The `local` driver: files under STORAGE_DIR/app, the paths the site always used. Every
 * file is written under a temporary name beside its final one and renamed into place
 * (place-files.ts), so a reader never sees half an image.
 */

/** A key never leaves the root: keys are built from rows and URLs, never trusted as they are. */
function pathOf(root: string, key: string): string {
  if (key.includes('\0') || path.isAbsolute(key)) throw new Error(`Clé de stockage refusée : ${key}`);
  const absolute = path.resolve(root, key);
  const inside = path.relative(root, absolute);
  if (inside.startsWith('..') || path.isAbsolute(inside)) throw new Error(`Clé de stockage refusée : ${key}`);
  return absolute;
}

/** A move, or a copy then a removal when the source is on another disk (a restore's work folder). */
async function move(source: string, target: string): Promise<void> {
  try {
    await rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(source, target);
    await rm(source, { force: true });
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export function localFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const at = (key: string) => pathOf(base, key);
  return {
    driver: 'local',

    async putAll(files: readonly FileToStore[]) {
      for (const folder of new Set(files.map((file) => path.dirname(at(file.key)))))
        await mkdir(folder, { recursive: true });
      await placeFiles(
        files.map((file) => ({
          target: at(file.key),
          write: (tmp: string) =>
            'data' in file ? writeFile(tmp, file.data, { flag: 'wx' }) : move(file.fromFile, tmp),
        })),
      );
    },

    async open(key): Promise<OpenedFile | null> {
      const file = at(key);
      try {
        const stats = await stat(file);
        if (!stats.isFile()) return null;
        return { body: createReadStream(file), size: stats.size, modified: stats.mtime, etag: null };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, length) {
      const file = at(key);
      try {
        if (length === undefined) return await readFile(file);
        const handle = await openFile(file, 'r');
        try {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, 0);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async list(prefix) {
      // The folder holding the prefix, then the keys that start with it.
      const folder = prefix.endsWith('/') || prefix === '' ? at(prefix) : path.dirname(at(prefix));
      let entries;
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const found: StoredFileInfo[] = [];
      for (const entry of entries) {
        // Dirent types come from lstat: a symbolic link is not listed (nor followed).
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(base, full).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        try {
          const stats = await stat(full);
          found.push({ key, size: stats.size, modified: stats.mtime });
        } catch {
          // Removed while listing: simply not there any more.
        }
      }
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async remove(keys) {
      await Promise.all(keys.map((key) => rm(at(key), { force: true })));
    },

    async removeAll(prefix) {
      await rm(at(prefix), { recursive: true, force: true });
    },

    async ensureWritable(prefixes, options) {
      await ensureWritable(
        prefixes.map((prefix) => at(prefix)),
        options,
      );
    },

    localPath: at,
  };
}
