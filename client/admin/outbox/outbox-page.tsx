import { useCallback, useMemo, useState } from 'react';
import { formatDateTime } from '#shared/format';
import {
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATE_LABELS,
  OUTBOX_STATUSES,
  outboxMessages,
  type OutboxMail,
} from '#shared/schemas/outbox';
import {
  adminApi,
  ClippedText,
  FilterSelect,
  isSessionEnd,
  PagedListScreen,
  toast,
  useListSelection,
  usePagedList,
  useUrlListQuery,
  type BulkOptions,
  type Column,
} from '#client/admin/kit';
import { MailPreview } from './mail-preview';
import { LOAD_ERROR, loadOutbox, outboxCodec } from './outbox-query';
import './outbox.css';

const STATUS_OPTIONS = OUTBOX_STATUSES.map((value) => ({ value, label: OUTBOX_STATE_LABELS[value] }));
const rowKey = (mail: OutboxMail) => mail.id;

/** 'Renvoyer' on the ticked mails: the server puts the failed ones back in the queue and names the others. */
const BULK: BulkOptions<OutboxMail> = {
  path: '/admin/outbox/bulk',
  noun: ['courriel', 'courriels'],
  labelOf: (mail) => mail.subject,
  actions: [
    {
      action: 'retry',
      label: 'Renvoyer',
      question: (count) => `Renvoyer ${count} ?`,
      description: 'Seuls les courriels en échec repartent ; les autres sont signalés sans être modifiés.',
    },
  ],
};

/**
 * 'Courriels' (docs/decisions/0018-outbox-and-mail.md): every mail the site wrote, newest
 * first, its state in words, its attempts and dates, a preview, and 'Renvoyer' for a
 * failed one or a selection. Read a page at a time from the server; the page, sort, search
 * and status filter live in the address (docs/product-rules.md, "Lists of the back office").
 * The answer carries `smtp_configured` beside the page, so the screen uses the kit's parts.
 */
export function Component() {
  const query = useUrlListQuery(outboxCodec);
  const list = usePagedList(loadOutbox, query.query, { perPage: OUTBOX_PAGE_SIZE, errorMessage: LOAD_ERROR });
  const { reload } = list;
  // The filtered list as the API reads it (no sort): 'Tout sélectionner' sends it, and a new
  // one empties the selection.
  const { sort: _sort, ...filter } = outboxCodec.apiParams(query.query);
  const scope = JSON.stringify(filter);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope's text says when the filter changed.
  const bulkFilter = useMemo(() => filter, [scope]);
  const selection = useListSelection<OutboxMail>(rowKey, scope);
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
      {
        header: 'Créé le',
        sort: 'created_at',
        cell: (m) => formatDateTime(m.created_at),
        className: 'nowrap',
      },
      {
        header: 'Destinataires',
        cell: (m) => <ClippedText text={m.recipients.join(', ')} />,
        className: 'addresses',
      },
      { header: 'Objet', cell: (m) => <ClippedText text={m.subject} lines={2} /> },
      {
        header: 'Statut',
        sort: 'status',
        cell: (m) => (
          <>
            <span className={`badge outbox-badge outbox-${m.state}`}>{m.state_label}</span>
            {m.state === 'failed' && m.last_error && (
              <ClippedText text={m.last_error} className="outbox-error" />
            )}
            {m.state === 'pending' && m.attempts > 0 && m.last_error && (
              <ClippedText text={`Dernier essai : ${m.last_error}`} className="outbox-error" />
            )}
          </>
        ),
      },
      { header: 'Essais', sort: 'attempts', cell: (m) => m.attempts, className: 'num' },
      {
        header: 'Envoi',
        sort: 'sent_at',
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
              Aperçu<span className="visually-hidden"> : {m.subject}</span>
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
      search={{ label: 'Rechercher un courriel (destinataire ou objet)' }}
      toolbar={
        <FilterSelect
          label="Statut"
          value={query.query.statut}
          onChange={(statut) => query.setQuery({ statut })}
          allLabel="Tous"
          options={STATUS_OPTIONS}
        />
      }
      selection={selection}
      bulk={BULK}
      bulkFilter={bulkFilter}
      rowLabel={BULK.labelOf}
      beforeList={preview && <MailPreview mail={preview} onClose={() => setPreviewId(null)} />}
      empty="Aucun courriel"
      columns={columns}
      rowKey={rowKey}
      pagerLabel="Pagination des courriels"
    />
  );
}
