import type { Knex } from 'knex';
import type { ContactMessageListSort } from '#shared/contact-message-rules';
import type { ListSort } from '#shared/list-query';
import { fromDbDateTime } from '#server/db/dialect';
import { orderByListSort } from '#server/db/list-page';
import { csvDay, csvTime, pagedRows, type CsvColumn } from '#server/features/exports';
import { CONTACT_MESSAGE_COLUMNS, toContactMessage, type ContactMessageRow } from './contact-message-record';
import { filteredMessages, MESSAGE_LIST, type ContactMessageFilter } from './contact-messages.repository';

/** GET /api/admin/contact-messages/export.csv: the inbox's columns, in French. */
export const CONTACT_MESSAGE_CSV_COLUMNS: readonly CsvColumn<ContactMessageRow>[] = [
  { header: 'Référence', value: (row) => row.reference },
  { header: 'Date', value: (row) => csvDay(fromDbDateTime(row.created_at)) },
  { header: 'Heure', value: (row) => csvTime(fromDbDateTime(row.created_at)) },
  { header: 'Nom complet', value: (row) => row.name },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Téléphone', value: (row) => row.phone },
  { header: 'Sujet', value: (row) => toContactMessage(row, null).subject_label },
  { header: 'Message', value: (row) => row.message },
  { header: 'Statut', value: (row) => toContactMessage(row, null).status_label },
];

/**
 * Every message the list's search and filter keep, in the list's order, as the list shows
 * them; only those of `ids` among them when the staff ticked rows.
 */
export function contactMessageCsvRows(
  db: Knex,
  query: ContactMessageFilter & {
    sort: ListSort<ContactMessageListSort>;
    ids?: readonly number[] | undefined;
  },
): AsyncGenerator<ContactMessageRow> {
  return pagedRows<ContactMessageRow>(db, 'contact_messages', () => {
    const builder = filteredMessages(db, query).select(CONTACT_MESSAGE_COLUMNS);
    if (query.ids) builder.whereIn('id', query.ids);
    return orderByListSort(builder, MESSAGE_LIST, query.sort);
  });
}
