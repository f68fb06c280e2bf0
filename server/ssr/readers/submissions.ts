import type { Knex } from 'knex';
import type { SubmissionsReader } from '#shared/readers/submissions';
import { readReceipt } from '#server/features/submissions/submission-receipt';
import { findSubmission } from '#server/features/submissions/submissions.repository';

export function submissionsReader(db: Knex, secret: string): SubmissionsReader {
  return {
    async submissionReceipt(receipt) {
      const id = readReceipt(secret, receipt);
      if (id === null) return null;
      const found = await findSubmission(db, id);
      if (!found) return null;
      return {
        reference: found.reference,
        firstName: found.first_name,
        lastName: found.last_name,
        email: found.email,
        phone: found.phone,
        projectTitle: found.project_title,
        projectType: found.project_type,
        budget: found.budget,
        location: found.location,
        startDate: found.start_date,
        attachments: found.attachments.map((file) => ({ name: file.original_name, size: file.size })),
      };
    },
  };
}
