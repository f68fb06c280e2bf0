import type { Knex } from 'knex';
import type { ActivityRow } from '#shared/activity';
import type { ActivityListQuery, ActivitySort } from '#shared/schemas/activity';
import { addDays, businessDayStart } from '#shared/calendar';
import { decodeJson, fromDbDateTime, toDbDateTime } from '#server/db/dialect';
import { listPage, type ListSpec } from '#server/db/list-page';

/** A row of activity_log as both drivers answer it. */
export interface ActivityLogRow {
  id: number | string;
  created_at: string | Date;
  user_id: number | string | null;
  user_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  label: string | null;
  changes: string | null;
}

export type ActivityFilter = Pick<ActivityListQuery, 'user_id' | 'entity' | 'action' | 'from' | 'to'>;

/** The log as the journal lists it: searched in the row's label and its author's name, by date only. */
export const ACTIVITY_LIST: ListSpec<ActivitySort> = {
  search: ['label', 'user_name'],
  sorts: { created_at: 'created_at' },
};

/** The log filtered as the screen asks: dates are Cotonou's days, both bounds included. */
export function filteredActivity(db: Knex, filter: ActivityFilter): Knex.QueryBuilder {
  const query = db('activity_log');
  if (filter.user_id !== undefined) query.where('user_id', filter.user_id);
  if (filter.entity) query.where('entity', filter.entity);
  if (filter.action) query.where('action', filter.action);
  if (filter.from) query.where('created_at', '>=', toDbDateTime(businessDayStart(filter.from)));
  if (filter.to) query.where('created_at', '<', toDbDateTime(businessDayStart(addDays(filter.to, 1))));
  return query;
}

export function toActivityRow(row: ActivityLogRow): ActivityRow {
  return {
    id: Number(row.id),
    created_at: fromDbDateTime(row.created_at)?.toISOString() ?? '',
    user_id: row.user_id === null ? null : Number(row.user_id),
    user_name: row.user_name,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    label: row.label,
    changes: decodeJson<Record<string, [unknown, unknown]> | null>(row.changes, null),
  };
}

export async function activityPage(
  db: Knex,
  query: ActivityListQuery,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const { rows, total } = await listPage<ActivityLogRow, ActivitySort>(
    () => filteredActivity(db, query),
    ['*'],
    query,
    ACTIVITY_LIST,
  );
  return { rows: rows.map(toActivityRow), total };
}

/** Everyone who appears in the log (a deactivated or deleted account too), by their latest name. */
export async function activityUsers(db: Knex): Promise<{ id: number; name: string }[]> {
  const rows = (await db('activity_log')
    .whereNotNull('user_id')
    .select('user_id', 'user_name', 'id')
    .whereIn('id', db('activity_log').whereNotNull('user_id').groupBy('user_id').max({ id: 'id' }))) as {
    user_id: number | string;
    user_name: string | null;
  }[];
  return rows
    .map((row) => ({ id: Number(row.user_id), name: row.user_name ?? `#${row.user_id}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/** Deletes the rows older than `days` days before `now`; answers how many went. */
export async function purgeActivity(db: Knex, days: number, now: Date): Promise<number> {
  const limit = new Date(now.getTime() - days * 86_400_000);
  return db('activity_log').where('created_at', '<', toDbDateTime(limit)).delete();
}
