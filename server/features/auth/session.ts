import { authMessages } from '#shared/schemas/auth';
import { UnauthorizedError } from '#server/errors';
import type { AuthDeps } from './auth-deps';
import { isRevoked } from './revoked-tokens.repository';
import { issueToken, verifyToken, type IssuedToken, type TokenClaims } from './tokens';
import { findUserById } from './users.repository';
import { accountIsActive, toPublicUser, tokensValidAfter, type PublicUser } from './user-view';

/** A verified session: the account as it is now and the claims of the token that proved it. */
export interface AuthContext {
  user: PublicUser;
  claims: TokenClaims;
}

/**
 * The first JWT issue time (whole seconds) an account accepts. tokens_valid_after records a
 * password change or an administrator reset in whole seconds, like iat, so a token dated
 * that very second cannot be told apart from one issued just before the change: it is
 * refused, and tokens issued afterwards are dated from the next second (issueTokenFor).
 */
export function firstValidSecond(validAfter: Date | null): number {
  return validAfter ? Math.floor(validAfter.getTime() / 1000) + 1 : 0;
}

/**
 * Everything that makes a bearer token acceptable (product rules, Security): a valid HS256
 * signature and expiry (tokens.ts), a jti not revoked by logout or refresh, an account that
 * still exists and is active, and an issue time after the account's tokens_valid_after (set by a password
 * change or an administrator reset). Any failure is a 401 in French.
 */
export async function authenticate(deps: AuthDeps, token: string): Promise<AuthContext> {
  const claims = verifyToken(deps.config.jwtSecret, token);
  if (await isRevoked(deps.db, claims.jti)) throw new UnauthorizedError(authMessages.sessionRevoked);
  const row = await findUserById(deps.db, claims.userId);
  if (!row) throw new UnauthorizedError(authMessages.sessionRevoked);
  // A deactivated account's tokens stop at once (docs/product-rules.md, "Staff accounts").
  if (!accountIsActive(row)) throw new UnauthorizedError(authMessages.accountDeactivated);
  if (claims.issuedAt < firstValidSecond(tokensValidAfter(row))) {
    throw new UnauthorizedError(authMessages.sessionRevoked);
  }
  return { user: toPublicUser(row), claims };
}

/**
 * Issues a token dated now, or `minIssuedAt` when that is later: a token issued in the
 * second of a password change must not be refused as if it predated it (an iat up to a
 * couple of seconds ahead is harmless: only exp and nbf are checked against the clock).
 */
export function issueTokenFor(
  deps: AuthDeps,
  input: { userId: number; remember: boolean; minIssuedAt: number },
  now: Date,
): IssuedToken {
  return issueToken(deps.config.jwtSecret, {
    userId: input.userId,
    remember: input.remember,
    issuedAt: Math.max(Math.floor(now.getTime() / 1000), input.minIssuedAt),
  });
}

/** The answer of login and refresh (and of a password change): one shape everywhere. */
export interface SessionAnswer {
  user: PublicUser;
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export function sessionAnswer(user: PublicUser, issued: IssuedToken): SessionAnswer {
  return { user, access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn };
}
