import type { Knex } from 'knex';
import { isUniqueViolation, toDbDateTime } from '#server/db/dialect';
import type { TokenClaims } from './tokens';

/**
 * Revoked token ids (logout, refresh, password change). A row is only useful until the
 * token's own expiry, after which the signature check refuses the token anyway: expired
 * rows are purged whenever a token is revoked, which keeps the table small without a timer.
 */
export async function revokeToken(db: Knex, claims: TokenClaims, now: Date): Promise<void> {
  await db('revoked_tokens').where('expires_at', '<', toDbDateTime(now)).delete();
  try {
    await db('revoked_tokens').insert({
      jti: claims.jti,
      user_id: claims.userId,
      expires_at: toDbDateTime(new Date(claims.expiresAt * 1000)),
    });
  } catch (error) {
    // Two concurrent logouts with the same token: it is revoked either way.
    if (!isUniqueViolation(error)) throw error;
  }
}

export async function isRevoked(db: Knex, jti: string): Promise<boolean> {
  return (await db('revoked_tokens').where({ jti }).first('jti')) !== undefined;
}
