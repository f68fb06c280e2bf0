import type { Knex } from 'knex';
import type { OutboxFilter, OutboxListQuery, OutboxSort } from '#shared/schemas/outbox';
import { toDbDateTime, toNumber } from '#server/db/dialect';
import { listIds, listPage, type ListSpec } from '#server/db/list-page';
import { OUTBOX_STATUSES, type OutboxRow, type OutboxStatus } from './outbox-types';

/**
 * Reads and writes of the outbox. Claiming is one conditional UPDATE per row, checked by
 * its count of affected rows: of two senders racing for a mail (two processes on one
 * MySQL database), the database lets exactly one flip it to 'sending'
 * (docs/decisions/0018-outbox-and-mail.md). Every later write is conditioned on
 * status = 'sending', so a stale sender never overwrites another's outcome.
 */

/** Due: pending and its time has come, or claimed by a sender whose lease ran out. */
function due(builder: Knex.QueryBuilder, now: string): Knex.QueryBuilder {
  return builder.where((where) =>
    where
      .where((pending) => pending.where('status', 'pending').andWhere('next_attempt_at', '<=', now))
      .orWhere((stale) => stale.where('status', 'sending').andWhere('claimed_until', '<', now)),
  );
}

/** Claims up to `limit` due mails for `leaseMs`; each claim counts as an attempt. */
export async function claimDueMails(
  db: Knex,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const stamp = toDbDateTime(now);
  const candidates: { id: number | string }[] = await due(db('outbox').select('id'), stamp)
    .orderBy('id', 'asc')
    .limit(limit);
  const claimed: number[] = [];
  for (const { id } of candidates) {
    const affected = await due(db('outbox').where('id', id), stamp).update({
      status: 'sending',
      claimed_until: toDbDateTime(new Date(now.getTime() + leaseMs)),
      attempts: db.raw('?? + 1', ['attempts']),
      updated_at: stamp,
    });
    if (affected === 1) claimed.push(toNumber(id));
  }
  if (claimed.length === 0) return [];
  return db('outbox').select('*').whereIn('id', claimed).orderBy('id', 'asc');
}

/** Sent: the sealed link goes with it, so nothing stored can open the client's page any more. */
export async function markSent(db: Knex, id: number, now: Date): Promise<boolean> {
  const stamp = toDbDateTime(now);
  const affected = await db('outbox').where({ id, status: 'sending' }).update({
    status: 'sent',
    sent_at: stamp,
    claimed_until: null,
    last_error: null,
    secret: null,
    updated_at: stamp,
  });
  return affected === 1;
}

/** Back to 'pending' until `next`, or 'failed' when `next` is null. */
export async function markAttemptFailed(
  db: Knex,
  id: number,
  error: string,
  next: Date | null,
  now: Date,
): Promise<boolean> {
  const stamp = toDbDateTime(now);
  const affected = await db('outbox')
    .where({ id, status: 'sending' })
    .update({
      status: next ? 'pending' : 'failed',
      ...(next ? { next_attempt_at: toDbDateTime(next) } : {}),
      claimed_until: null,
      last_error: error,
      updated_at: stamp,
    });
  return affected === 1;
}

/**
 * Claims given back by a sender that is stopping (its delivery not started, or cut before
 * the server answered): pending again, due now, the attempt not counted, so the next
 * sender takes them at once instead of after the lease.
 */
export async function releaseClaims(db: Knex, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const stamp = toDbDateTime(now);
  await db('outbox')
    .whereIn('id', ids)
    .andWhere('status', 'sending')
    .update({
      status: 'pending',
      claimed_until: null,
      next_attempt_at: stamp,
      attempts: db.raw('?? - 1', ['attempts']),
      updated_at: stamp,
    });
}

/** A failed mail back in the queue, due now. False when there is no failed mail of that id. */
export async function requeueFailed(db: Knex, id: number, now: Date): Promise<boolean> {
  const stamp = toDbDateTime(now);
  const affected = await db('outbox')
    .where({ id, status: 'failed' })
    .update({ status: 'pending', next_attempt_at: stamp, claimed_until: null, updated_at: stamp });
  return affected === 1;
}

export async function findMail(db: Knex, id: number): Promise<OutboxRow | undefined> {
  return db('outbox').select('*').where({ id }).first();
}

/** The outbox as the back office lists it: searched in recipients and subject, sorted by a column. */
export const OUTBOX_LIST: ListSpec<OutboxSort> = {
  search: ['recipients', 'subject'],
  sorts: {
    created_at: 'created_at',
    status: 'status',
    attempts: 'attempts',
    next_attempt_at: 'next_attempt_at',
    sent_at: 'sent_at',
  },
};

/** The outbox with the list's status filter (the search is the list's: `listPage`, `listIds`). */
function filteredMails(db: Knex, filter: Pick<OutboxFilter, 'status'>): Knex.QueryBuilder {
  const builder = db('outbox');
  if (filter.status !== 'all') builder.where('status', filter.status);
  return builder;
}

export function listMails(db: Knex, query: OutboxListQuery): Promise<{ rows: OutboxRow[]; total: number }> {
  return listPage<OutboxRow, OutboxSort>(() => filteredMails(db, query), ['*'], query, OUTBOX_LIST);
}

/** Every id the list's filter and search keep ('Tout sélectionner' of a bulk action). */
export function mailIds(db: Knex, filter: OutboxFilter): Promise<number[]> {
  return listIds(() => filteredMails(db, filter), { columns: OUTBOX_LIST.search, text: filter.search });
}

/** How many mails are in each state (the metrics' gauge): one grouped count. */
export async function countByStatus(db: Knex): Promise<Record<OutboxStatus, number>> {
  const rows: { status: string; n: number | string }[] = await db('outbox')
    .select('status')
    .count({ n: '*' })
    .groupBy('status');
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as Record<
    OutboxStatus,
    number
  >;
  for (const row of rows)
    if ((OUTBOX_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as OutboxStatus] = toNumber(row.n);
  return counts;
}
