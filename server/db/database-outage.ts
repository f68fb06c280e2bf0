/**
 * Whether a database error means "the database cannot serve now" (503, come back later)
 * rather than "this statement is wrong" (500, a bug): docs/decisions/0012-shutdown-order-
 * and-honest-faults.md.
 *
 * MySQL and MariaDB errors are judged by their number (`errno`) and SQL state, which both
 * servers send, never by mysql2's `code` alone: mysql2 names a number after MySQL's list,
 * so a MariaDB-only number gets no name or an unrelated one (MariaDB's 4151, "this account
 * is locked", arrives as `ER_BULK_PARSER_INCOMPLETE_ESCAPE_SEQUENCE`). Numbers and states
 * from the MariaDB and MySQL error references.
 */

interface DriverError {
  name?: unknown;
  code?: unknown;
  errno?: unknown;
  sqlState?: unknown;
  fatal?: unknown;
}

/**
 * Server errors of SQL state HY000 (or a class of its own) that say the server cannot
 * serve now: it is stopping, full, busy, read-only, or this account may not log in.
 */
const SERVER_UNAVAILABLE = new Map<number, string>([
  [1021, 'ER_DISK_FULL'],
  [1040, 'ER_CON_COUNT_ERROR'],
  [1041, 'ER_OUT_OF_RESOURCES'],
  [1053, 'ER_SERVER_SHUTDOWN'],
  [1205, 'ER_LOCK_WAIT_TIMEOUT'],
  [1290, 'ER_OPTION_PREVENTS_STATEMENT (read-only server)'],
  [1317, 'ER_QUERY_INTERRUPTED'],
  [1927, 'ER_CONNECTION_KILLED (MariaDB)'],
  [3032, 'ER_SERVER_OFFLINE_MODE (MySQL)'],
  [3169, 'ER_SESSION_WAS_KILLED (MySQL)'],
  [4151, 'ER_ACCOUNT_HAS_BEEN_LOCKED (MariaDB)'],
]);

/** mysql2's own errors, raised by the client before or without an answer of the server. */
const CLIENT_UNAVAILABLE = new Set(['PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT']);

/** SQLite codes that are about the file or the lock, not about the statement. */
const SQLITE_UNAVAILABLE =
  /^SQLITE_(?:BUSY|LOCKED|IOERR|CANTOPEN|READONLY|CORRUPT|NOTADB|FULL|PROTOCOL|NOMEM|PERM|AUTH)/;

/** The class of a MySQL/MariaDB error that means an outage, or null. */
export function mysqlOutageClass(error: unknown): 'connection' | 'access' | 'server' | null {
  if (!error || typeof error !== 'object') return null;
  const { code, errno, sqlState, fatal } = error as DriverError;
  // SQL state class 08: connection exception (refused, lost, too many connections…).
  if (typeof sqlState === 'string' && sqlState.startsWith('08')) return 'connection';
  // 28000: invalid authorization (the account's password changed or was revoked).
  if (sqlState === '28000') return 'access';
  if (typeof errno === 'number' && SERVER_UNAVAILABLE.has(errno)) return 'server';
  // mysql2 marks every error that cost the connection (network, handshake) as fatal.
  if (fatal === true) return 'connection';
  if (typeof code === 'string' && CLIENT_UNAVAILABLE.has(code)) return 'connection';
  return null;
}

/** Whether an error of Knex or of a driver means the database cannot serve now. */
export function isDatabaseOutage(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code } = error as DriverError;
  // Knex: no pooled connection within DB_ACQUIRE_TIMEOUT_MS, or a per-query timeout.
  if (name === 'KnexTimeoutError') return true;
  if (typeof code === 'string' && SQLITE_UNAVAILABLE.test(code)) return true;
  return mysqlOutageClass(error) !== null;
}
