import type { OutboxMail } from '#shared/schemas/outbox';

/**
 * A mail as its recipient reads it. The HTML runs in a sandboxed frame without scripts,
 * forms or same-origin access (`sandbox=""`): a visitor's text is escaped when the mail
 * is written, and the frame is a second wall should anything slip through.
 */
export function MailPreview({ mail, onClose }: { mail: OutboxMail; onClose: () => void }) {
  return (
    <section className="admin-panel outbox-preview" aria-labelledby="outbox-preview-title">
      <div className="outbox-preview-head">
        <h2 id="outbox-preview-title">Aperçu : {mail.subject}</h2>
        <button type="button" className="btn btn-outline btn-small" onClick={onClose}>
          Fermer l'aperçu
        </button>
      </div>
      <dl className="outbox-facts">
        <dt>Destinataires</dt>
        <dd>{mail.recipients.join(', ')}</dd>
        {mail.reply_to && (
          <>
            <dt>Répondre à</dt>
            <dd>{mail.reply_to}</dd>
          </>
        )}
      </dl>
      <iframe
        className="outbox-frame"
        title={`Aperçu du courriel ${mail.subject}`}
        sandbox=""
        srcDoc={mail.html}
      />
    </section>
  );
}
