import type { Knex } from 'knex';

/**
 * What the tests of the back office's server lists and bulk actions read
 * (docs/product-rules.md, "Lists of the back office" and "Bulk actions"): the ids a sort
 * should answer, and the activity log's rows a bulk action wrote.
 */

/**
 * The ids of `rows` in the order a list sorted on `key` answers them: by the value, ties by
 * id, both in the sort's direction (server/db/list-page.ts). Give values that compare alike
 * on every engine (no case or accent deciding the order).
 */
export function idsSortedBy<R extends { id: number }>(
  rows: readonly R[],
  key: keyof R,
  order: 'asc' | 'desc',
): number[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [a[key], b[key]];
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.id - b.id) * sign;
    })
    .map((row) => row.id);
}

export interface LoggedRow {
  action: string;
  entity: string;
  entity_id: string | null;
  label: string | null;
  user_name: string | null;
  changes: Record<string, [unknown, unknown]> | null;
}

/** The last id of the activity log (0 when empty): what a test reads the rows after. */
export async function lastActivityId(knex: Knex): Promise<number> {
  const row = (await knex('activity_log').max({ id: 'id' }).first()) as { id: number | null } | undefined;
  return Number(row?.id ?? 0);
}

/** The log's rows written after `since`, oldest first, their changes decoded. */
export async function activitySince(knex: Knex, since: number): Promise<LoggedRow[]> {
  const rows = (await knex('activity_log').where('id', '>', since).orderBy('id')) as (Omit<
    LoggedRow,
    'changes'
  > & { changes: string | null })[];
  return rows.map((row) => ({
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    label: row.label,
    user_name: row.user_name,
    changes: row.changes ? (JSON.parse(row.changes) as LoggedRow['changes']) : null,
  }));
}
