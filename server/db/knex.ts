import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import type { DatabaseConfig } from '#server/config';

/**
 * The Knex factory: every connection setting that differs between SQLite and MySQL/MariaDB
 * lives here, the query-level differences in ./dialect. No global instance: the process
 * entry point, the CLIs and each test open their own and close it with closeDb.
 */

type PoolDone = (error: Error | null, connection: unknown) => void;

/** The part of a better-sqlite3 `Database` the pool hook uses. */
interface SqliteConnection {
  pragma(source: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
  prepare(sql: string): unknown;
}

/** Distinct SQL texts kept prepared per connection; past it, the cache starts again. */
const MAX_PREPARED = 500;

/**
 * Knex prepares every query it sends to better-sqlite3 afresh: a page's reads (the same SQL
 * with other values bound) prepared again on every cache miss cost 0.2 ms of it (decision
 * 0023). A statement is reusable: knex binds values on each run and runs it at once (`all`
 * or `run`, never an iterator left open), and SQLite re-prepares it itself if the schema
 * changed. Knex sets no statement option (no `safeIntegers`) that one query could leave for
 * the next.
 */
function reusePreparedStatements(connection: SqliteConnection): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, unknown>();
  connection.prepare = (sql) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      if (statements.size >= MAX_PREPARED) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}

/** The part of a mysql2 (callback) connection the pool hook and the query timeout use. */
interface MysqlConnection {
  query(sql: string, callback: (error: Error | null) => void): unknown;
  destroy(): void;
}

/**
 * Bounded waits (docs/decisions/0012-shutdown-order-and-honest-faults.md): knex waits 60 s
 * for a pooled connection by default and a query on a silent network forever; a request
 * then holds its client for as long. Past these it fails, and the error handler answers 503.
 */
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 15_000;

/**
 * SQLite's built-in LOWER/UPPER only fold ASCII, so 'É' would never match 'é' in
 * dialect.whereContains while MySQL (utf8mb4) folds every letter. Overriding them with
 * JavaScript's Unicode case mapping keeps the same SQL answering the same on both engines.
 */
function unicodeCase(map: (text: string) => string) {
  return (value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    return map(typeof value === 'string' ? value : String(value));
  };
}

function sqliteConfig(file: string, acquireTimeoutMs: number): Knex.Config {
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(path.dirname(file), { recursive: true });
  return {
    client: 'better-sqlite3',
    // better-sqlite3 answers in-process, synchronously: no query can be left waiting on a
    // network, so only the wait for the pool's one connection is bounded.
    acquireConnectionTimeout: acquireTimeoutMs,
    connection: { filename: file },
    // SQLite has no DEFAULT keyword inside VALUES: knex then writes NULL for a column that
    // some rows of a multi-row insert omit (MySQL would use the column default), so such
    // inserts must give every row the same keys.
    useNullAsDefault: true,
    pool: {
      afterCreate(connection: SqliteConnection, done: PoolDone) {
        try {
          // Off by default in SQLite: without it RESTRICT/CASCADE of the schema do nothing.
          connection.pragma('foreign_keys = ON');
          // WAL lets readers proceed during a write; meaningless for an in-memory database.
          if (!inMemory) connection.pragma('journal_mode = WAL');
          // Wait for a concurrent writer (CLI while the server runs) instead of SQLITE_BUSY.
          connection.pragma('busy_timeout = 5000');
          // Safe with WAL (no corruption on power loss, at worst the last commits roll back).
          connection.pragma('synchronous = NORMAL');
          connection.function(
            'lower',
            { deterministic: true },
            unicodeCase((t) => t.toLowerCase()),
          );
          connection.function(
            'upper',
            { deterministic: true },
            unicodeCase((t) => t.toUpperCase()),
          );
          reusePreparedStatements(connection);
          done(null, connection);
        } catch (error) {
          done(error as Error, connection);
        }
      },
    },
  };
}

/** Turns `mysql://user:pass@host:port/database` into mysql2 options. */
function mysqlConnection(url: string, connectTimeoutMs: number): Knex.MySql2ConnectionConfig {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database)
    throw new Error('DATABASE_URL : le nom de la base manque (mysql://user:pass@hôte:port/base)');
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database,
    // Knex also reads this as the default charset of the tables it creates itself
    // (knex_migrations); the collation is set per session in afterCreate.
    charset: 'utf8mb4',
    // A server that accepts the TCP connection but never answers gives up with the pool.
    connectTimeout: connectTimeoutMs,
    // Dates are stored in UTC (see dialect.toDbDateTime) and must not be shifted by the
    // driver; DATE/DATETIME come back as strings, exactly as SQLite answers them.
    timezone: 'Z',
    dateStrings: true,
  };
}

function mysqlConfig(url: string, acquireTimeoutMs: number): Knex.Config {
  return {
    client: 'mysql2',
    connection: mysqlConnection(url, acquireTimeoutMs),
    acquireConnectionTimeout: acquireTimeoutMs,
    // min 0: idle connections are released, so a restarted MySQL never leaves dead ones.
    pool: {
      min: 0,
      max: 10,
      afterCreate(connection: MysqlConnection, done: PoolDone) {
        // The collation of every table (migrations/support.ts), so that string literals and
        // columns compare without "illegal mix of collations"; CURRENT_TIMESTAMP defaults
        // and NOW() in UTC, like SQLite's.
        connection.query("SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci, time_zone = '+00:00'", (error) =>
          done(error, connection),
        );
      },
    },
  };
}

interface QueryObject {
  options?: Record<string, unknown>;
}
interface MysqlClient {
  _query(connection: MysqlConnection, obj: QueryObject): Promise<unknown>;
}

/**
 * Gives every MySQL query mysql2's inactivity timeout, unless the query set its own. Knex
 * has no global query timeout, and its per-query one only stops waiting: the connection
 * would go back to the pool with the query still queued on it. A timed-out connection is
 * destroyed instead, so the pool validates it away and opens a fresh one.
 */
function boundQueries(db: Knex, queryTimeoutMs: number): void {
  const client = db.client as unknown as MysqlClient;
  const run = client._query.bind(client);
  client._query = async (connection, obj) => {
    obj.options = { timeout: queryTimeoutMs, ...obj.options };
    try {
      return await run(connection, obj);
    } catch (error) {
      if ((error as { code?: string }).code === 'PROTOCOL_SEQUENCE_TIMEOUT') connection.destroy();
      throw error;
    }
  };
}

export function createDb(database: DatabaseConfig): Knex {
  const acquire = database.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  if (database.client === 'sqlite') return knex(sqliteConfig(database.connection, acquire));
  const db = knex(mysqlConfig(database.connection, acquire));
  boundQueries(db, database.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS);
  return db;
}

/** Releases every pooled connection; the process can then exit on its own. */
export async function closeDb(db: Knex): Promise<void> {
  await db.destroy();
}
