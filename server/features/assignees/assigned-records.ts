import type { Knex } from 'knex';
import type { Assignee } from '#shared/assignment';
import { toNumber } from '#server/db/dialect';
import { assignableUsers } from './assignable-users';

type Db = Knex | Knex.Transaction;

/**
 * What can be assigned, by the name the outbox and the activity log give it, and its table
 * (docs/product-rules.md, "Assignment").
 */
export const ASSIGNED_TABLES = {
  submission: 'project_submissions',
  contact_message: 'contact_messages',
} as const;
export type AssignedKind = keyof typeof ASSIGNED_TABLES;

/**
 * The assignees of a page's rows, by user id: one query whatever the page size. Names are
 * read as they are now (a renamed user shows the new name); a user no longer assignable
 * still shows: the row is theirs until someone changes it.
 */
export async function assigneesById(
  db: Db,
  ids: ReadonlyArray<number | string | null | undefined>,
): Promise<Map<number, Assignee>> {
  const wanted = [...new Set(ids.flatMap((id) => (id === null || id === undefined ? [] : [toNumber(id)])))];
  const byId = new Map<number, Assignee>();
  if (wanted.length === 0) return byId;
  const rows: { id: number | string; name: string }[] = await db('users')
    .whereIn('id', wanted)
    .select('id', 'name');
  for (const row of rows) byId.set(toNumber(row.id), { id: toNumber(row.id), name: row.name });
  return byId;
}

/** A row's assignee from the map of assigneesById. */
export function assigneeOf(byId: ReadonlyMap<number, Assignee>, id: number | string | null | undefined) {
  return id === null || id === undefined ? null : (byId.get(toNumber(id)) ?? null);
}

/** The lists' `?assignee=` once read: one user's rows, nobody's ('none'), or all (undefined). */
export type AssigneeScope = number | 'none' | undefined;

/**
 * The lists' `?assignee=` once 'me' is the signed-in user's id: that user's rows, the rows
 * of nobody ('none'), or every row (undefined).
 */
export function whereAssignee(
  builder: Knex.QueryBuilder,
  assignee: AssigneeScope,
  column = 'assignee_id',
): Knex.QueryBuilder {
  if (assignee === 'none') builder.whereNull(column);
  else if (assignee !== undefined) builder.where(column, assignee);
  return builder;
}

/** 'me' is the user asking. */
export function resolveAssigneeFilter(
  filter: 'me' | 'none' | number | undefined,
  userId: number,
): AssigneeScope {
  return filter === 'me' ? userId : filter;
}

/**
 * Where the staff's e-mail about a request or a message goes (docs/product-rules.md,
 * "Assignment"): to its assignee while it has one who may still be assigned, instead of
 * the company's addresses (`fallback`, STAFF_EMAILS); otherwise to those. Read in the
 * transaction that queues the mail, so an assignment made before it is seen.
 */
export async function staffRecipients(
  db: Db,
  about: { type: AssignedKind; id: number },
  fallback: readonly string[],
): Promise<readonly string[]> {
  const table = ASSIGNED_TABLES[about.type];
  const row: { email: string } | undefined = await assignableUsers(db)
    .join(table, `${table}.assignee_id`, 'users.id')
    .where(`${table}.id`, about.id)
    .first('users.email');
  return row ? [row.email] : fallback;
}
