import type { Knex } from 'knex';
import { actionLabel, describeChange, entityLabel } from '#shared/activity';
import { fromDbDateTime } from '#server/db/dialect';
import { csvDay, csvTime, pagedRows, type CsvColumn } from '#server/features/exports';
import type { ActivityListQuery } from '#shared/schemas/activity';
import { orderByListSort, whereSearch } from '#server/db/list-page';
import { ACTIVITY_LIST, filteredActivity, toActivityRow, type ActivityLogRow } from './activity.repository';

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

/** Every row the screen's filters and search keep, in the screen's order. */
export function activityCsvRows(
  db: Knex,
  query: Omit<ActivityListQuery, 'page' | 'per_page'>,
): AsyncGenerator<ActivityLogRow> {
  return pagedRows<ActivityLogRow>(db, 'activity_log', () =>
    orderByListSort(
      whereSearch(filteredActivity(db, query).select('*'), ACTIVITY_LIST.search, query.search),
      ACTIVITY_LIST,
      query.sort,
    ),
  );
}
