import { randomBytes } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ServiceUnavailableError } from '#server/errors';

/**
 * Whether storage really takes writes: a probe file created and removed in each folder.
 * Permissions alone do not tell (root ignores them, a read-only mount or a full disk does
 * not show in a mode), so the probe does what an upload or a delete would do. On a full
 * disk the file is created and its write fails: it is removed whatever happened, or each
 * refused probe would leave an empty `.probe-*` behind.
 */
async function probe(dir: string): Promise<void> {
  const file = path.join(dir, `.probe-${randomBytes(6).toString('hex')}`);
  const handle = await open(file, 'wx');
  let written = false;
  try {
    try {
      await handle.write('ok');
      written = true;
    } finally {
      await handle.close();
    }
  } finally {
    // After a failed write, removing it is tidying: the write's error is the one to report.
    if (written) await unlink(file);
    else await unlink(file).catch(() => undefined);
  }
}

/**
 * Throws ServiceUnavailableError('storage') when one of the folders refuses a write.
 * `missingOk`: a folder that does not exist holds nothing to delete (a submission sent
 * without files), so it passes; readiness wants every folder present.
 */
export async function ensureWritable(dirs: readonly string[], { missingOk = false } = {}): Promise<void> {
  for (const dir of dirs) {
    try {
      await probe(dir);
    } catch (error) {
      if (missingOk && (error as { code?: string }).code === 'ENOENT') continue;
      throw Object.assign(new ServiceUnavailableError('storage'), { cause: error });
    }
  }
}
