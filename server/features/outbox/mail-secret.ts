import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { escapeHtml } from '#shared/escape-html';

/**
 * A mail's secret link (a tracking link, an invitation, a password reset), kept out of the
 * stored mail (docs/product-rules.md, "Tracking link" and "Staff accounts";
 * docs/decisions/0031-no-secret-in-stored-mail.md). The row's html and text hold
 * LINK_PLACEHOLDER where the link goes; the link itself is sealed with AES-256-GCM in the
 * row's `secret` column, under a key derived from JWT_SECRET, which production reads from
 * its environment and never from the database. A copy of the database or a backup carries
 * the sealed value only; the sender opens it at send time, then the column is emptied.
 */

/** Where the link goes in a stored mail: letters no escaping changes, so html and text read it alike. */
export const LINK_PLACEHOLDER = '{{lien-de-suivi}}';
/** What the back office's preview shows instead: the staff never need the client's link. */
export const MASKED_LINK = '[lien de suivi masqué]';
/** The same for a staff account's invitation or reset link: only its addressee may hold it. */
export const MASKED_ACCOUNT_LINK = '[lien personnel masqué]';

/**
 * The key's own label: the JWT secret signs tokens; this key, derived apart, seals links
 * only (its name predates the other links it now seals, and a sealed value must still open).
 */
const KEY_LABEL = 'edifier:outbox-tracking-link';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), KEY_LABEL, 32));
}

/**
 * `v1:` and the base64url of nonce, ciphertext and tag. The recipients are authenticated
 * with it: a sealed link copied into a mail to someone else does not open.
 */
export function sealLink(jwtSecret: string, link: string, recipients: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
  cipher.setAAD(Buffer.from(recipients, 'utf8'));
  const sealed = Buffer.concat([iv, cipher.update(link, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}:${sealed.toString('base64url')}`;
}

/** The link, or null when it cannot be opened (another secret, another recipient, a damaged value). */
export function openLink(jwtSecret: string, sealed: string, recipients: string): string | null {
  if (!sealed.startsWith(`${VERSION}:`)) return null;
  const bytes = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(recipients, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/** A rendered mail with its link replaced by the placeholder, in both parts. */
export function withoutLink(
  mail: { html: string; text: string },
  link: string,
): { html: string; text: string } {
  const html = mail.html.replaceAll(escapeHtml(link), LINK_PLACEHOLDER);
  const text = mail.text.replaceAll(link, LINK_PLACEHOLDER);
  // A link mail that does not show its link, or still holds it, is a template's mistake.
  if (!text.includes(LINK_PLACEHOLDER) || html.includes(link) || text.includes(link))
    throw new Error('Courriel avec lien secret : le lien doit figurer tel quel dans le texte');
  return { html, text };
}

/** The mail as it is sent: the placeholder replaced by the link. */
export function withLink(mail: { html: string; text: string }, link: string): { html: string; text: string } {
  return {
    html: mail.html.replaceAll(LINK_PLACEHOLDER, escapeHtml(link)),
    text: mail.text.replaceAll(LINK_PLACEHOLDER, link),
  };
}

/** The mail as the back office previews it; a staff account's mail (about a user) says so. */
export function maskedLink(html: string, aboutType: string | null = null): string {
  return html.replaceAll(LINK_PLACEHOLDER, aboutType === 'user' ? MASKED_ACCOUNT_LINK : MASKED_LINK);
}
