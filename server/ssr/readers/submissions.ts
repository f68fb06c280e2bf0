import type { Knex } from 'knex';
import type { SubmissionsReader } from '#shared/readers/submissions';
import type { Config } from '#server/config';
import { submissionsService } from '#server/features/submissions';
import { refusedSubmissionDrafts } from '#server/features/submissions/refused-drafts';
import { storageFor } from '#server/storage/storage-for';

export function submissionsReader(db: Knex, config: Config): SubmissionsReader {
  const submissions = submissionsService({ db, layout: storageFor(config), config });
  return {
    submissionReceipt: (receipt) => submissions.receipt(receipt),
    submissionDraft: async (token) => refusedSubmissionDrafts.read(token),
  };
}
