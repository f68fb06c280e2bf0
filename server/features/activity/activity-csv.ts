import type { Knex } from 'knex';
import { actionLabel, describeChange, entityLabel } from '#shared/activity';
import { fromDbDateTime } from '#server/db/dialect';
import { csvDay, csvTime, pagedRows, type CsvColumn } from '#server/features/exports';
import {
  filteredActivity,
  newestFirst,
  toActivityRow,
  type ActivityFilter,
  type ActivityLogRow,
} from './activity.repository';

/** The changes of a row as one cell: 'Prix : 12000 → 15000 ; Stock : 3 → 5'. */
function changesCell(row: ActivityLogRow): string {
  const { changes } = toActivityRow(row);
  return changes
    ? Object.entries(changes)
        .map(([field, pair]) => describeChange(field, pair))
        .join(' ; ')
    : '';
}

/** GET /api/admin/activity/export.csv: the screen's columns, in French (product rules, CSV exports). */
export const ACTIVITY_CSV_COLUMNS: readonly CsvColumn<ActivityLogRow>[] = [
  { header: 'Date', value: (row) => csvDay(fromDbDateTime(row.created_at)) },
  { header: 'Heure', value: (row) => csvTime(fromDbDateTime(row.created_at)) },
  { header: 'Utilisateur', value: (row) => row.user_name },
  { header: 'Action', value: (row) => actionLabel(row.action) },
  { header: 'Élément', value: (row) => entityLabel(row.entity) },
  { header: 'N°', value: (row) => row.entity_id },
  { header: 'Libellé', value: (row) => row.label },
  { header: 'Modifications', value: changesCell },
];

/** Every row the screen's filters keep, newest first, as the screen lists them. */
export function activityCsvRows(db: Knex, filter: ActivityFilter): AsyncGenerator<ActivityLogRow> {
  return pagedRows<ActivityLogRow>(db, 'activity_log', () =>
    newestFirst(filteredActivity(db, filter).select('*')),
  );
}
