import { createHash, randomBytes } from 'node:crypto';

/**
 * The token of a link sent by e-mail that opens something once or for a while: a tracking
 * page, an invitation, a password reset. 24 random bytes (192 bits) written in base64url:
 * 32 characters that fit a URL, an e-mail and a WhatsApp message without escaping. Only
 * its SHA-256 is stored; a plain hash is enough because the token is random and long,
 * unlike a password, so nothing can be guessed from it
 * (docs/decisions/0035-staff-accounts-and-one-use-links.md).
 */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export interface NewLinkToken {
  /** Given once to its holder (the link), never stored nor logged. */
  token: string;
  /** What the database keeps. */
  hash: string;
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newLinkToken(): NewLinkToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** Whether a value could be a token at all; anything else is refused without a query. */
export function isLinkTokenShape(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}
