import { isDatabaseOutage } from '#server/db/database-outage';
import { ServiceUnavailableError } from '#server/errors';

/**
 * Tells an outage from a bug (docs/decisions/0012-shutdown-order-and-honest-faults.md): an
 * error of the database's connection or of the disk means "come back later" (503), any
 * other error stays a programmer error (500, logged with its stack). Which database errors
 * are outages: server/db/database-outage.ts.
 */

interface CodedError {
  code?: unknown;
  syscall?: unknown;
}

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

export function unavailableCause(error: unknown): ServiceUnavailableError['failing'] | null {
  if (!error || typeof error !== 'object') return null;
  if (error instanceof ServiceUnavailableError) return error.failing;
  if (isDatabaseOutage(error)) return 'database';
  const { code, syscall } = error as CodedError;
  if (typeof code === 'string' && typeof syscall === 'string' && STORAGE_UNAVAILABLE.has(code))
    return 'storage';
  return null;
}

/** The 503 to answer for an outage, or null for any other error. */
export function asUnavailable(error: unknown): ServiceUnavailableError | null {
  if (error instanceof ServiceUnavailableError) return error;
  const cause = unavailableCause(error);
  return cause ? new ServiceUnavailableError(cause) : null;
}
