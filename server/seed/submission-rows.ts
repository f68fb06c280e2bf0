import type { Knex } from 'knex';
import type { ContactMethod, SubmissionDetails, SubmissionStatus } from '#shared/types';
import { nextReference } from '#server/features/references/next-reference';
import { randomName } from '#server/images/random-name';
import { REFERENCE_PREFIXES } from '#shared/references';
import { fromDbDateTime } from '#server/db/dialect';
import type { StorageLayout } from '#server/storage/layout';
import { removeSubmissionDirs, writeSubmissionFile } from './files/submission-files';
import { mapLimit } from './map-limit';

export interface AttachmentFile {
  originalName: string;
  mimeType: 'application/pdf' | 'image/jpeg';
  data: Buffer;
}

/** A project_submissions row to insert, with the files joined to it. */
export interface SubmissionSeed extends SubmissionDetails {
  status: SubmissionStatus;
  contact_method: ContactMethod | null;
  /** The staff member who follows it (docs/product-rules.md, "Assignment"); none when absent. */
  assignee_id?: number | null;
  created_at: string;
  updated_at: string;
  attachments: AttachmentFile[];
}

const EXTENSIONS: Record<AttachmentFile['mimeType'], string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
};

/**
 * Inserts submissions one by one (each attachment row needs its submission's id), then
 * the attachment rows, then writes the files. Runs inside the caller's transaction: if a
 * file cannot be written the rows roll back and the folders written so far are removed.
 */
export async function insertSubmissions(
  trx: Knex.Transaction,
  layout: StorageLayout,
  submissions: readonly SubmissionSeed[],
): Promise<void> {
  const attachmentRows: Record<string, unknown>[] = [];
  const files: { submissionId: number; storedName: string; data: Buffer }[] = [];
  for (const { attachments, ...submission } of submissions) {
    // Numbered as the site numbers them, in the year each was sent.
    const sentAt = fromDbDateTime(submission.created_at) ?? new Date();
    const reference = await nextReference(trx, REFERENCE_PREFIXES.submission, sentAt);
    const [id] = await trx('project_submissions').insert({ ...submission, reference });
    const submissionId = Number(id);
    for (const attachment of attachments) {
      const storedName = `${randomName(24)}.${EXTENSIONS[attachment.mimeType]}`;
      attachmentRows.push({
        submission_id: submissionId,
        original_name: attachment.originalName,
        stored_name: storedName,
        mime_type: attachment.mimeType,
        size: attachment.data.length,
        created_at: submission.created_at,
      });
      files.push({ submissionId, storedName, data: attachment.data });
    }
  }
  if (attachmentRows.length > 0) await trx.batchInsert('submission_attachments', attachmentRows, 200);
  try {
    await mapLimit(files, 16, (file) =>
      writeSubmissionFile(layout, file.submissionId, file.storedName, file.data),
    );
  } catch (error) {
    await removeSubmissionDirs(layout, [...new Set(files.map((f) => f.submissionId))]);
    throw error;
  }
}
