/** The outbox's row as both drivers answer it, and the states a mail goes through. */

export { OUTBOX_STATUSES, type OutboxStatus } from '#shared/schemas/outbox';

/** What a feature asks to send; `enqueueMail` turns it into a row. */
export interface OutgoingMail {
  to: readonly string[];
  /** Where an answer goes: the visitor, for the staff's copy. */
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** The record the mail is about, shown in the back office. */
  about?: { type: 'submission' | 'contact_message' | 'user'; id: number } | null;
  /**
   * A secret link the mail shows (tracking, invitation, reset; in html and text as rendered): stored sealed under a
   * key derived from `jwtSecret`, never in clear (mail-secret.ts).
   */
  secretLink?: { url: string; jwtSecret: string } | null;
  /**
   * Inline images, named in the html as `cid:{cid}`: a stored file's key, read at send time
   * (outbox_attachments, migration 028). One gone by then is left out, with its <img>.
   */
  inlineImages?: readonly InlineImage[];
}

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  storageKey: string;
}

export interface OutboxRow {
  id: number | string;
  recipients: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  status: string;
  attempts: number | string;
  next_attempt_at: string | Date;
  last_error: string | null;
  claimed_until: string | Date | null;
  sent_at: string | Date | null;
  about_type: string | null;
  about_id: number | string | null;
  /** The sealed tracking link of a mail not sent yet (mail-secret.ts); null otherwise. */
  secret: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}
