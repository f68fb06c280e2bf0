import type { OutboxMail } from '#shared/schemas/outbox';
import { DetailDialog, DetailItem as Item } from '#client/admin/kit';

/**
 * A mail as its recipient reads it, in the kit's modal dialog: opened in view whatever the
 * row it came from, the focus inside, given back to 'Aperçu' on close. The HTML runs in a
 * sandboxed frame without scripts, forms or same-origin access (`sandbox=""`): a visitor's
 * text is escaped when the mail is written, and the frame is a second wall should anything
 * slip through.
 */
export function MailPreview({ mail, onClose }: { mail: OutboxMail; onClose: () => void }) {
  return (
    <DetailDialog
      title={`Aperçu : ${mail.subject}`}
      className="outbox-preview"
      onClose={onClose}
      facts={mail.state_label}
    >
      <dl className="detail-list outbox-facts">
        <Item term="Destinataires">{mail.recipients.join(', ')}</Item>
        {mail.reply_to && <Item term="Répondre à">{mail.reply_to}</Item>}
      </dl>
      <iframe
        className="outbox-frame"
        title={`Aperçu du courriel ${mail.subject}`}
        sandbox=""
        srcDoc={mail.html}
      />
    </DetailDialog>
  );
}
