import type { Knex } from 'knex';
import { fromDbDateTime, toDbDateTime } from '#server/db/dialect';

/**
 * Rows of login_attempts (docs/data-model.md). `email` is the trimmed, lower-cased address
 * as typed, whether or not an account has it, so unknown addresses lock the same way.
 */

/** Records an attempt as failed before the password is checked (see login-throttle.ts). */
export async function insertPendingFailure(db: Knex, email: string, ip: string, now: Date): Promise<number> {
  const [id] = await db('login_attempts').insert({
    email,
    ip: ip.slice(0, 64),
    succeeded: false,
    attempted_at: toDbDateTime(now),
  });
  return Number(id);
}

/**
 * The times of the most recent failures for `email` since `since`, recorded before the
 * attempt `beforeId` (newest first, at most `limit`). Auto-increment ids order concurrent
 * attempts, so parallel requests cannot all see the same count.
 */
export async function failuresBefore(
  db: Knex,
  email: string,
  beforeId: number,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows: Array<{ attempted_at: string | Date }> = await db('login_attempts')
    .where({ email, succeeded: false })
    .andWhere('id', '<', beforeId)
    .andWhere('attempted_at', '>', toDbDateTime(since))
    .orderBy('id', 'desc')
    .limit(limit)
    .select('attempted_at');
  return rows.map((row) => fromDbDateTime(row.attempted_at) ?? new Date(0));
}

/** Removes an attempt that was refused by the lockout: it never reached the password check. */
export async function deleteAttempt(db: Knex, id: number): Promise<void> {
  await db('login_attempts').where({ id }).delete();
}

/** A success: the attempt is kept as such and the account's failures are forgotten. */
export async function recordSuccess(db: Knex, id: number, email: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('login_attempts').where({ id }).update({ succeeded: true });
    await trx('login_attempts').where({ email, succeeded: false }).delete();
  });
}

/** Forgets attempts older than `before` (opportunistic purge, no timer needed). */
export async function purgeAttempts(db: Knex, before: Date): Promise<void> {
  await db('login_attempts').where('attempted_at', '<', toDbDateTime(before)).delete();
}
