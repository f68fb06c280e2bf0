import type { Knex } from 'knex';
import { databaseName } from '#server/db/dialect';
import type { Logger } from '#server/logger';

export interface DatabaseReport {
  status: 'connected' | 'error';
  /** The SQLite file's base name or the MySQL schema name: never a path, URL or password. */
  database_name: string | null;
  user_count: number | null;
}

/** Product rules, Entities: database status, name and number of accounts. */
export async function databaseReport(db: Knex, log: Logger): Promise<DatabaseReport> {
  const name = databaseName(db) || null;
  try {
    const row = await db('users').count({ n: '*' }).first();
    return { status: 'connected', database_name: name, user_count: Number(row?.n ?? 0) };
  } catch (err) {
    // The driver's message may name the host or user: it goes to the log, not the answer.
    log.error({ err }, 'diagnostic : base de données injoignable');
    return { status: 'error', database_name: name, user_count: null };
  }
}
