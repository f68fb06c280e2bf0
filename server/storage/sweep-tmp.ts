import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { StorageLayout } from './layout';

/**
 * Empties storage/tmp at start-up: whatever is there belongs to uploads of a previous
 * process that was killed mid-request (a finished upload is moved out or removed before
 * its answer). Only the server's start calls this, never the storage repair, which runs
 * while uploads may be in progress; one server process per storage folder is assumed
 * (docs/decisions/0012-shutdown-order-and-honest-faults.md). Returns the names removed.
 */
export async function sweepTemporaryFiles(layout: StorageLayout): Promise<string[]> {
  const names = await readdir(layout.tmpDir);
  await Promise.all(names.map((name) => rm(path.join(layout.tmpDir, name), { recursive: true, force: true })));
  return names;
}

/** What placeFiles (server/storage/place-files.ts) writes before renaming into place. */
const PLACEMENT_LEFTOVER = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temporary files a killed process left in the site-photo folders: photos are
 * written beside their final name and renamed (server/images/private-photo.ts), so a crash
 * mid-upload leaves `.{name}.{token}.tmp` there, never in storage/tmp. Same rule as above:
 * start-up only, one server process per storage folder. Returns the paths removed,
 * relative to the site-photo folder.
 */
export async function sweepSitePhotoLeftovers(layout: StorageLayout): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(layout.sitesDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const leftovers = entries
    .filter((entry) => entry.isFile() && PLACEMENT_LEFTOVER.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(leftovers.map((file) => rm(file, { force: true })));
  return leftovers.map((file) => path.relative(layout.sitesDir, file));
}
