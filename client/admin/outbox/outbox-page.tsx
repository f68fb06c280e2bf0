import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '#shared/format';
import {
  OUTBOX_STATE_LABELS,
  OUTBOX_STATUSES,
  outboxMessages,
  type OutboxMail,
  type OutboxStatus,
} from '#shared/schemas/outbox';
import {
  adminApi,
  DataTable,
  FilterSelect,
  isSessionEnd,
  ListStates,
  PageHeader,
  toast,
  type Column,
} from '#client/admin/kit';
import { MailPreview } from './mail-preview';
import { LOAD_ERROR, useOutboxPage } from './use-outbox-page';
import './outbox.css';
import { countOf } from '#shared/plural';

const STATUS_OPTIONS = OUTBOX_STATUSES.map((value) => ({ value, label: OUTBOX_STATE_LABELS[value] }));

const isStatus = (value: string | null): value is OutboxStatus =>
  (OUTBOX_STATUSES as readonly (string | null)[]).includes(value);

/**
 * 'Courriels' (docs/decisions/0018-outbox-and-mail.md): every mail the site wrote, newest
 * first, its state in words, its attempts and dates, a preview, and 'Renvoyer' for a
 * failed one. The page and the status filter live in the address.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const askedStatus = params.get('statut');
  const status = isStatus(askedStatus) ? askedStatus : 'all';
  const list = useOutboxPage(page, status);
  const { reload } = list;
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);

  const go = useCallback(
    (change: { page?: number; statut?: string }) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        const nextPage = change.page ?? 1;
        if (nextPage > 1) next.set('page', String(nextPage));
        else next.delete('page');
        if (change.statut !== undefined) {
          if (change.statut === 'all') next.delete('statut');
          else next.set('statut', change.statut);
        }
        return next;
      }),
    [setParams],
  );

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

  const rows = list.page?.rows ?? [];
  const preview = rows.find((m) => m.id === previewId) ?? null;

  return (
    <>
      <PageHeader
        title="Courriels"
        lead="Les courriels envoyés par le site : notifications des demandes et des messages, confirmations aux clients."
      />
      {list.page && !list.page.smtpConfigured && (
        <p className="outbox-alert" role="status">
          SMTP non configuré (SMTP_URL) : les courriels restent dans la file, non envoyés. Ils partiront dès
          que le serveur d'envoi sera configuré.
        </p>
      )}
      <div className="list-toolbar">
        <FilterSelect
          label="Statut"
          value={status === 'all' ? '' : status}
          onChange={(value) => go({ statut: value || 'all' })}
          allLabel="Tous"
          options={STATUS_OPTIONS}
        />
      </div>
      {preview && <MailPreview mail={preview} onClose={() => setPreviewId(null)} />}
      <ListStates
        status={list.status}
        error={LOAD_ERROR}
        onRetry={reload}
        isEmpty={rows.length === 0}
        empty="Aucun courriel"
      >
        <p className="muted list-count" aria-live="polite">
          {list.page ? countOf(list.page.total, 'courriel') : null}
        </p>
        <DataTable caption="Courriels" columns={columns} rows={rows} rowKey={(m) => m.id} />
        {list.page && list.page.lastPage > 1 && (
          <nav className="list-pagination" aria-label="Pagination des courriels">
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => go({ page: page - 1 })}
              disabled={page <= 1}
            >
              Précédent
            </button>
            <p aria-live="polite">
              Page {list.page.page} sur {list.page.lastPage}
            </p>
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => go({ page: page + 1 })}
              disabled={page >= list.page.lastPage}
            >
              Suivant
            </button>
          </nav>
        )}
      </ListStates>
    </>
  );
}
