import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  contactMessages,
  type ContactMessage,
  type ContactMessageFilter,
  type ContactMessageListAnswer,
} from '#shared/contact-message-rules';
import { formatDateTime } from '#shared/format';
import {
  adminApi,
  DataTable,
  DeleteButton,
  isSessionEnd,
  ListStates,
  PageHeader,
  SearchBox,
  toast,
  useDelete,
  useUrlSearch,
  type Column,
} from '#client/admin/kit';
import { CsvExportButton } from '#client/admin/kit/csv-export-button';
import { ListPagination } from '#client/admin/kit/list-pagination';
import { MessageDialog } from './message-dialog';
import { filterQuery, listQuery, useMessageFilters } from './message-query';
import { announceMessagesChanged } from './unread-count';
import '#client/admin/submissions/submissions.css';
import './messages.css';

const LOAD_ERROR = 'Impossible de charger les messages';
const BASE = '/admin/contact-messages';

/** The three views of the inbox (docs/product-rules.md, "Messages inbox"). */
const VIEWS: { status: ContactMessageFilter; label: string }[] = [
  { status: 'unread', label: 'Non lus' },
  { status: 'all', label: 'Tous' },
  { status: 'archived', label: 'Archivés' },
];

type ListAnswer = Omit<ContactMessageListAnswer, 'success'>;

/** 'Messages' (docs/product-rules.md, "Messages inbox"): the contact form's messages. */
export function Component() {
  const { filters, setFilters, openId, setOpenId } = useMessageFilters();
  const [answer, setAnswer] = useState<ListAnswer | null>(null);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [refreshing, setRefreshing] = useState(false);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const commitSearch = useCallback(
    (search: string) => setFilters({ search }, { replace: true }),
    [setFilters],
  );
  const [text, setText] = useUrlSearch(filters.search, commitSearch);
  const query = listQuery(filters);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setRefreshing(true);
    adminApi<ListAnswer>(`${BASE}?${query}`, { signal: controller.signal })
      .then((next) => {
        setAnswer(next);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isSessionEnd(error)) setStatus('error');
      })
      .finally(() => {
        if (!controller.signal.aborted) setRefreshing(false);
      });
    return () => controller.abort();
  }, [query, round]);

  const rows = useMemo(() => answer?.data.data ?? [], [answer]);
  // The open message is kept apart from the page's rows: marking it read or archiving it may
  // take it out of the list shown, the dialog stays.
  const [shown, setShown] = useState<ContactMessage | null>(null);
  const opened = shown && shown.id === openId ? shown : null;
  useEffect(() => {
    if (openId === null || shown?.id === openId) return;
    const fromRows = rows.find((row) => row.id === openId);
    if (fromRows) return setShown(fromRows);
    if (status === 'loading') return;
    const controller = new AbortController();
    adminApi<{ data: ContactMessage }>(`${BASE}/${openId}`, { signal: controller.signal })
      .then((one) => setShown(one.data))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        toast({
          title: 'Erreur',
          description: error instanceof Error ? error.message : contactMessages.notFound,
          variant: 'destructive',
        });
        setOpenId(null);
      });
    return () => controller.abort();
  }, [openId, shown, rows, status, setOpenId]);

  const setMessageStatus = useCallback(
    async (message: ContactMessage, next: ContactMessage['status'], notice?: string) => {
      setBusy(true);
      try {
        const saved = await adminApi<{ data: ContactMessage }>(`${BASE}/${message.id}`, {
          method: 'PATCH',
          json: { status: next },
        });
        setShown((current) => (current?.id === saved.data.id ? saved.data : current));
        if (notice) toast({ title: notice, description: contactMessages.statusUpdated });
        announceMessagesChanged();
        reload();
      } catch (error) {
        if (!isSessionEnd(error))
          toast({
            title: 'Erreur',
            description: error instanceof Error ? error.message : contactMessages.notFound,
            variant: 'destructive',
          });
      } finally {
        setBusy(false);
      }
    },
    [reload],
  );

  // Opening an unread message marks it read.
  const markedRef = useRef<number | null>(null);
  useEffect(() => {
    if (!opened || opened.status !== 'unread' || markedRef.current === opened.id) return;
    markedRef.current = opened.id;
    void setMessageStatus(opened, 'read');
  }, [opened, setMessageStatus]);

  const remove = useDelete<ContactMessage>({
    path: (m) => `${BASE}/${m.id}`,
    label: (m) => `${m.reference} — ${m.name}`,
    successDescription: contactMessages.deleted,
    failureTitle: 'Erreur lors de la suppression du message',
    onDeleted: () => {
      setOpenId(null);
      announceMessagesChanged();
      reload();
    },
  });
  const requestDelete = remove.request;

  const columns = useMemo<Column<ContactMessage>[]>(
    () => [
      { header: 'Reçu le', cell: (m) => formatDateTime(m.created_at) },
      {
        header: 'Expéditeur',
        className: 'addresses',
        cell: (m) => (
          <>
            <span className={m.status === 'unread' ? 'message-unread' : undefined}>{m.name}</span>
            <br />
            <span className="muted">{[m.email, m.phone].filter(Boolean).join(' · ')}</span>
          </>
        ),
      },
      { header: 'Sujet', cell: (m) => m.subject_label },
      { header: 'Référence', cell: (m) => m.reference },
      {
        header: 'Statut',
        cell: (m) => <span className={`badge message-status-${m.status}`}>{m.status_label}</span>,
      },
      {
        header: 'Actions',
        className: 'actions',
        cell: (m) => (
          <div className="row-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={() => setOpenId(m.id)}>
              Ouvrir<span className="visually-hidden"> le message de {m.name}</span>
            </button>
            <DeleteButton what={`le message de ${m.name}`} onClick={() => requestDelete(m)} />
          </div>
        ),
      },
    ],
    [setOpenId, requestDelete],
  );

  const page = answer?.data;
  const stats = answer?.stats;
  return (
    <>
      <PageHeader title="Messages" lead="Les messages envoyés depuis le formulaire de contact du site.">
        <CsvExportButton
          path={`${BASE}/export.csv`}
          query={filterQuery(filters)}
          fallbackName="messages-contact.csv"
        />
      </PageHeader>
      {stats && (
        <p className="muted" aria-live="polite">
          {stats.total} message{stats.total > 1 ? 's' : ''} · {stats.unread} non lu
          {stats.unread > 1 ? 's' : ''} · {stats.archived} archivé{stats.archived > 1 ? 's' : ''}
        </p>
      )}
      <div className="list-toolbar message-filters">
        <div className="message-views" role="group" aria-label="Afficher">
          {VIEWS.map((view) => (
            <button
              key={view.status}
              type="button"
              className={`btn btn-small ${filters.status === view.status ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={filters.status === view.status}
              onClick={() => setFilters({ status: view.status })}
            >
              {view.label}
            </button>
          ))}
        </div>
        <SearchBox
          value={text}
          onChange={setText}
          label="Rechercher un message"
          placeholder="Nom, e-mail, téléphone, référence ou texte"
        />
      </div>
      <ListStates
        status={status}
        error={LOAD_ERROR}
        onRetry={reload}
        isEmpty={rows.length === 0}
        empty="Aucun message trouvé"
      >
        {page && page.from !== null && page.to !== null && (
          <p className="muted list-count">
            {page.from} à {page.to} sur {page.total}
          </p>
        )}
        <DataTable caption="Messages" columns={columns} rows={rows} rowKey={(m) => m.id} stale={refreshing} />
        {page && (
          <ListPagination
            page={page.current_page}
            lastPage={page.last_page}
            onPage={(next) => setFilters({ page: next })}
            label="Pagination des messages"
          />
        )}
      </ListStates>
      {opened && (
        <MessageDialog
          key={opened.id}
          message={opened}
          busy={busy}
          onClose={() => setOpenId(null)}
          onArchive={(message, archive) =>
            void setMessageStatus(
              message,
              archive ? 'archived' : 'read',
              archive ? 'Message archivé' : 'Message désarchivé',
            )
          }
          onDelete={requestDelete}
        />
      )}
      {remove.dialog}
    </>
  );
}
