import type { Knex } from 'knex';
import type { SubmissionsReader } from '#shared/readers/submissions';
import { openReceipt } from '#server/features/submissions/submission-receipt';
import { findSubmissionIdByToken, trackingUrl } from '#server/features/tracking/tracking-token';
import { findSubmission } from '#server/features/submissions/submissions.repository';

export function submissionsReader(db: Knex, secret: string, appUrl: string): SubmissionsReader {
  return {
    async submissionReceipt(receipt) {
      const opened = openReceipt(secret, receipt);
      if (opened === null) return null;
      const { id, trackingToken } = opened;
      const found = await findSubmission(db, id);
      if (!found) return null;
      // A link the staff replaced since is not shown: it would open the 'not found' page.
      const linkWorks = trackingToken !== null && (await findSubmissionIdByToken(db, trackingToken)) === id;
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
        trackingUrl: linkWorks && trackingToken ? trackingUrl(appUrl, trackingToken) : null,
      };
    },
  };
}
