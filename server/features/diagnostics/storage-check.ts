import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { access, readdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_KINDS, type ImageKind, type StorageLayout } from '#server/storage/layout';
import { storedImagePaths } from './image-inventory';

export interface FolderState {
  exists: boolean;
  /** Stored images in the folder (fallback files; their WebP variants are not counted). */
  file_count: number;
}

export interface StorageReport {
  status: 'ok' | 'warning' | 'error';
  space_usage_percent: number | null;
  write_test: 'success' | 'failed';
  image_folders: Record<ImageKind, FolderState>;
  /**
   * The private folders: submissions' attachments and the photos of site updates (every
   * WebP variant counted). Never served statically; listed so a missing one shows here.
   */
  private_folders: Record<'submissions' | 'sites', FolderState>;
}

/** Above this, uploads may soon fail: the card turns to 'Attention'. */
const SPACE_WARNING_PERCENT = 90;

/** The filesystem that holds storage/ (or would hold it, if the folder is missing). */
function nearestExisting(dir: string): string {
  let current = dir;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** Used space as `df` computes it: blocks reserved for root count as neither used nor free. */
export async function spaceUsagePercent(dir: string): Promise<number | null> {
  try {
    const fs = await statfs(nearestExisting(dir));
    const used = fs.blocks - fs.bfree;
    const usable = used + fs.bavail;
    return usable > 0 ? Math.round((used / usable) * 10_000) / 100 : null;
  } catch {
    return null;
  }
}

/**
 * A real write test (product rules, Entities: write_test 'success' or other): writes a file under a
 * dot name (never listed, never served), reads it back and deletes it, in the public image
 * folder and in the private attachment folder, the two places uploads land.
 */
export async function writeTest(layout: StorageLayout): Promise<'success' | 'failed'> {
  const content = randomBytes(32);
  for (const dir of [layout.publicDir, layout.privateDir]) {
    const file = path.join(dir, `.diagnostic-write-test-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(file, content, { flag: 'wx' });
      if (!(await readFile(file)).equals(content)) return 'failed';
    } catch {
      return 'failed';
    } finally {
      await rm(file, { force: true }).catch(() => {});
    }
  }
  return 'success';
}

export async function isReadableFolder(dir: string): Promise<boolean> {
  try {
    await access(dir, constants.R_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function imageFolders(layout: StorageLayout): Promise<Record<ImageKind, FolderState>> {
  const states = await Promise.all(
    IMAGE_KINDS.map(async (kind): Promise<[ImageKind, FolderState]> => {
      const dir = layout.imageDir(kind);
      const exists = existsSync(dir);
      return [kind, { exists, file_count: exists ? (await storedImagePaths(dir)).length : 0 }];
    }),
  );
  return Object.fromEntries(states) as Record<ImageKind, FolderState>;
}

/** Files below a private folder (one level of per-request folders), dot files left out. */
async function privateFolder(dir: string): Promise<FolderState> {
  if (!existsSync(dir)) return { exists: false, file_count: 0 };
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return { exists: true, file_count: entries.filter((e) => e.isFile() && !e.name.startsWith('.')).length };
  } catch {
    return { exists: true, file_count: 0 };
  }
}

export async function storageReport(layout: StorageLayout): Promise<StorageReport> {
  const [space, write, folders, submissions, sites] = await Promise.all([
    spaceUsagePercent(layout.root),
    writeTest(layout),
    imageFolders(layout),
    privateFolder(layout.submissionsDir),
    privateFolder(layout.sitesDir),
  ]);
  const allFolders = [...Object.values(folders), submissions, sites].every((f) => f.exists);
  const status =
    write !== 'success'
      ? 'error'
      : !allFolders || space === null || space >= SPACE_WARNING_PERCENT
        ? 'warning'
        : 'ok';
  return {
    status,
    space_usage_percent: space,
    write_test: write,
    image_folders: folders,
    private_folders: { submissions, sites },
  };
}
