import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { authMessages } from '#shared/schemas/auth';
import { UnauthorizedError } from '#server/errors';

/**
 * Access tokens (product rules, Security): HS256 JWTs carrying sub (user id), jti (random, the
 * revocation key), iat, exp and `remember`, so that /auth/refresh and a password change
 * renew a session within its own lifetime class.
 */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
export const REMEMBERED_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** Pinned on both sides: a token announcing another algorithm (or "none") is refused. */
const ALGORITHM = 'HS256';

const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,15}$/),
  jti: z.string().min(16).max(64),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
  remember: z.boolean(),
});

export interface TokenClaims {
  userId: number;
  jti: string;
  /** Seconds since the epoch, as in the JWT. */
  issuedAt: number;
  expiresAt: number;
  remember: boolean;
}

export interface IssuedToken {
  token: string;
  /** Seconds from issuance to expiry, as answered in `expires_in`. */
  expiresIn: number;
  claims: TokenClaims;
}

export function lifetimeSeconds(remember: boolean): number {
  return remember ? REMEMBERED_TOKEN_LIFETIME_SECONDS : TOKEN_LIFETIME_SECONDS;
}

/**
 * Signs a token for `userId`, dated `issuedAt` (seconds): session.ts chooses it so that the
 * token falls after the account's tokens_valid_after.
 */
export function issueToken(
  secret: string,
  input: { userId: number; remember: boolean; issuedAt: number },
): IssuedToken {
  const expiresIn = lifetimeSeconds(input.remember);
  const claims: TokenClaims = {
    userId: input.userId,
    jti: randomBytes(24).toString('base64url'),
    issuedAt: input.issuedAt,
    expiresAt: input.issuedAt + expiresIn,
    remember: input.remember,
  };
  const token = jwt.sign(
    {
      sub: String(claims.userId),
      jti: claims.jti,
      iat: claims.issuedAt,
      exp: claims.expiresAt,
      remember: claims.remember,
    },
    secret,
    { algorithm: ALGORITHM },
  );
  return { token, expiresIn, claims };
}

/**
 * Checks signature, algorithm, expiry and claim shapes; answers the claims or throws a
 * 401 with the French message that fits (expired, or invalid for everything else).
 * Revocation and the account are checked by session.ts, which needs the database.
 */
export function verifyToken(secret: string, token: string): TokenClaims {
  let payload: unknown;
  try {
    payload = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw new UnauthorizedError(authMessages.tokenExpired);
    throw new UnauthorizedError(authMessages.tokenInvalid);
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw new UnauthorizedError(authMessages.tokenInvalid);
  const { sub, jti, iat, exp, remember } = claims.data;
  return { userId: Number(sub), jti, issuedAt: iat, expiresAt: exp, remember };
}
