import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The receipt a form post without JavaScript carries back to the page: `{id}.{expiry}.{mac}`
 * in the redirect's query, so the confirmation can show what was sent without a session
 * and without letting anyone read a request by guessing its number. Signed with the
 * server's secret under a purpose of its own (a token of another kind never passes), and
 * short-lived: the page is one visitor's moment, not a link to keep (the private tracking
 * link is that).
 */
export const RECEIPT_LIFETIME_SECONDS = 2 * 60 * 60;
const PURPOSE = 'edifier:submission-receipt';

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${payload}`).digest('base64url').slice(0, 32);
}

export function signReceipt(secret: string, id: number, now: Date = new Date()): string {
  const expiry = Math.floor(now.getTime() / 1000) + RECEIPT_LIFETIME_SECONDS;
  const payload = `${id}.${expiry}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The submission id a receipt names, or null when it is malformed, forged or expired. */
export function readReceipt(secret: string, receipt: string, now: Date = new Date()): number | null {
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(receipt);
  if (!match) return null;
  const [, id = '', expiry = '', given = ''] = match;
  const expected = Buffer.from(mac(secret, `${id}.${expiry}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  if (Number(expiry) * 1000 < now.getTime()) return null;
  return Number(id);
}
