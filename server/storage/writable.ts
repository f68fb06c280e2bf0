import { randomBytes } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ServiceUnavailableError } from '#server/errors';

/**
 * Whether storage really takes writes: a probe file created and removed in each folder.
 * Permissions alone do not tell (root ignores them, a read-only mount or a full disk does
 * not show in a mode), so the probe does what an upload or a delete would do.
 */
async function probe(dir: string): Promise<void> {
  const file = path.join(dir, `.probe-${randomBytes(6).toString('hex')}`);
  const handle = await open(file, 'wx');
  try {
    await handle.write('ok');
  } finally {
    await handle.close();
  }
  await unlink(file);
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
