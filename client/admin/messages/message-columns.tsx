import { useMemo } from 'react';
import type { ContactMessage } from '#shared/contact-message-rules';
import { formatDateTime } from '#shared/format';
import { ClippedText, DeleteButton, type Column } from '#client/admin/kit';

/**
 * The inbox's columns: received, sender, subject, reference, assignee, status, 'Ouvrir' and
 * 'Supprimer'; a header with `sort` orders the inbox by that API key.
 */
export function useMessageColumns(
  open: (id: number) => void,
  requestDelete: (message: ContactMessage) => void,
): Column<ContactMessage>[] {
  return useMemo<Column<ContactMessage>[]>(
    () => [
      { header: 'Reçu le', sort: 'created_at', cell: (m) => formatDateTime(m.created_at) },
      {
        header: 'Expéditeur',
        sort: 'name',
        className: 'addresses',
        // Two lines at most (a row of 72 px): the name, then the e-mail and the phone, each
        // whole in its tooltip.
        cell: (m) => (
          <div className="cell-stack">
            <ClippedText text={m.name} className={m.status === 'unread' ? 'message-unread' : undefined} />
            <span className="cell-line muted">
              {m.email && <ClippedText text={m.email} />}
              {m.phone && <ClippedText text={m.phone} />}
            </span>
          </div>
        ),
      },
      { header: 'Sujet', sort: 'subject', cell: (m) => <ClippedText text={m.subject_label} lines={2} /> },
      { header: 'Référence', sort: 'reference', cell: (m) => <ClippedText text={m.reference} /> },
      {
        header: 'Assigné à',
        cell: (m) => m.assignee?.name ?? <span className="muted">Non assigné</span>,
      },
      {
        header: 'Statut',
        sort: 'status',
        cell: (m) => <span className={`badge message-status-${m.status}`}>{m.status_label}</span>,
      },
      {
        header: 'Actions',
        className: 'actions',
        cell: (m) => (
          <div className="row-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={() => open(m.id)}>
              Ouvrir<span className="visually-hidden"> le message de {m.name}</span>
            </button>
            <DeleteButton what={`le message de ${m.name}`} onClick={() => requestDelete(m)} />
          </div>
        ),
      },
    ],
    [open, requestDelete],
  );
}
