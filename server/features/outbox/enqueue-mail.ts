import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';
import { sealLink, withoutLink } from './mail-secret';
import type { OutgoingMail } from './outbox-types';

/**
 * Writes a mail into the outbox, in the caller's transaction: it exists if and only if what
 * it is about commits (docs/decisions/0018-outbox-and-mail.md). One insert, no network: the
 * visitor's request never waits for an SMTP server; the sender (outbox-sender.ts) delivers
 * it in the background.
 */
export async function enqueueMail(
  trx: Knex | Knex.Transaction,
  mail: OutgoingMail,
  now = new Date(),
): Promise<number> {
  if (mail.to.length === 0) throw new Error('enqueueMail : aucun destinataire');
  const stamp = toDbDateTime(now);
  const recipients = mail.to.join(', ');
  // A tracking link is stored sealed, the mail with a placeholder in its place
  // (docs/decisions/0031-no-secret-in-stored-mail.md).
  const link = mail.secretLink;
  const body = link ? withoutLink(mail, link.url) : { html: mail.html, text: mail.text };
  const [inserted] = await trx('outbox').insert({
    recipients,
    reply_to: mail.replyTo ?? null,
    // The column holds 255 characters; a visitor's long title must not refuse their request.
    subject: mail.subject.length > 255 ? `${mail.subject.slice(0, 254)}…` : mail.subject,
    html: body.html,
    text: body.text,
    secret: link ? sealLink(link.jwtSecret, link.url, recipients) : null,
    status: 'pending',
    attempts: 0,
    next_attempt_at: stamp,
    last_error: null,
    claimed_until: null,
    sent_at: null,
    about_type: mail.about?.type ?? null,
    about_id: mail.about?.id ?? null,
    created_at: stamp,
    updated_at: stamp,
  });
  const outboxId = Number(inserted);
  if (mail.inlineImages?.length)
    await trx('outbox_attachments').insert(
      mail.inlineImages.map((image) => ({
        outbox_id: outboxId,
        cid: image.cid,
        filename: image.filename,
        content_type: image.contentType,
        storage_key: image.storageKey,
      })),
    );
  return outboxId;
}
