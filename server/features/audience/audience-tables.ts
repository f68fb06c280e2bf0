import type { Knex } from 'knex';
import { engineOf } from '#server/db/dialect';
import { businessToday } from '#shared/calendar';
import { DAY_TOTAL, splitCountKey, type Batch } from './audience-counter';

/**
 * The audience tables' writes (docs/decisions/0043-audience-counting.md): one transaction per
 * batch, adding to the rows already there (an upsert per chunk of rows, on both engines),
 * with the day's salt and members when one instance keeps them; the purge of old breakdowns.
 */

const CHUNK = 200;

/** `column = table.column + <the inserted row's value>`, in each engine's words. */
function increments(knex: Knex, table: string, columns: string[]): Record<string, Knex.Raw> {
  const mysql = engineOf(knex) === 'mysql';
  return Object.fromEntries(
    columns.map((column) => [
      column,
      knex.raw(mysql ? '?? + VALUES(??)' : '?? + excluded.??', [`${table}.${column}`, column]),
    ]),
  );
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Writes a batch whose visitors are settled; `today` decides which day's traces remain.
 * `keepsDay`: this instance keeps the day's salt and members in the tables (no Redis).
 */
export async function writeBatch(db: Knex, batch: Batch, today: string, keepsDay: boolean): Promise<void> {
  const days: DayRow[] = [];
  const counts: CountRow[] = [];
  for (const [name, tally] of batch.counts) {
    if (tally.views === 0 && tally.visitors === 0) continue;
    const { date, dimension, key } = splitCountKey(name);
    if (dimension === DAY_TOTAL) days.push({ date, ...tally });
    else counts.push({ date, dimension, key, ...tally });
  }
  // One order for every instance's batch: two batches lock the same rows in the same order
  // and wait for each other instead of deadlocking (MySQL's upserts lock the keys they meet).
  const order = (row: { date: string; dimension?: string; key?: string }) =>
    `${row.date}\t${row.dimension ?? ''}\t${row.key ?? ''}`;
  const byKey = (a: DayRow | CountRow, b: DayRow | CountRow) => (order(a) < order(b) ? -1 : 1);
  days.sort(byKey);
  counts.sort(byKey);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await writeRows(db, { days, counts, batch, today, keepsDay });
      return;
    } catch (err) {
      // A deadlock rolled the whole transaction back: trying again adds nothing twice.
      if (attempt >= DEADLOCK_TRIES || !isDeadlock(err)) throw err;
    }
  }
}

const DEADLOCK_TRIES = 3;

function isDeadlock(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

type DayRow = { date: string; views: number; visitors: number };
type CountRow = { date: string; dimension: string; key: string; views: number; visitors: number };

async function writeRows(
  db: Knex,
  {
    days,
    counts,
    batch,
    today,
    keepsDay,
  }: { days: DayRow[]; counts: CountRow[]; batch: Batch; today: string; keepsDay: boolean },
): Promise<void> {
  await db.transaction(async (trx) => {
    for (const rows of chunks(days))
      await trx('stats_days')
        .insert(rows)
        .onConflict('date')
        .merge(increments(trx, 'stats_days', ['views', 'visitors']));
    for (const rows of chunks(counts))
      await trx('stats_counts')
        .insert(rows)
        .onConflict(['date', 'dimension', 'key'])
        .merge(increments(trx, 'stats_counts', ['views', 'visitors']));
    if (!keepsDay) return;
    const salts = batch.salts.filter((s) => s.date >= today);
    if (salts.length > 0) await trx('stats_salts').insert(salts).onConflict('date').ignore();
    for (const rows of chunks(batch.members.filter((m) => m.date >= today)))
      await trx('stats_seen').insert(rows).onConflict(['date', 'member']).ignore();
    // The past days' salts and members: nothing of a visitor outlives their day.
    await trx('stats_salts').where('date', '<', today).delete();
    await trx('stats_seen').where('date', '<', today).delete();
  });
}

/** Today's salt and members kept before a restart (one instance), or none. */
export async function readDay(db: Knex, date: string): Promise<{ salt: string | null; members: string[] }> {
  const row = (await db('stats_salts').where({ date }).first('salt')) as { salt: string } | undefined;
  if (!row) return { salt: null, members: [] };
  const members = (await db('stats_seen').where({ date }).pluck('member')) as string[];
  return { salt: row.salt, members };
}

/** The first day whose breakdowns are kept: the same day of the month, `months` earlier. */
export function retentionStart(now: Date, months: number): string {
  const [y, m, d] = businessToday(now).split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1 - months, 1));
  // The 31st of a shorter month is its last day.
  const last = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  start.setUTCDate(Math.min(d, last));
  return start.toISOString().slice(0, 10);
}

/** Deletes the breakdowns older than the retention; the daily totals stay. */
export async function purgeCounts(db: Knex, now: Date, months: number): Promise<number> {
  return db('stats_counts').where('date', '<', retentionStart(now, months)).delete();
}
