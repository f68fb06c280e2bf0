import type { Knex } from 'knex';
import { authMessages } from '#shared/schemas/auth';
import type { Config } from '#server/config';
import { TooManyRequestsError } from '#server/errors';
import {
  deleteAttempt,
  failuresBefore,
  insertPendingFailure,
  purgeAttempts,
  recordSuccess,
} from './login-attempts.repository';

/**
 * The login lockout (product rules, Security): after `loginMaxAttempts` failures for one
 * address within `loginLockoutMinutes`, further attempts are refused with 429 until the
 * oldest of those failures leaves the window, even with the right password, and the same
 * way for an address no account has (answers never reveal whether an e-mail exists).
 *
 * Each attempt is written as a failure *before* the password is checked, then counted
 * against the failures recorded before it: a burst of parallel guesses is held to the limit
 * instead of all passing a count read before any of them was written. Refused attempts are
 * removed, so hammering a locked account does not extend its lock beyond the window.
 */

/** How long attempts stay for an operator to read (never less than the lockout window). */
const RETENTION_MS = 24 * 60 * 60 * 1000;

export type ThrottleLimits = Config['limits'];

export interface LoginThrottle {
  /** Records the attempt, or throws 429 with Retry-After when the address is locked. */
  begin(email: string, ip: string): Promise<number>;
  /** Keeps the attempt as a success and forgets the address's failures. */
  succeed(attemptId: number, email: string): Promise<void>;
}

export function loginThrottle(db: Knex, limits: ThrottleLimits, now: () => Date): LoginThrottle {
  const windowMs = limits.loginLockoutMinutes * 60_000;
  return {
    async begin(email, ip) {
      const at = now();
      await purgeAttempts(db, new Date(at.getTime() - Math.max(RETENTION_MS, windowMs)));
      const id = await insertPendingFailure(db, email, ip, at);
      const failures = await failuresBefore(
        db,
        email,
        id,
        new Date(at.getTime() - windowMs),
        limits.loginMaxAttempts,
      );
      const oldestCounted = failures[limits.loginMaxAttempts - 1];
      if (oldestCounted === undefined) return id;
      await deleteAttempt(db, id);
      const unlockMs = oldestCounted.getTime() + windowMs - at.getTime();
      throw new TooManyRequestsError(authMessages.tooManyAttempts, Math.max(1, Math.ceil(unlockMs / 1000)));
    },
    async succeed(attemptId, email) {
      await recordSuccess(db, attemptId, email);
    },
  };
}
