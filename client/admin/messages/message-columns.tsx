import { useMemo } from 'react';
import type { ContactMessage } from '#shared/contact-message-rules';
import { formatDateTime } from '#shared/format';
import { DeleteButton, type Column } from '#client/admin/kit';

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
        cell: (m) => (
          <>
            <span className={m.status === 'unread' ? 'message-unread' : undefined}>{m.name}</span>
            <br />
            <span className="muted">{[m.email, m.phone].filter(Boolean).join(' · ')}</span>
          </>
        ),
      },
      { header: 'Sujet', sort: 'subject', cell: (m) => m.subject_label },
      { header: 'Référence', sort: 'reference', cell: (m) => m.reference },
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
