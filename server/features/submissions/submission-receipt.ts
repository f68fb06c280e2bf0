import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The receipt a form post without JavaScript carries back to the page:
 * `{id}.{expiry}.{sealed link}.{mac}` in the redirect's query, so the confirmation can show
 * what was sent without a session and without letting anyone read a request by guessing
 * its number. Signed with the server's secret under a purpose of its own (a token of
 * another kind never passes), and short-lived: the page is one visitor's moment, not a
 * link to keep (the private tracking link is that).
 *
 * The tracking link's token travels inside it encrypted (AES-256-GCM under a key derived
 * from the secret): the database holds only the token's hash, so the page could not show
 * the link otherwise, and issuing a new one there would break the link already in the
 * client's confirmation e-mail. The address bar, the access log and the browser's history
 * then hold only ciphertext, readable by this server for two hours
 * (docs/decisions/0020-tracking-links-and-status-history.md).
 */
export const RECEIPT_LIFETIME_SECONDS = 2 * 60 * 60;
const PURPOSE = 'edifier:submission-receipt';
const SEAL_PURPOSE = 'edifier:submission-receipt-seal';
/** 12-byte IV, the 24-byte token, the 16-byte tag: 52 bytes, 70 characters of base64url. */
const SEALED_LENGTH = 70;
const RECEIPT_SHAPE = new RegExp(
  `^(\\d{1,12})\\.(\\d{1,12})(?:\\.([A-Za-z0-9_-]{${SEALED_LENGTH}}))?\\.([A-Za-z0-9_-]{32})$`,
);

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${payload}`).digest('base64url').slice(0, 32);
}

function sealKey(secret: string): Buffer {
  return createHmac('sha256', secret).update(SEAL_PURPOSE).digest();
}

function seal(secret: string, token: string, bound: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  cipher.setAAD(Buffer.from(bound));
  const body = Buffer.concat([cipher.update(Buffer.from(token, 'base64url')), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

function unseal(secret: string, sealed: string, bound: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(bound));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const token = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
    return token.toString('base64url');
  } catch {
    return null;
  }
}

export function signReceipt(
  secret: string,
  id: number,
  now: Date = new Date(),
  trackingToken: string | null = null,
): string {
  const expiry = Math.floor(now.getTime() / 1000) + RECEIPT_LIFETIME_SECONDS;
  const base = `${id}.${expiry}`;
  const payload = trackingToken ? `${base}.${seal(secret, trackingToken, base)}` : base;
  return `${payload}.${mac(secret, payload)}`;
}

export interface OpenedReceipt {
  id: number;
  /** The tracking link's token the receipt carried, or null. */
  trackingToken: string | null;
}

/** What a receipt names, or null when it is malformed, forged or expired. */
export function openReceipt(secret: string, receipt: string, now: Date = new Date()): OpenedReceipt | null {
  const match = RECEIPT_SHAPE.exec(receipt);
  if (!match) return null;
  const [, id = '', expiry = '', sealed, given = ''] = match;
  const base = `${id}.${expiry}`;
  const payload = sealed ? `${base}.${sealed}` : base;
  const expected = Buffer.from(mac(secret, payload));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  if (Number(expiry) * 1000 < now.getTime()) return null;
  return { id: Number(id), trackingToken: sealed ? unseal(secret, sealed, base) : null };
}

/** The submission id a receipt names, or null when it is malformed, forged or expired. */
export function readReceipt(secret: string, receipt: string, now: Date = new Date()): number | null {
  return openReceipt(secret, receipt, now)?.id ?? null;
}
