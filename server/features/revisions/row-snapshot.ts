import type { Knex } from 'knex';
import type { RevisionData } from '#shared/revisions';
import { whereNotTrashed } from '#server/db/visibility';

/** An item of one table as it is now, as `version` keeps it; null when absent or in the trash. */
export async function rowSnapshot(
  db: Knex | Knex.Transaction,
  table: string,
  id: number,
  version: (row: Record<string, unknown>) => RevisionData,
): Promise<RevisionData | null> {
  const row = (await whereNotTrashed(db(table).where({ id })).first()) as Record<string, unknown> | undefined;
  return row ? version(row) : null;
}
