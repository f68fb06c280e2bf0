import { useCallback, useMemo, useState } from 'react';
import { formatDateTime } from '#shared/format';
import {
  OUTBOX_STATE_LABELS,
  OUTBOX_STATUSES,
  outboxMessages,
  type OutboxMail,
} from '#shared/schemas/outbox';
import {
  adminApi,
  FilterSelect,
  isSessionEnd,
  PagedListScreen,
  toast,
  usePagedList,
  useUrlListQuery,
  type Column,
} from '#client/admin/kit';
import { MailPreview } from './mail-preview';
import { LOAD_ERROR, loadOutbox, OUTBOX_PAGE_SIZE, outboxCodec } from './outbox-query';
import './outbox.css';
import { countOf } from '#shared/plural';

const STATUS_OPTIONS = OUTBOX_STATUSES.map((value) => ({ value, label: OUTBOX_STATE_LABELS[value] }));
const rowKey = (mail: OutboxMail) => mail.id;

/**
 * 'Courriels' (docs/decisions/0018-outbox-and-mail.md): every mail the site wrote, newest
 * first, its state in words, its attempts and dates, a preview, and 'Renvoyer' for a
 * failed one. The page and the status filter live in the address.
 */
export function Component() {
  const query = useUrlListQuery(outboxCodec);
  const list = usePagedList(loadOutbox, query.query, { perPage: OUTBOX_PAGE_SIZE, errorMessage: LOAD_ERROR });
  const { reload } = list;
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);

  const retry = useCallback(
    async (mail: OutboxMail) => {
      setRetrying(mail.id);
      try {
        const answer = await adminApi<{ message?: string }>(`/admin/outbox/${mail.id}/retry`, {
          method: 'POST',
        });
        toast({ title: 'Courriel remis en file', description: answer.message ?? outboxMessages.retried });
        reload();
      } catch (error) {
        if (!isSessionEnd(error))
          toast({
            title: 'Erreur',
            description: error instanceof Error ? error.message : String(error),
            variant: 'destructive',
          });
      } finally {
        setRetrying(null);
      }
    },
    [reload],
  );

  const columns = useMemo<Column<OutboxMail>[]>(
    () => [
      { header: 'Créé le', cell: (m) => formatDateTime(m.created_at) },
      { header: 'Destinataires', cell: (m) => m.recipients.join(', '), className: 'addresses' },
      { header: 'Objet', cell: (m) => m.subject },
      {
        header: 'Statut',
        cell: (m) => (
          <>
            <span className={`badge outbox-badge outbox-${m.state}`}>{m.state_label}</span>
            {m.state === 'failed' && m.last_error && <p className="outbox-error">{m.last_error}</p>}
            {m.state === 'pending' && m.attempts > 0 && m.last_error && (
              <p className="outbox-error">Dernier essai : {m.last_error}</p>
            )}
          </>
        ),
      },
      { header: 'Essais', cell: (m) => m.attempts, className: 'num' },
      {
        header: 'Envoi',
        cell: (m) =>
          m.sent_at
            ? `Envoyé le ${formatDateTime(m.sent_at)}`
            : m.state === 'pending' && m.next_attempt_at
              ? `Prochain essai le ${formatDateTime(m.next_attempt_at)}`
              : '—',
      },
      {
        header: 'Actions',
        className: 'actions',
        cell: (m) => (
          <div className="row-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={() => setPreviewId(m.id)}>
              Aperçu
            </button>
            {m.status === 'failed' && (
              <button
                type="button"
                className="btn btn-primary btn-small"
                onClick={() => void retry(m)}
                disabled={retrying === m.id}
              >
                {retrying === m.id ? 'Envoi...' : 'Renvoyer'}
              </button>
            )}
          </div>
        ),
      },
    ],
    [retry, retrying],
  );

  const page = list.page;
  const preview = list.rows.find((m) => m.id === previewId) ?? null;
  const status = query.query.statut;

  return (
    <PagedListScreen
      title="Courriels"
      lead="Les courriels envoyés par le site : notifications des demandes et des messages, confirmations aux clients."
      above={
        page &&
        !page.smtp_configured && (
          <p className="outbox-alert" role="status">
            SMTP non configuré (SMTP_URL) : les courriels restent dans la file, non envoyés. Ils partiront dès
            que le serveur d'envoi sera configuré.
          </p>
        )
      }
      list={list}
      query={query}
      toolbar={
        <FilterSelect
          label="Statut"
          value={status === 'all' ? '' : status}
          onChange={(value) => query.setQuery({ statut: value === '' ? 'all' : (value as typeof status) })}
          allLabel="Tous"
          options={STATUS_OPTIONS}
        />
      }
      beforeList={preview && <MailPreview mail={preview} onClose={() => setPreviewId(null)} />}
      count={
        <p className="muted list-count" aria-live="polite">
          {page ? countOf(page.total, 'courriel') : null}
        </p>
      }
      empty="Aucun courriel"
      columns={columns}
      rowKey={rowKey}
      pagerLabel="Pagination des courriels"
    />
  );
}
