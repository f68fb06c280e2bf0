import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

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

/** `{APP_URL}/suivi/{token}`: the page the client keeps. */
export function trackingUrl(appUrl: string, token: string): string {
  return `${appUrl}/suivi/${token}`;
}

/**
 * The id of the request a token opens, or null for an unknown, revoked or malformed token.
 * The lookup is one indexed equality on the hash, so a known and an unknown token cost the
 * same query.
 */
export async function findSubmissionIdByToken(db: Knex, token: string): Promise<number | null> {
  if (!isTrackingTokenShape(token)) return null;
  const row: { id: number } | undefined = await db('project_submissions')
    .where({ tracking_token_hash: hashTrackingToken(token) })
    .first('id');
  return row ? Number(row.id) : null;
}

/**
 * Gives a request a new token and answers it; the previous one stops working at once
 * because its hash is overwritten in the same statement.
 */
export async function issueTrackingToken(db: Knex | Knex.Transaction, submissionId: number): Promise<string> {
  const { token, hash } = newTrackingToken();
  await db('project_submissions').where({ id: submissionId }).update({ tracking_token_hash: hash });
  return token;
}
