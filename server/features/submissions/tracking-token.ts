import { createHash, randomBytes } from 'node:crypto';
import { paths } from '#shared/paths';

/**
 * A tracking token is 24 random bytes (192 bits) written in base64url: 32 characters that
 * fit a URL, an e-mail and a WhatsApp message without escaping. Only its SHA-256 is stored
 * (docs/product-rules.md, "Tracking link"); a plain hash is enough because the token is
 * random and long, unlike a password, so nothing can be guessed from it.
 */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export interface NewTrackingToken {
  /** Given once to the client (the link), never stored nor logged. */
  token: string;
  /** What the database keeps. */
  hash: string;
}

export function hashTrackingToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newTrackingToken(): NewTrackingToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashTrackingToken(token) };
}

/** Whether a path segment could be a token at all; anything else is a 404 without a query. */
export function isTrackingTokenShape(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/**
 * `{APP_URL}/suivi/{token}`: the page the client keeps. The one place its absolute address
 * is made: the mails, the answers of the API and the confirmation page all call this.
 */
export function trackingUrl(appUrl: string, token: string): string {
  return `${appUrl}${paths.trackingPage(token)}`;
}
