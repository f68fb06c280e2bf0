import { ServiceUnavailableError } from '#server/errors';

/**
 * Tells an outage from a bug (docs/decisions/0012-shutdown-order-and-honest-faults.md): an
 * error of the database's connection or of the disk means "come back later" (503), any
 * other error stays a programmer error (500, logged with its stack).
 */

interface CodedError {
  name?: string;
  code?: unknown;
  fatal?: unknown;
  syscall?: unknown;
}

/** MySQL/MariaDB answers that say the server cannot serve now, not that the query is wrong. */
const MYSQL_UNAVAILABLE = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_QUERY_INTERRUPTED',
  'ER_OPTION_PREVENTS_STATEMENT',
  'ER_ACCESS_DENIED_ERROR',
  'ER_DISK_FULL',
  'ER_OUT_OF_RESOURCES',
]);

/** SQLite codes that are about the file or the lock, not about the statement. */
const SQLITE_UNAVAILABLE =
  /^SQLITE_(?:BUSY|LOCKED|IOERR|CANTOPEN|READONLY|CORRUPT|NOTADB|FULL|PROTOCOL|NOMEM|PERM|AUTH)/;

/** Errors of the filesystem (fs calls carry `syscall`) that make storage unusable. */
const STORAGE_UNAVAILABLE = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'ENOTDIR',
  'EMFILE',
  'ENFILE',
]);

export function unavailableCause(error: unknown): 'database' | 'storage' | null {
  if (!error || typeof error !== 'object') return null;
  if (error instanceof ServiceUnavailableError) return error.failing;
  const { name, code, fatal, syscall } = error as CodedError;
  // Knex: no pooled connection within DB_ACQUIRE_TIMEOUT_MS, or a per-query timeout.
  if (name === 'KnexTimeoutError') return 'database';
  if (typeof code !== 'string') return null;
  // mysql2 marks every error that cost the connection (network, handshake) as fatal.
  if (fatal === true || MYSQL_UNAVAILABLE.has(code) || SQLITE_UNAVAILABLE.test(code)) return 'database';
  if (typeof syscall === 'string' && STORAGE_UNAVAILABLE.has(code)) return 'storage';
  return null;
}

/** The 503 to answer for an outage, or null for any other error. */
export function asUnavailable(error: unknown): ServiceUnavailableError | null {
  if (error instanceof ServiceUnavailableError) return error;
  const cause = unavailableCause(error);
  return cause ? new ServiceUnavailableError(cause) : null;
}
