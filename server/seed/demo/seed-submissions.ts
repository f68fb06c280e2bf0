import { submissions } from '#server/seed/content/submissions';
import type { AttachmentContent } from '#server/seed/content/types';
import { pdfDocument } from '#server/seed/files/pdf-document';
import { planSheetJpeg } from '#server/seed/files/plan-sheet';
import { dateFrom, dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { seedWhenEmpty } from '#server/seed/seed-step';
import { insertSubmissions, type AttachmentFile, type SubmissionSeed } from '#server/seed/submission-rows';

async function attachmentFile(content: AttachmentContent): Promise<AttachmentFile> {
  if (content.kind === 'pdf') {
    return {
      originalName: content.originalName,
      mimeType: 'application/pdf',
      data: pdfDocument(content.title, content.lines),
    };
  }
  return {
    originalName: content.originalName,
    mimeType: 'image/jpeg',
    data: await planSheetJpeg(content.seed),
  };
}

export function seedSubmissions(ctx: SeedContext): Promise<number> {
  return seedWhenEmpty(ctx, 'project_submissions', 'Soumissions de projets', async () => {
    const rows: SubmissionSeed[] = await Promise.all(
      submissions.map(async (s, i) => {
        const received = dateTimeFrom(ctx.now, -s.receivedDaysAgo, -(i + 1));
        // A request handled by the team was last updated after it arrived.
        const updated = s.status === 'new' ? received : dateTimeFrom(ctx.now, -s.receivedDaysAgo / 2, -i);
        return {
          first_name: s.firstName,
          last_name: s.lastName,
          email: s.email,
          phone: s.phone,
          company: s.company ?? null,
          project_title: s.projectTitle,
          project_type: s.projectType,
          location: s.location,
          budget: s.budget,
          description: s.description,
          start_date: s.startInDays === undefined ? null : dateFrom(ctx.now, s.startInDays),
          status: s.status,
          admin_notes: s.adminNotes ?? null,
          contact_method: s.contactMethod ?? null,
          created_at: received,
          updated_at: updated,
          attachments: await Promise.all(s.attachments.map(attachmentFile)),
        };
      }),
    );
    // Oldest first, so ids follow the order of arrival.
    rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
    await ctx.knex.transaction((trx) => insertSubmissions(trx, ctx.layout, rows));
    return rows.length;
  });
}
