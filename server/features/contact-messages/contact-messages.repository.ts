import type { Knex } from 'knex';
import { pagedData } from '#shared/paged';
import { CONTACT_SUBJECTS } from '#shared/contact-message-rules';
import { queueContactMessageMails, type MailDeps } from '#server/features/mail';
import type {
  ContactMessageInput,
  ContactMessageListQuery,
  ContactMessageUpdate,
} from '#shared/schemas/contact-message';
import type {
  ContactMessage,
  ContactMessageListAnswer,
  ContactMessageListSort,
  ContactMessageStats,
} from '#shared/contact-message-rules';
import { toDbDateTime, toNumber } from '#server/db/dialect';
import { listIds, listPage, whereSearch, type ListSpec } from '#server/db/list-page';
import { whereNotTrashed } from '#server/db/visibility';
import { assigneeOf, assigneesById, whereAssignee, type AssigneeScope } from '#server/features/assignees';
import { nextReference } from '#server/features/references';
import { CONTACT_MESSAGE_COLUMNS, toContactMessage, type ContactMessageRow } from './contact-message-record';

/**
 * Reads and writes of contact_messages (docs/product-rules.md, "Messages inbox"). The list
 * costs four queries whatever the page size: the page, the filtered count, the counts by
 * status, the page's assignees.
 */

/** Search on the name, the e-mail, the phone, the reference and the message's text. */
const SEARCH_COLUMNS = ['name', 'email', 'phone', 'reference', 'message'] as const;

/**
 * Stores a message and takes its reference in one transaction: a message rolled back gives
 * its number up (a gap, never a reuse). Answers the id and the reference.
 */
export async function insertContactMessage(
  db: Knex,
  input: ContactMessageInput,
  now: Date,
  mail: MailDeps,
): Promise<{ id: number; reference: string }> {
  const stamp = toDbDateTime(now);
  return db.transaction(async (trx) => {
    const reference = await nextReference(trx, 'MSG', now);
    const [inserted] = await trx('contact_messages').insert({
      reference,
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      status: 'unread',
      read_at: null,
      created_at: stamp,
      updated_at: stamp,
    });
    const id = Number(inserted);
    // The staff's notice and the sender's receipt, in the same transaction: a message is
    // never stored without its mails, nor the reverse (docs/decisions/0018-outbox-and-mail.md).
    await queueContactMessageMails(
      trx,
      {
        id,
        reference,
        name: input.name,
        email: input.email,
        phone: input.phone,
        subject: CONTACT_SUBJECTS[input.subject],
        message: input.message,
        created_at: now,
      },
      mail,
    );
    return { id, reference };
  });
}

/**
 * The list's query once the route has read 'me' as the signed-in user
 * (docs/product-rules.md, "Assignment").
 */
export type ContactMessageListFilters = Omit<ContactMessageListQuery, 'assignee'> & {
  assignee: AssigneeScope;
};

/** The list's filters: its status, its assignee, and the search. */
export type ContactMessageFilter = Pick<ContactMessageListFilters, 'search' | 'status' | 'assignee'>;

/**
 * The inbox's sorts and searched columns (docs/product-rules.md, "Lists of the back
 * office"): the status and the subject order by their codes, which their French labels
 * follow (shared/contact-message-rules.ts).
 */
export const MESSAGE_LIST: ListSpec<ContactMessageListSort> = {
  search: SEARCH_COLUMNS,
  sorts: {
    created_at: 'created_at',
    reference: 'reference',
    name: 'name',
    subject: 'subject',
    status: 'status',
  },
};

/** The live messages of the list's status and assignee, before its search. */
function scopedMessages(
  db: Knex,
  query: Pick<ContactMessageFilter, 'status' | 'assignee'>,
): Knex.QueryBuilder {
  // A trashed message is out of every read (docs/product-rules.md, "Trash").
  const builder = whereNotTrashed(db('contact_messages'));
  if (query.status !== 'all') builder.where('status', query.status);
  return whereAssignee(builder, query.assignee);
}

/** Every word must appear in one of the columns: 'Awa devis' finds Awa's quote request. */
export function filteredMessages(db: Knex, query: ContactMessageFilter): Knex.QueryBuilder {
  return whereSearch(scopedMessages(db, query), SEARCH_COLUMNS, query.search);
}

/** The ids of every message the filters keep (a bulk action on the filtered list). */
export function contactMessageIds(db: Knex, filter: ContactMessageFilter): Promise<number[]> {
  return listIds(() => scopedMessages(db, filter), { columns: SEARCH_COLUMNS, text: filter.search });
}

export async function contactMessageStats(db: Knex): Promise<ContactMessageStats> {
  const rows: { status: string; n: number | string }[] = await whereNotTrashed(db('contact_messages'))
    .select('status')
    .count({ n: '*' })
    .groupBy('status');
  const stats: ContactMessageStats = { total: 0, unread: 0, archived: 0 };
  for (const row of rows) {
    const count = toNumber(row.n);
    stats.total += count;
    if (row.status === 'unread') stats.unread += count;
    if (row.status === 'archived') stats.archived += count;
  }
  return stats;
}

/** GET /api/admin/contact-messages: one page in the query's order, its pagination and the counts. */
export async function listContactMessages(
  db: Knex,
  query: ContactMessageListFilters,
): Promise<Omit<ContactMessageListAnswer, 'success'>> {
  const [{ rows, total }, stats] = await Promise.all([
    listPage<ContactMessageRow, ContactMessageListSort>(
      () => scopedMessages(db, query),
      CONTACT_MESSAGE_COLUMNS,
      query,
      MESSAGE_LIST,
    ),
    contactMessageStats(db),
  ]);
  const assignees = await assigneesById(
    db,
    rows.map((row) => row.assignee_id),
  );
  return {
    data: pagedData(
      rows.map((row) => toContactMessage(row, assigneeOf(assignees, row.assignee_id))),
      total,
      query,
    ),
    stats,
  };
}

export async function findContactMessage(db: Knex, id: number): Promise<ContactMessage | null> {
  const row: ContactMessageRow | undefined = await whereNotTrashed(db('contact_messages'))
    .select(CONTACT_MESSAGE_COLUMNS)
    .where({ id })
    .first();
  if (!row) return null;
  return toContactMessage(row, assigneeOf(await assigneesById(db, [row.assignee_id]), row.assignee_id));
}

/**
 * Sets the status; the first time a message leaves 'unread' its read_at is set (an archived
 * message brought back reads as read). False when there is no such message.
 */
export async function updateContactMessage(
  db: Knex,
  id: number,
  update: ContactMessageUpdate,
  now: Date,
): Promise<boolean> {
  const stamp = toDbDateTime(now);
  const changes: Record<string, unknown> = { status: update.status, updated_at: stamp };
  if (update.status === 'unread') changes.read_at = null;
  const updated = await whereNotTrashed(db('contact_messages')).where({ id }).update(changes);
  if (updated > 0 && update.status !== 'unread')
    await db('contact_messages').where({ id }).whereNull('read_at').update({ read_at: stamp });
  return updated > 0;
}

export async function deleteContactMessage(db: Knex, id: number): Promise<boolean> {
  return (await db('contact_messages').where({ id }).del()) > 0;
}

export async function countUnreadMessages(db: Knex): Promise<number> {
  const row = await whereNotTrashed(db('contact_messages'))
    .where({ status: 'unread' })
    .count({ n: '*' })
    .first();
  return toNumber((row?.n ?? 0) as number | string);
}
