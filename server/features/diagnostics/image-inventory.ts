import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '#shared/image-variants';
import type { FileStore } from '#server/storage/file-store';
import { PUBLIC_PREFIX } from '#server/storage/keys';

/**
 * The stored images under storage/app/public, as the image diagnostic counts and lists
 * them (product rules, Entities). A stored image is its fallback file; the WebP
 * variants written beside it (`-320.webp`...) are the same picture and are not counted.
 * Dot files (the pipeline's temporary files, the write test) and symbolic links are skipped:
 * only what the pipeline put there is listed.
 */
const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;
const VARIANT_NAME = new RegExp(`-(${IMAGE_WIDTHS.join('|')})\\.webp$`, 'i');
/** storage/app/public/<kind>/<file>: anything deeper was not put there by the pipeline. */
const MAX_DEPTH = 3;

export function isStoredImageName(name: string): boolean {
  return !name.startsWith('.') && IMAGE_NAME.test(name) && !VARIANT_NAME.test(name);
}

export interface StoredImageFile {
  /** Relative to storage/app/public, forward slashes, as image columns hold it. */
  path: string;
  size: number;
  modifiedMs: number;
}

async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Stored image files under `dir` (relative paths), without following symbolic links. */
async function walk(dir: string, prefix: string, depth: number, found: string[]): Promise<void> {
  for (const entry of await entries(dir)) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    // Dirent types come from lstat: a symlink is neither a file nor a directory here.
    if (entry.isDirectory() && depth < MAX_DEPTH)
      await walk(path.join(dir, entry.name), relative, depth + 1, found);
    else if (entry.isFile() && isStoredImageName(entry.name)) found.push(relative);
  }
}

export async function storedImagePaths(dir: string): Promise<string[]> {
  const found: string[] = [];
  await walk(dir, '', 1, found);
  return found;
}

/**
 * Every stored image with size and modification time, newest first, from the store (the
 * folder or the bucket): the same rules as the walk above, on keys.
 */
export async function storedImageFiles(files: FileStore): Promise<StoredImageFile[]> {
  const found: StoredImageFile[] = [];
  for (const file of await files.list(PUBLIC_PREFIX)) {
    const relative = file.key.slice(PUBLIC_PREFIX.length);
    const segments = relative.split('/');
    if (segments.length > MAX_DEPTH || segments.some((s) => s.startsWith('.'))) continue;
    if (!isStoredImageName(segments[segments.length - 1]!)) continue;
    found.push({ path: relative, size: file.size, modifiedMs: file.modified.getTime() });
  }
  return found.sort((a, b) => b.modifiedMs - a.modifiedMs || a.path.localeCompare(b.path));
}
