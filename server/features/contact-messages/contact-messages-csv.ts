import type { Knex } from 'knex';
import { fromDbDateTime } from '#server/db/dialect';
import { csvDay, csvTime, pagedRows, type CsvColumn } from '#server/features/exports';
import { CONTACT_MESSAGE_COLUMNS, toContactMessage, type ContactMessageRow } from './contact-message-record';
import { filteredMessages, type ContactMessageListFilters } from './contact-messages.repository';

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

/** Every message the list's search and filter keep, newest first, as the list shows them. */
export function contactMessageCsvRows(
  db: Knex,
  query: Pick<ContactMessageListFilters, 'search' | 'status' | 'assignee'>,
): AsyncGenerator<ContactMessageRow> {
  return pagedRows<ContactMessageRow>(db, 'contact_messages', () =>
    filteredMessages(db, query)
      .select(CONTACT_MESSAGE_COLUMNS)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
  );
}
