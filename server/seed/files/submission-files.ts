import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageLayout } from '#server/storage/layout';

/**
 * Private attachments live under storage/app/private/submissions/{submission_id}/
 * (docs/data-model.md), never under the public folder.
 */
export async function writeSubmissionFile(
  layout: StorageLayout,
  submissionId: number,
  storedName: string,
  data: Buffer,
): Promise<void> {
  const dir = layout.submissionDir(submissionId);
  await mkdir(dir, { recursive: true });
  // 'wx': a stored name is never reused, so an existing file means a bug, not an update.
  await writeFile(path.join(dir, storedName), data, { flag: 'wx' });
}

export async function removeSubmissionDirs(
  layout: StorageLayout,
  submissionIds: readonly number[],
): Promise<void> {
  await Promise.all(
    submissionIds.map((id) => rm(layout.submissionDir(id), { recursive: true, force: true })),
  );
}
