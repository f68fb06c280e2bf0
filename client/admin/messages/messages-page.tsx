import { useCallback, useMemo } from 'react';
import {
  contactMessages,
  type ContactMessage,
  type ContactMessageFilter,
} from '#shared/contact-message-rules';
import {
  assignBulkAction,
  assigneeFilterOptions,
  CsvExportButton,
  FilterSelect,
  PagedListScreen,
  pageRange,
  useAssignableUsers,
  useDelete,
  useOpenItem,
  usePagedList,
  useUrlListQuery,
  useListSelection,
  trashBulkAction,
  type BulkOptions,
} from '#client/admin/kit';
import { CONTACT_MESSAGES_PAGE_SIZE } from '#shared/schemas/contact-message';
import { MessageDialog } from './message-dialog';
import { useMessageColumns } from './message-columns';
import {
  apiFilter,
  filterQuery,
  LOAD_ERROR,
  loadMessages,
  messageCodec,
  MESSAGES_BASE,
  OPEN_MESSAGE_PARAM,
} from './message-query';
import { MessageStats, MessageViews } from './message-views';
import { announceMessagesChanged } from './unread-count';
import { useOpenedMessage } from './use-opened-message';
import './messages.css';

const rowKey = (message: ContactMessage) => message.id;
const rowLabel = (message: ContactMessage) => `le message de ${message.name}`;

/** 'Messages' (docs/product-rules.md, "Messages inbox"): the contact form's messages. */
export function Component() {
  const query = useUrlListQuery(messageCodec);
  const filters = query.query;
  const list = usePagedList(loadMessages, filters, {
    perPage: CONTACT_MESSAGES_PAGE_SIZE,
    errorMessage: LOAD_ERROR,
  });
  const { reload } = list;
  const { openId, setOpenId } = useOpenItem(OPEN_MESSAGE_PARAM);
  const users = useAssignableUsers();
  const { opened, busy, setMessageStatus, showSaved } = useOpenedMessage({
    openId,
    setOpenId,
    rows: list.rows,
    loading: list.status === 'loading',
    reload,
  });

  const remove = useDelete<ContactMessage>({
    path: (m) => `${MESSAGES_BASE}/${m.id}`,
    trashKind: 'message',
    label: (m) => `${m.reference} — ${m.name}`,
    successDescription: contactMessages.deleted,
    failureTitle: 'Erreur lors de la suppression du message',
    onDeleted: () => {
      setOpenId(null);
      announceMessagesChanged();
      reload();
    },
  });
  const columns = useMessageColumns(setOpenId, remove.request);
  const { setQuery } = query;
  const chooseView = useCallback((status: ContactMessageFilter) => setQuery({ status }), [setQuery]);
  const chooseAssignee = useCallback((assignee: string) => setQuery({ assignee }), [setQuery]);

  // After a bulk action the inbox loads again, and the sidebar's unread badge with it.
  const inbox = useMemo(
    () => ({
      ...list,
      reload: () => {
        announceMessagesChanged();
        reload();
      },
    }),
    [list, reload],
  );
  // docs/product-rules.md, "Bulk actions": a new search or filter empties the selection.
  const filter = useMemo(() => apiFilter(filters), [filters]);
  const selection = useListSelection(rowKey, JSON.stringify(filter));
  const bulk = useMemo<BulkOptions<ContactMessage>>(
    () => ({
      path: `${MESSAGES_BASE}/bulk`,
      noun: ['message', 'messages'],
      labelOf: (m) => `${m.reference} — ${m.name}`,
      actions: [
        { action: 'read', label: 'Marquer comme lu', question: (count) => `Marquer ${count} comme lus ?` },
        {
          action: 'unread',
          label: 'Marquer comme non lu',
          question: (count) => `Marquer ${count} comme non lus ?`,
        },
        { action: 'archive', label: 'Archiver', question: (count) => `Archiver ${count} ?` },
        assignBulkAction(users ?? []),
        // As the row's deletion: the administrator's (docs/product-rules.md, "Roles and access").
        trashBulkAction('operator'),
      ],
      exportCsv: { path: `${MESSAGES_BASE}/export.csv`, fallbackName: 'messages-contact.csv' },
    }),
    [users],
  );

  const page = list.page;
  return (
    <PagedListScreen
      title="Messages"
      lead="Les messages envoyés depuis le formulaire de contact du site."
      actions={
        <CsvExportButton
          path={`${MESSAGES_BASE}/export.csv`}
          query={filterQuery(filters)}
          fallbackName="messages-contact.csv"
        />
      }
      above={page && <MessageStats stats={page.stats} />}
      list={inbox}
      query={query}
      toolbarClassName="message-filters"
      beforeSearch={<MessageViews current={filters.status} onChoose={chooseView} />}
      search={{ label: 'Rechercher un message', placeholder: 'Nom, e-mail, téléphone, référence ou texte' }}
      toolbar={
        <FilterSelect
          label="Assigné à"
          value={filters.assignee}
          onChange={chooseAssignee}
          allLabel="Tous"
          options={assigneeFilterOptions(users ?? [], { mine: 'Mes messages', none: 'Non assignés' })}
        />
      }
      count={page && pageRange(page) !== null && <p className="muted list-count">{pageRange(page)}</p>}
      empty="Aucun message trouvé"
      columns={columns}
      rowKey={rowKey}
      rowLabel={rowLabel}
      selection={selection}
      bulk={bulk}
      bulkFilter={filter}
      pagerLabel="Pagination des messages"
    >
      {opened && (
        <MessageDialog
          key={opened.id}
          message={opened}
          busy={busy}
          users={users}
          onAssigned={showSaved}
          onClose={() => setOpenId(null)}
          onArchive={(message, archive) =>
            void setMessageStatus(
              message,
              archive ? 'archived' : 'read',
              archive ? 'Message archivé' : 'Message désarchivé',
            )
          }
          onDelete={remove.request}
        />
      )}
      {remove.dialog}
    </PagedListScreen>
  );
}
