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
