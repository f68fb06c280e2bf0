import type { Knex } from 'knex';
import { pagedData } from '#shared/paged';
import {
  SUBMISSION_STATUSES,
  submissionSortOf,
  type SubmissionListQuery,
  type SubmissionListSort,
} from '#shared/schemas/submission';
import type { ListSort } from '#shared/list-query';
import type { ContactMethod, ProjectSubmission, SubmissionListAnswer, SubmissionStats } from '#shared/types';
import { toNumber } from '#server/db/dialect';
import { listIds, whereSearch } from '#server/db/list-page';
import { assigneeOf, assigneesById, whereAssignee, type AssigneeScope } from '#server/features/assignees';
import { pagedRows } from '#server/features/exports';
import { whereNotTrashed } from '#server/db/visibility';
import { hashTrackingToken, isTrackingTokenShape } from './tracking-token';
import {
  ATTACHMENT_COLUMNS,
  SUBMISSION_COLUMNS,
  toSubmissionRecord,
  type AttachmentRow,
  type SubmissionRow,
} from './submission-record';

/**
 * Every query of project_submissions and submission_attachments, for this feature and for
 * the features built on a request (tracking, site updates: through ./index.ts). The list
 * costs four queries whatever the page size (page, filtered count, status counts, the
 * page's attachments): no query per row.
 */

type Db = Knex | Knex.Transaction;

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
  db: Db,
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

/**
 * The list's query once the route has read 'me' as the signed-in user
 * (docs/product-rules.md, "Assignment").
 */
export type SubmissionListFilters = Omit<SubmissionListQuery, 'assignee'> & { assignee: AssigneeScope };

/** The list's filters: its status, its assignee, and the search (every word in one of the columns). */
export type SubmissionFilter = Pick<SubmissionListFilters, 'search' | 'status' | 'assignee'>;

/** The live requests of the list's status and assignee, before its search. */
function scopedSubmissions(
  db: Knex,
  query: Pick<SubmissionFilter, 'status' | 'assignee'>,
): Knex.QueryBuilder {
  // A trashed request is out of every read (docs/product-rules.md, "Trash").
  const builder = whereNotTrashed(db('project_submissions'));
  if (query.status !== 'all') builder.where('status', query.status);
  return whereAssignee(builder, query.assignee);
}

/** Every word must appear in one of the columns: 'Agossou villa' finds the Agossou villa. */
export function filteredSubmissions(db: Knex, query: SubmissionFilter): Knex.QueryBuilder {
  return whereSearch(scopedSubmissions(db, query), SEARCH_COLUMNS, query.search);
}

/** The ids of every request the filters keep (a bulk action on the filtered list). */
export function submissionIds(db: Knex, filter: SubmissionFilter): Promise<number[]> {
  return listIds(() => scopedSubmissions(db, filter), { columns: SEARCH_COLUMNS, text: filter.search });
}

export function sortedSubmissions(
  builder: Knex.QueryBuilder,
  query: Pick<SubmissionListQuery, 'sort' | 'sort_by' | 'sort_order'>,
): Knex.QueryBuilder {
  const sort: ListSort<SubmissionListSort> = submissionSortOf(query);
  const { order } = sort;
  switch (sort.key) {
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
      builder.orderBy(sort.key, order);
  }
  // Equal keys keep a stable order across pages.
  return builder.orderBy('id', order);
}

async function statusCounts(db: Knex): Promise<SubmissionStats> {
  const rows: { status: string; n: number | string }[] = await whereNotTrashed(db('project_submissions'))
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
  query: SubmissionListFilters,
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
  const [attachments, assignees] = await Promise.all([
    attachmentsBySubmission(
      db,
      rows.map((row) => toNumber(row.id)),
    ),
    assigneesById(
      db,
      rows.map((row) => row.assignee_id),
    ),
  ]);
  const total = toNumber(counted?.n ?? 0);
  return {
    data: pagedData(
      rows.map((row) =>
        toSubmissionRecord(
          row,
          attachments.get(toNumber(row.id)) ?? [],
          assigneeOf(assignees, row.assignee_id),
        ),
      ),
      total,
      query,
    ),
    stats,
  };
}

export async function findSubmission(db: Knex, id: number): Promise<ProjectSubmission | null> {
  const row: SubmissionRow | undefined = await whereNotTrashed(db('project_submissions'))
    .select(SUBMISSION_COLUMNS)
    .where({ id })
    .first();
  if (!row) return null;
  const [attachments, assignees] = await Promise.all([
    attachmentsBySubmission(db, [id]),
    assigneesById(db, [row.assignee_id]),
  ]);
  return toSubmissionRecord(row, attachments.get(id) ?? [], assigneeOf(assignees, row.assignee_id));
}

/** The whole request (the zip's name and summary) and its attachments, with their stored names. */
export async function submissionFiles(
  db: Knex,
  id: number,
): Promise<{ submission: ProjectSubmission; attachments: AttachmentRow[] } | null> {
  const row: SubmissionRow | undefined = await whereNotTrashed(db('project_submissions'))
    .select(SUBMISSION_COLUMNS)
    .where({ id })
    .first();
  if (!row) return null;
  const attachments = (await attachmentsBySubmission(db, [id])).get(id) ?? [];
  const assignees = await assigneesById(db, [row.assignee_id]);
  return {
    submission: toSubmissionRecord(row, attachments, assigneeOf(assignees, row.assignee_id)),
    attachments,
  };
}

/**
 * Every submission the list's search, status and sort keep, in the list's order, all pages
 * (the CSV export); only those of `ids` among them when the staff ticked rows.
 */
export function submissionRowsForExport(
  db: Knex,
  query: SubmissionListFilters & { ids?: readonly number[] | undefined },
): AsyncGenerator<SubmissionRow> {
  return pagedRows<SubmissionRow>(db, 'project_submissions', () => {
    const builder = filteredSubmissions(db, query).select(SUBMISSION_COLUMNS);
    if (query.ids) builder.whereIn('id', query.ids);
    return sortedSubmissions(builder, query);
  });
}

/** A new request's row, its tracking token's hash included: the link works from the insert on. */
export interface NewSubmissionRow extends Omit<
  SubmissionRow,
  'id' | 'status' | 'contact_method' | 'assignee_id' | 'created_at'
> {
  reference: string;
  status: 'new';
  contact_method: null;
  tracking_token_hash: string;
  created_at: string;
  updated_at: string;
}

export async function insertSubmission(trx: Db, row: NewSubmissionRow): Promise<number> {
  const [inserted] = await trx('project_submissions').insert(row);
  return Number(inserted);
}

export interface NewAttachmentRow {
  submission_id: number;
  original_name: string;
  stored_name: string;
  mime_type: string;
  size: number;
  created_at: string;
}

export async function insertAttachments(trx: Db, rows: readonly NewAttachmentRow[]): Promise<void> {
  await trx('submission_attachments').insert(rows);
}

/** Who a request is from and what it is about: what a mail to the client needs, and its status. */
export interface SubmissionContact {
  id: number;
  status: string;
  reference: string;
  first_name: string;
  email: string;
  project_title: string;
}

/** By id, or by reference (a client asking for their link again); null when there is none. */
export async function findSubmissionContact(
  db: Db,
  where: { id: number } | { reference: string },
): Promise<SubmissionContact | null> {
  const row: (Omit<SubmissionContact, 'id'> & { id: number | string }) | undefined = await whereNotTrashed(
    db('project_submissions'),
  )
    .where(where)
    .first('id', 'status', 'reference', 'first_name', 'email', 'project_title');
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function submissionExists(db: Db, id: number): Promise<boolean> {
  return (await whereNotTrashed(db('project_submissions')).where({ id }).first('id')) !== undefined;
}

/** Fields the staff change: status, latest note, contact method, with the time of the change. */
export async function updateSubmissionRow(
  trx: Db,
  id: number,
  changes: {
    status: string;
    updated_at: string;
    admin_notes?: string | null;
    contact_method?: string | null;
  },
): Promise<void> {
  await whereNotTrashed(trx('project_submissions')).where({ id }).update(changes);
}

export async function setContactMethod(trx: Db, id: number, method: ContactMethod): Promise<void> {
  await trx('project_submissions').where({ id }).update({ contact_method: method });
}

/**
 * Replaces the request's token: the previous link, and a link asked again but not opened
 * yet, stop working in this very statement.
 */
export async function setTrackingTokenHash(trx: Db, id: number, hash: string): Promise<void> {
  await trx('project_submissions')
    .where({ id })
    .update({ tracking_token_hash: hash, tracking_token_pending_hash: null });
}

/**
 * Keeps a link asked again beside the one the client holds (docs/product-rules.md,
 * "Tracking link"): both open the page until the new one is first opened. An earlier
 * pending link, never opened, is replaced. False when the request is gone.
 */
export async function setPendingTrackingTokenHash(trx: Db, id: number, hash: string): Promise<boolean> {
  return (
    (await whereNotTrashed(trx('project_submissions'))
      .where({ id })
      .update({ tracking_token_pending_hash: hash })) > 0
  );
}

/**
 * The pending link has been opened: it becomes the request's link and the one held before
 * stops working. Conditional on the pending hash, so that two opens at once, or a staff
 * regeneration in between, change nothing twice.
 */
export async function promotePendingTrackingToken(db: Db, id: number, hash: string): Promise<void> {
  await db('project_submissions')
    .where({ id, tracking_token_pending_hash: hash })
    .update({ tracking_token_hash: hash, tracking_token_pending_hash: null });
}

/**
 * The rows a token's hash opens, as the held link or as the pending one: two equalities,
 * each on its own unique index, joined by UNION ALL, so that both engines search both
 * indexes (an OR of the two columns may be planned as a scan on a small table). At most
 * one row: hashes are unique per column, and a 256-bit hash is never in both.
 */
function rowsOpenedBy(db: Db, hash: string, columns: readonly string[]): Knex.QueryBuilder {
  // A trashed request's link answers like an unknown one.
  return whereNotTrashed(db('project_submissions'))
    .where('tracking_token_hash', hash)
    .select([...columns, db.raw('0 as pending')])
    .unionAll((union) => {
      union
        .from('project_submissions')
        .whereNull('deleted_at')
        .where('tracking_token_pending_hash', hash)
        .select([...columns, db.raw('1 as pending')]);
    });
}

/**
 * The id of the request a token opens (its held or its pending link), or null for an
 * unknown, revoked or malformed token. The lookup is indexed equalities on the hashes
 * only, so a known and an unknown token cost the same query.
 */
export async function findSubmissionIdByToken(db: Db, token: string): Promise<number | null> {
  if (!isTrackingTokenShape(token)) return null;
  const [row]: { id: number | string }[] = await rowsOpenedBy(db, hashTrackingToken(token), ['id']);
  return row ? Number(row.id) : null;
}

/** What the tracking page may show of the request a token opens: never the client's other details. */
export interface TrackedRow {
  id: number;
  reference: string | null;
  first_name: string;
  project_title: string;
  status: string;
  created_at: string | Date;
  /** Opened by the link asked again, not yet the request's link. */
  pending: boolean;
}

export async function findTrackedRow(db: Db, token: string): Promise<TrackedRow | null> {
  if (!isTrackingTokenShape(token)) return null;
  const [row]: (Omit<TrackedRow, 'id' | 'pending'> & { id: number | string; pending: number | string })[] =
    await rowsOpenedBy(db, hashTrackingToken(token), [
      'id',
      'reference',
      'first_name',
      'project_title',
      'status',
      'created_at',
    ]);
  return row ? { ...row, id: Number(row.id), pending: Number(row.pending) === 1 } : null;
}

/** The request a site update belongs to, with what its mail and the back office need. */
export interface SiteSubmission {
  id: number;
  status: string;
  reference: string | null;
  project_title: string;
  first_name: string;
  last_name: string;
  /** For the client's mail only: never in an answer a site manager reads. */
  email: string;
  phone: string;
  location: string;
}

type Raw = Record<string, unknown>;

export async function findSiteSubmission(db: Db, id: number): Promise<SiteSubmission | null> {
  const row: Raw | undefined = await whereNotTrashed(db('project_submissions'))
    .where({ id })
    .first(
      'id',
      'status',
      'reference',
      'project_title',
      'first_name',
      'last_name',
      'email',
      'phone',
      'location',
    );
  if (!row) return null;
  return {
    id: toNumber(row.id as number),
    status: String(row.status),
    reference: (row.reference as string | null) ?? null,
    project_title: String(row.project_title),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    email: String(row.email),
    phone: String(row.phone),
    location: String(row.location),
  };
}

/**
 * The approved requests out of the trash: the building sites of the 'Chantiers' list, all a
 * site manager may reach (docs/product-rules.md, "Roles and access"). A builder, for the list
 * to search, sort and page.
 */
export function approvedSubmissionsQuery(db: Db): Knex.QueryBuilder {
  return whereNotTrashed(db('project_submissions')).where('project_submissions.status', 'approved');
}

/**
 * Removes the submission and every row that hangs off it (docs/data-model.md: its
 * attachments, its history, its site updates and their photos); false when there was none.
 * Explicit rather than left to ON DELETE CASCADE, which SQLite applies only with its
 * foreign_keys pragma on.
 */
export async function deleteSubmissionRows(trx: Knex.Transaction, id: number): Promise<boolean> {
  await trx('submission_attachments').where({ submission_id: id }).del();
  await trx('submission_events').where({ submission_id: id }).del();
  const updates = trx('site_updates').where({ submission_id: id }).select('id');
  await trx('site_update_photos').whereIn('update_id', updates).del();
  await trx('site_updates').where({ submission_id: id }).del();
  return (await trx('project_submissions').where({ id }).del()) > 0;
}
