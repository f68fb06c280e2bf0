import type { Knex } from 'knex';
import { pagedData } from '#shared/paged';
import {
  SUBMISSION_STATUSES,
  type SubmissionListQuery,
  type SubmissionStatusUpdate,
} from '#shared/schemas/submission';
import type {
  ProjectSubmission,
  SubmissionListAnswer,
  SubmissionStats,
  SubmissionStatus,
} from '#shared/types';
import type { MailDeps } from '#server/features/mail/mail-deps';
import { queueClientMessageMail } from '#server/features/mail/tracking-mails';
import { latestNote, recordEvent } from '#server/features/tracking/submission-events.repository';
import { toDbDateTime, toNumber, whereContains } from '#server/db/dialect';
import { deleteSiteUpdatesOf } from '#server/features/site-updates/site-updates.repository';
import {
  ATTACHMENT_COLUMNS,
  SUBMISSION_COLUMNS,
  toSubmissionRecord,
  type AttachmentRow,
  type SubmissionRow,
} from './submission-record';

/**
 * Reads and writes of project_submissions and submission_attachments. The list costs four
 * queries whatever the page size (page, filtered count, status counts, the page's
 * attachments): no query per row.
 */

/** Product rules, API: search on reference, name, e-mail, project title and location. */
const SEARCH_COLUMNS = [
  'reference',
  'first_name',
  'last_name',
  'email',
  'project_title',
  'location',
] as const;

async function attachmentsBySubmission(
  db: Knex,
  ids: readonly number[],
): Promise<Map<number, AttachmentRow[]>> {
  const byId = new Map<number, AttachmentRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows: AttachmentRow[] = await db('submission_attachments')
    .select(ATTACHMENT_COLUMNS)
    .whereIn('submission_id', ids)
    .orderBy('id', 'asc');
  for (const row of rows) byId.get(toNumber(row.submission_id))?.push(row);
  return byId;
}

/** Every word must appear in one of the columns: 'Agossou villa' finds the Agossou villa. */
export function filteredSubmissions(
  db: Knex,
  query: Pick<SubmissionListQuery, 'search' | 'status'>,
): Knex.QueryBuilder {
  const builder = db('project_submissions');
  if (query.status !== 'all') builder.where('status', query.status);
  for (const word of query.search.split(/\s+/).filter(Boolean)) whereContains(builder, SEARCH_COLUMNS, word);
  return builder;
}

export function sortedSubmissions(
  builder: Knex.QueryBuilder,
  query: Pick<SubmissionListQuery, 'sort_by' | 'sort_order'>,
): Knex.QueryBuilder {
  const order = query.sort_order;
  switch (query.sort_by) {
    case 'status':
      // The order of the workflow (product rules, States), not the alphabet of the codes.
      builder.orderByRaw(
        `CASE ?? ${SUBMISSION_STATUSES.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ? END ${order}`,
        [
          'status',
          ...SUBMISSION_STATUSES.flatMap((status, rank) => [status, rank]),
          SUBMISSION_STATUSES.length,
        ],
      );
      break;
    case 'first_name':
      builder.orderBy([
        { column: 'first_name', order },
        { column: 'last_name', order },
      ]);
      break;
    default:
      builder.orderBy(query.sort_by, order);
  }
  // Equal keys keep a stable order across pages.
  return builder.orderBy('id', order);
}

async function statusCounts(db: Knex): Promise<SubmissionStats> {
  const rows: { status: string; n: number | string }[] = await db('project_submissions')
    .select('status')
    .count({ n: '*' })
    .groupBy('status');
  const stats: SubmissionStats = { total: 0, new: 0, contacted: 0, quoted: 0, approved: 0, rejected: 0 };
  for (const row of rows) {
    const count = toNumber(row.n);
    stats.total += count;
    if ((SUBMISSION_STATUSES as readonly string[]).includes(row.status))
      stats[row.status as keyof SubmissionStats] += count;
  }
  return stats;
}

/** GET /admin/project-submissions (product rules, API): one page, its pagination and the six counts. */
export async function listSubmissions(
  db: Knex,
  query: SubmissionListQuery,
): Promise<Omit<SubmissionListAnswer, 'success'>> {
  const perPage = query.per_page;
  const offset = (query.page - 1) * perPage;
  const [rows, counted, stats] = await Promise.all([
    sortedSubmissions(filteredSubmissions(db, query).select(SUBMISSION_COLUMNS), query)
      .limit(perPage)
      .offset(offset) as Promise<SubmissionRow[]>,
    filteredSubmissions(db, query).count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    statusCounts(db),
  ]);
  const attachments = await attachmentsBySubmission(
    db,
    rows.map((row) => toNumber(row.id)),
  );
  const total = toNumber(counted?.n ?? 0);
  return {
    data: pagedData(
      rows.map((row) => toSubmissionRecord(row, attachments.get(toNumber(row.id)) ?? [])),
      total,
      query,
    ),
    stats,
  };
}

export async function findSubmission(db: Knex, id: number): Promise<ProjectSubmission | null> {
  const row: SubmissionRow | undefined = await db('project_submissions')
    .select(SUBMISSION_COLUMNS)
    .where({ id })
    .first();
  if (!row) return null;
  const attachments = await attachmentsBySubmission(db, [id]);
  return toSubmissionRecord(row, attachments.get(id) ?? []);
}

/** The whole request (the zip's name and summary) and its attachments, with their stored names. */
export async function submissionFiles(
  db: Knex,
  id: number,
): Promise<{ submission: ProjectSubmission; attachments: AttachmentRow[] } | null> {
  const row: SubmissionRow | undefined = await db('project_submissions')
    .select(SUBMISSION_COLUMNS)
    .where({ id })
    .first();
  if (!row) return null;
  const attachments = (await attachmentsBySubmission(db, [id])).get(id) ?? [];
  return { submission: toSubmissionRecord(row, attachments), attachments };
}

/** Who changes a request, and what the client's mail needs. */
export interface StatusChangeContext {
  author: { id: number; name: string } | null;
  mail: MailDeps['config'];
}

/**
 * Fields left undefined by the update keep their value. False when there is no such
 * submission. A change of status, a new internal note or a message to the client is one
 * entry of the request's history (docs/product-rules.md, "Status history"); a message is
 * also e-mailed to the client through the outbox, in the same transaction. admin_notes
 * keeps the latest note (the CSV export and the zip's summary read it); emptying it
 * erases no entry of the log.
 */
export async function updateSubmissionStatus(
  db: Knex,
  id: number,
  update: SubmissionStatusUpdate,
  now: Date,
  context: StatusChangeContext,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const current:
      | { status: string; reference: string | null; first_name: string; email: string; project_title: string }
      | undefined = await trx('project_submissions')
      .where({ id })
      .first('status', 'reference', 'first_name', 'email', 'project_title');
    if (!current) return false;
    const from = (SUBMISSION_STATUSES as readonly string[]).includes(current.status)
      ? (current.status as SubmissionStatus)
      : null;
    const note = update.admin_notes ?? null;
    const newNote = note !== null && note !== (await latestNote(trx, id)) ? note : null;
    const message = update.client_message ?? null;

    const changes: Record<string, unknown> = { status: update.status, updated_at: toDbDateTime(now) };
    // The column is the latest note, as before: '' or null still empties it, while the
    // log keeps every note written.
    if (update.admin_notes !== undefined) changes.admin_notes = update.admin_notes;
    if (update.contact_method !== undefined) changes.contact_method = update.contact_method;
    await trx('project_submissions').where({ id }).update(changes);

    if (from !== update.status || newNote !== null || message !== null) {
      await recordEvent(trx, {
        submissionId: id,
        from,
        to: update.status,
        internalNote: newNote,
        clientMessage: message,
        author: context.author,
        at: now,
      });
    }
    if (message !== null) {
      await queueClientMessageMail(
        trx,
        {
          id,
          reference: current.reference ?? '',
          first_name: current.first_name,
          email: current.email,
          project_title: current.project_title,
        },
        update.status,
        message,
        { config: context.mail, now },
      );
    }
    return true;
  });
}

/** Removes the submission and its attachment rows; false when there was none. */
export async function deleteSubmissionRows(db: Knex, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    // Explicit rather than left to ON DELETE CASCADE, which SQLite applies only with its
    // foreign_keys pragma on.
    await trx('submission_attachments').where({ submission_id: id }).del();
    await trx('submission_events').where({ submission_id: id }).del();
    await deleteSiteUpdatesOf(trx, id);
    return (await trx('project_submissions').where({ id }).del()) > 0;
  });
}
