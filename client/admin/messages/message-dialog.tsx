import type { AssignableUser } from '#shared/assignment';
import { AssigneeSelect, DetailDialog, DetailItem as Item } from '#client/admin/kit';
import type { ContactMessage } from '#shared/contact-message-rules';
import { formatDateTime } from '#shared/format';
import { replyMailto, replyTel, replyWhatsapp } from './message-contact';

/**
 * One message in full (docs/product-rules.md, "Messages inbox"): who wrote, how to answer
 * (e-mail, phone, WhatsApp), the message, and archive or delete. A native modal <dialog>:
 * Escape closes, the focus returns to the opener.
 */
export function MessageDialog({
  message,
  busy,
  users,
  onAssigned,
  onClose,
  onArchive,
  onDelete,
}: {
  message: ContactMessage;
  busy: boolean;
  /** Who may be assigned (docs/product-rules.md, "Assignment"); null while loading. */
  users: readonly AssignableUser[] | null;
  onAssigned: (message: ContactMessage) => void;
  onClose: () => void;
  onArchive: (message: ContactMessage, archived: boolean) => void;
  onDelete: (message: ContactMessage) => void;
}) {
  const mailto = replyMailto(message);
  const tel = replyTel(message);
  const whatsapp = replyWhatsapp(message);
  const archived = message.status === 'archived';
  return (
    <DetailDialog
      title={`Message de ${message.name}`}
      className="message-dialog"
      onClose={onClose}
      facts={
        <>
          {message.reference} · reçu le {formatDateTime(message.created_at)} ·{' '}
          <span className={`badge message-status-${message.status}`}>{message.status_label}</span>
        </>
      }
    >
      <dl className="detail-list">
        <Item term="Sujet">{message.subject_label}</Item>
        <Item term="E-mail">{message.email ?? 'Non renseigné'}</Item>
        <Item term="Téléphone">{message.phone ?? 'Non renseigné'}</Item>
      </dl>
      <h3>Message</h3>
      <p className="message-text">{message.message}</p>
      <h3>Répondre</h3>
      <div className="row-actions message-replies">
        {mailto && (
          <a className="btn btn-outline btn-small" href={mailto}>
            Répondre par e-mail
          </a>
        )}
        {tel && (
          <a className="btn btn-outline btn-small" href={tel}>
            Appeler
          </a>
        )}
        {whatsapp && (
          <a className="btn btn-outline btn-small" href={whatsapp} target="_blank" rel="noopener noreferrer">
            Répondre sur WhatsApp
          </a>
        )}
      </div>
      <AssigneeSelect
        path={`/admin/contact-messages/${message.id}/assignee`}
        assignee={message.assignee}
        users={users}
        onAssigned={onAssigned}
      />
      <div className="row-actions message-actions">
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={busy}
          onClick={() => onArchive(message, !archived)}
        >
          {archived ? 'Désarchiver' : 'Archiver'}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-small"
          disabled={busy}
          onClick={() => onDelete(message)}
        >
          Supprimer
        </button>
      </div>
    </DetailDialog>
  );
}
