import { submissionPrefix } from '#server/storage/keys';
import type { StorageLayout } from '#server/storage/layout';

/**
 * Private attachments live under private/submissions/{submission_id}/ in the store
 * (docs/data-model.md), never under the public prefix.
 */
export async function writeSubmissionFile(
  layout: StorageLayout,
  submissionId: number,
  storedName: string,
  data: Buffer,
): Promise<void> {
  await layout.files.putAll([{ key: `${submissionPrefix(submissionId)}${storedName}`, data }]);
}

export async function removeSubmissionDirs(
  layout: StorageLayout,
  submissionIds: readonly number[],
): Promise<void> {
  await Promise.all(submissionIds.map((id) => layout.files.removeAll(submissionPrefix(id))));
}
