import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { access, readdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_PREFIX, SITES_PREFIX, SUBMISSIONS_PREFIX } from '#server/storage/keys';
import { IMAGE_KINDS, type ImageKind, type StorageLayout } from '#server/storage/layout';
import { bucketOf, type BucketStore } from '#server/storage/storage-for';
import { isStoredImageName, storedImagePaths } from './image-inventory';

export interface FolderState {
  exists: boolean;
  /** Stored images in the folder (fallback files; their WebP variants are not counted). */
  file_count: number;
}

export interface StorageReport {
  status: 'ok' | 'warning' | 'error';
  /** STORAGE_DRIVER: the storage folder, or an S3-compatible bucket. */
  driver: 'local' | 's3';
  /**
   * With the s3 driver: the endpoint and bucket (never a key), whether it answers and
   * takes a write and a delete, and why not (the SDK's error name and HTTP status).
   */
  bucket?: { location: string; reachable: boolean; writable: boolean; error: string | null };
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

/**
 * The bucket's state (STORAGE_DRIVER=s3): a HeadBucket, a probe object put and deleted,
 * and one listing that counts the stored images per kind and the private files. A bucket
 * has no folders: each kind's "folder" exists when the bucket answers. No disk space to
 * report: the provider's quota is not something S3 tells.
 */
async function bucketReport(bucket: BucketStore): Promise<StorageReport> {
  const state = await bucket.check();
  const emptyFolders = (exists: boolean) => ({ exists, file_count: 0 });
  const folders = Object.fromEntries(
    IMAGE_KINDS.map((kind) => [kind, emptyFolders(state.reachable)]),
  ) as Record<ImageKind, FolderState>;
  const submissions = emptyFolders(state.reachable);
  const sites = emptyFolders(state.reachable);
  if (state.reachable) {
    try {
      for (const file of await bucket.list('')) {
        const name = file.key.slice(file.key.lastIndexOf('/') + 1);
        const [top, kind] = file.key.split('/');
        const folder = folders[kind as ImageKind] as FolderState | undefined;
        if (
          file.key.startsWith(PUBLIC_PREFIX) &&
          file.key.split('/').length === 3 &&
          isStoredImageName(name)
        ) {
          if (folder) folder.file_count += 1;
        } else if (top === 'private' && !name.startsWith('.')) {
          if (file.key.startsWith(SUBMISSIONS_PREFIX)) submissions.file_count += 1;
          else if (file.key.startsWith(SITES_PREFIX)) sites.file_count += 1;
        }
      }
    } catch {
      // Answered the HEAD but not the listing: the counts stay at zero, the status says why.
      state.error ??= 'liste des objets refusée';
    }
  }
  return {
    status: !state.writable ? 'error' : state.error ? 'warning' : 'ok',
    driver: 's3',
    bucket: { location: bucket.label, ...state },
    space_usage_percent: null,
    write_test: state.writable ? 'success' : 'failed',
    image_folders: folders,
    private_folders: { submissions, sites },
  };
}

export async function storageReport(layout: StorageLayout): Promise<StorageReport> {
  const bucket = bucketOf(layout.files);
  if (bucket) return bucketReport(bucket);
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
    driver: 'local',
    space_usage_percent: space,
    write_test: write,
    image_folders: folders,
    private_folders: { submissions, sites },
  };
}
