import { decodeTokenPayload, isTokenExpired, type TokenPayload } from '#client/admin/kit/token-payload';
import type { CheckResult } from './check-result';
import { tokenMessages } from './diagnostic-messages';

/**
 * The token diagnostic of product rules, Roles and access (a panel of the API diagnostic, product rules): the
 * stored access_token's payload (exp, iat, sub) read in the browser, with five outcomes.
 * Reading is not verifying: only the server can tell a forged or revoked token, which the
 * API checks do.
 */
export type TokenOutcome = 'missing' | 'malformed' | 'unreadable' | 'expired' | 'valid';

export interface TokenDiagnosis {
  outcome: TokenOutcome;
  /** Unix seconds, when the payload carries them. */
  exp?: number;
  iat?: number;
  sub?: string;
  /** Seconds left before exp (valid tokens with an exp). */
  remainingSeconds?: number;
}

export function diagnoseToken(token: string | null | undefined, nowSeconds: number): TokenDiagnosis {
  if (!token) return { outcome: 'missing' };
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part === '')) return { outcome: 'malformed' };
  const payload = decodeTokenPayload(token);
  if (!payload) return { outcome: 'unreadable' };
  const claims = readClaims(payload);
  if (isTokenExpired(payload, nowSeconds)) return { outcome: 'expired', ...claims };
  const remainingSeconds = claims.exp === undefined ? undefined : claims.exp - nowSeconds;
  return { outcome: 'valid', ...claims, ...(remainingSeconds === undefined ? {} : { remainingSeconds }) };
}

function readClaims(payload: TokenPayload): Pick<TokenDiagnosis, 'exp' | 'iat' | 'sub'> {
  const claims: Pick<TokenDiagnosis, 'exp' | 'iat' | 'sub'> = {};
  if (typeof payload.exp === 'number') claims.exp = payload.exp;
  if (typeof payload.iat === 'number') claims.iat = payload.iat;
  if (typeof payload.sub === 'string' || typeof payload.sub === 'number') claims.sub = String(payload.sub);
  return claims;
}

/** Product rules, States: a missing token is a warning (not signed in), a bad one an error. */
export function tokenCheck(diagnosis: TokenDiagnosis): CheckResult {
  switch (diagnosis.outcome) {
    case 'missing':
      return { status: 'warning', message: tokenMessages.missing };
    case 'malformed':
      return { status: 'error', message: tokenMessages.malformed };
    case 'unreadable':
      return { status: 'error', message: tokenMessages.unreadable };
    case 'expired':
      return { status: 'error', message: tokenMessages.expired };
    case 'valid':
      return {
        status: 'success',
        message: tokenMessages.valid,
        detail:
          diagnosis.remainingSeconds === undefined
            ? 'Sans date d’expiration'
            : `Expire dans ${formatDuration(diagnosis.remainingSeconds)}`,
      };
  }
}

/** '7 h 59 min', '2 j 3 h', '45 s': the remaining time, to the two largest units. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days} j ${hours} h` : `${days} j`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}
