/**
 * Reading the access token's payload in the browser (never trusted for security: the
 * server verifies every token). The back office only needs iat and exp to decide when to
 * renew (product rules: tokens are renewed through /auth/refresh while in use), and the token
 * diagnostic of product rules, Roles and access reads exp, iat and sub.
 */
export interface TokenPayload {
  sub?: string;
  iat?: number;
  exp?: number;
  [claim: string]: unknown;
}

/** The payload of a JWT, or null when the text is not three base64url parts with JSON. */
export function decodeTokenPayload(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as TokenPayload)
      : null;
  } catch {
    return null;
  }
}

/**
 * Share of a token's life left under which it is renewed: half. An 8-hour token is renewed
 * after 4 hours of work, a 30-day one after 15 days; a renewed token starts a full life, so
 * renewals never loop.
 */
export const RENEW_WHEN_LEFT_SHARE = 0.5;

/**
 * Whether a token should be renewed now (`nowSeconds`: Unix seconds). Not when it is
 * unreadable or already expired (the server would refuse the refresh: the 401 path sends
 * the administrator to sign in), nor while more than half its life remains.
 */
export function shouldRenewToken(payload: TokenPayload | null, nowSeconds: number): boolean {
  if (!payload || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return false;
  const lifetime = payload.exp - payload.iat;
  const left = payload.exp - nowSeconds;
  if (lifetime <= 0 || left <= 0) return false;
  return left < lifetime * RENEW_WHEN_LEFT_SHARE;
}

/** Whether the token's exp has passed (false when it carries none). */
export function isTokenExpired(payload: TokenPayload | null, nowSeconds: number): boolean {
  return typeof payload?.exp === 'number' && payload.exp <= nowSeconds;
}
