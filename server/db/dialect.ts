import path from 'node:path';
import type { Knex } from 'knex';
import type { z } from 'zod';

/**
 * Every difference between SQLite (better-sqlite3) and MySQL/MariaDB (mysql2) that a
 * repository could trip over, in one place, so that both engines answer the same:
 *
 * - DATETIME: written as 'YYYY-MM-DD HH:MM:SS' UTC strings. SQLite has no date type and
 *   would store a JS Date as epoch milliseconds (knex's binding); mysql2 would shift it by
 *   the connection time zone. Reading accepts all three shapes.
 * - DATE: 'YYYY-MM-DD' strings on both sides (mysql2 runs with dateStrings).
 * - BOOLEAN: SQLite and MySQL's TINYINT(1) both answer 0/1.
 * - DECIMAL and SUM(): mysql2 answers strings ('12.50'), SQLite numbers.
 * - JSON-shaped TEXT columns: parsed here only, never trusted (a bad value gives the fallback).
 * - Constraint errors: different codes per driver.
 * - Case-insensitive search: LOWER() is made Unicode-aware on SQLite by server/db/knex.ts;
 *   MySQL's utf8mb4_unicode_ci also ignores accents ('ecole' finds 'École'), SQLite does not.
 * - Text uniqueness: MySQL compares with the column collation (case- and accent-insensitive),
 *   SQLite byte by byte: normalise values (e.g. lower-case e-mails) before writing them.
 * - Lengths: MySQL refuses a VARCHAR overflow, SQLite stores it: validate lengths first.
 */

export type Engine = 'sqlite' | 'mysql';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function utcDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A Date as a DATETIME value: 'YYYY-MM-DD HH:MM:SS' in UTC (milliseconds dropped). */
export function toDbDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('toDbDateTime : date invalide');
  return `${utcDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a DATETIME as either driver may answer it: a 'YYYY-MM-DD HH:MM:SS' string (taken as
 * UTC unless it carries an offset), an ISO string, epoch milliseconds, or a Date.
 * Null, an empty or unparsable value, or an impossible date (MySQL's zero date) give null.
 */
export function fromDbDateTime(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', offset] = match;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  // Date.UTC rolls 2024-02-30 over to March: refuse instead of inventing a day.
  if (utcDate(new Date(utc)) !== `${y}-${mo}-${d}`) return null;
  const date = new Date(utc);
  if (!offset || offset === 'Z') return date;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return new Date(utc - sign * minutes * 60_000);
}

/**
 * A calendar date as a DATE value 'YYYY-MM-DD'. A Date gives its UTC day; a string must
 * already be a real 'YYYY-MM-DD' day (as forms send it). Anything else is a programming
 * error and throws RangeError.
 */
export function toDbDate(value: Date | string): string {
  if (typeof value === 'string') {
    const day = fromDbDate(value);
    if (day === null || day !== value.trim()) throw new RangeError(`toDbDate : date invalide « ${value} »`);
    return day;
  }
  if (Number.isNaN(value.getTime())) throw new RangeError('toDbDate : date invalide');
  return utcDate(value);
}

/**
 * Reads a DATE as 'YYYY-MM-DD' (calendar dates stay strings: no time zone can shift them).
 * Accepts a DATE or DATETIME string, epoch milliseconds or a Date (their UTC day).
 */
export function fromDbDate(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return fromDbDateTime(trimmed) === null ? null : trimmed.slice(0, 10);
  }
  const date = fromDbDateTime(value);
  return date === null ? null : utcDate(date);
}

/** A BOOLEAN column: 0/1 from both engines, '0'/'1' from raw MySQL results, or a boolean. */
export function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'string') return value === '1' || value.toLowerCase() === 'true';
  return false;
}

/**
 * A numeric value as a number: mysql2 answers DECIMAL and SUM() as strings, COUNT() may be
 * a bigint. Null stays null; a value that is not a finite number throws TypeError (a wrong
 * column, not user input).
 */
export function toNumber(value: string | number | bigint): number;
export function toNumber(value: string | number | bigint | null | undefined): number | null;
export function toNumber(value: string | number | bigint | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number =
    typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : Number(value);
  if (!Number.isFinite(number)) throw new TypeError(`toNumber : valeur non numérique « ${String(value)} »`);
  return number;
}

/** A value for a JSON-shaped TEXT column; null and undefined give SQL NULL. */
export function encodeJson(value: null | undefined): null;
export function encodeJson(value: NonNullable<unknown>): string;
export function encodeJson(value: unknown): string | null;
export function encodeJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(value);
}

/**
 * Reads a JSON-shaped TEXT column. Never throws: NULL, empty or malformed text, or a value
 * that the optional schema refuses, give `fallback`. An already parsed value (a native
 * JSON column on MySQL) is accepted too.
 */
export function decodeJson<T>(value: unknown, fallback: T, schema?: z.ZodType<T>): T {
  if (value === null || value === undefined) return fallback;
  let parsed: unknown = value;
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    const text = value.toString();
    if (text.trim() === '') return fallback;
    try {
      parsed = JSON.parse(text);
    } catch {
      return fallback;
    }
  }
  if (!schema) return parsed as T;
  const checked = schema.safeParse(parsed);
  return checked.success ? checked.data : fallback;
}

const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'ER_DUP_ENTRY']);
const FOREIGN_KEY_CODES = new Set([
  'SQLITE_CONSTRAINT_FOREIGNKEY',
  'ER_ROW_IS_REFERENCED_2',
  'ER_NO_REFERENCED_ROW_2',
  'ER_ROW_IS_REFERENCED',
  'ER_NO_REFERENCED_ROW',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** A write refused by a UNIQUE or PRIMARY KEY constraint (both drivers). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && UNIQUE_CODES.has(code);
}

/**
 * A write refused by a foreign key: deleting a row still referenced under RESTRICT, or
 * pointing at a row that does not exist (both drivers).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = errorCode(error);
  if (code !== undefined && FOREIGN_KEY_CODES.has(code)) return true;
  // SQLite enforces ON DELETE RESTRICT like a trigger: the code is then
  // SQLITE_CONSTRAINT_TRIGGER, shared with RAISE() in real triggers, so the message decides.
  return (
    code === 'SQLITE_CONSTRAINT_TRIGGER' &&
    error instanceof Error &&
    error.message.includes('FOREIGN KEY constraint failed')
  );
}

/** The escape character of every LIKE pattern built here (MySQL's default, explicit for SQLite). */
const LIKE_ESCAPE = '\\';

/** Makes `%`, `_` and the escape character match themselves inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => LIKE_ESCAPE + char);
}

/**
 * Keeps the rows where at least one of `columns` contains `text`, ignoring case.
 * Blank text adds no condition. The ESCAPE character is a bound parameter because a
 * backslash literal is written '\' in SQLite and '\\' in MySQL.
 */
export function whereContains<QB extends Knex.QueryBuilder>(
  qb: QB,
  columns: readonly string[],
  text: string,
): QB {
  if (columns.length === 0) throw new Error('whereContains : aucune colonne');
  const needle = text.trim();
  if (needle === '') return qb;
  const pattern = `%${escapeLike(needle)}%`;
  return qb.where((inner) => {
    for (const column of columns) {
      inner.orWhereRaw('LOWER(??) LIKE LOWER(?) ESCAPE ?', [column, pattern, LIKE_ESCAPE]);
    }
  }) as QB;
}

/** The engine behind a Knex instance made by server/db/knex.ts. */
export function engineOf(knex: Knex): Engine {
  const client: unknown = knex.client.config.client;
  if (client === 'better-sqlite3' || client === 'sqlite3') return 'sqlite';
  if (client === 'mysql2' || client === 'mysql') return 'mysql';
  throw new Error(`Moteur de base de données non pris en charge : ${String(client)}`);
}

/** Resolves when the database answers a trivial query; rejects with the driver's error. */
export async function ping(knex: Knex): Promise<void> {
  await knex.raw('select 1');
}

/** The table readiness writes into and never keeps a row of (migrations/019-readiness-probe.ts). */
export const READINESS_PROBE_TABLE = 'readiness_probe';

/**
 * Longest wait of readiness for the database: well under the 5 s a load balancer or the
 * image's HEALTHCHECK gives `/api/ready`, so it answers 503 itself instead of timing out.
 */
export const READINESS_DB_TIMEOUT_MS = 2_000;

const ROLLED_BACK = Symbol('rolled back');

/**
 * Readiness of the database: rejects unless it can serve the site's writes within
 * `timeoutMs`. SQLite: a row inserted into the probe table inside a transaction that is
 * rolled back, because a read-only or immutable file still answers `select 1` while every
 * write fails (`attempt to write a readonly database`). MySQL: `select 1` (a server that
 * answers takes writes unless an operator made it read-only on purpose). A query past the
 * timeout keeps its connection until the driver's own timeout ends it (server/db/knex.ts):
 * only the wait is cut, no connection goes back to the pool with a query still on it.
 */
export async function probeDatabase(knex: Knex, timeoutMs = READINESS_DB_TIMEOUT_MS): Promise<void> {
  const probe =
    engineOf(knex) === 'sqlite'
      ? knex
          .transaction(async (trx) => {
            await trx(READINESS_PROBE_TABLE).insert({ checked_by: 'ready' });
            throw ROLLED_BACK;
          })
          .catch((error: unknown) => {
            if (error !== ROLLED_BACK) throw error;
          })
      : ping(knex);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`la base de données n’a pas répondu en ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the diagnostic calls the database: the file name for SQLite (never its absolute
 * path), the schema name for MySQL.
 */
export function databaseName(knex: Knex): string {
  const connection = knex.client.config.connection as { filename?: string; database?: string };
  if (engineOf(knex) === 'sqlite') {
    const file = connection.filename ?? '';
    return file === ':memory:' ? file : path.basename(file);
  }
  return connection.database ?? '';
}
