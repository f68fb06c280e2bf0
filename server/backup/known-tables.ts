import { closeDb, createDb } from '#server/db/knex';
import { migrateUpTo } from '#server/db/migrate';
import { dataTables } from './table-rows';

/**
 * The tables a restore may fill, as the migrations define them: a throw-away in-memory
 * SQLite database is migrated to the archive's level and its tables listed. Derived from
 * the migrations themselves, so a table added by a new migration needs nothing here, and
 * an archive naming anything else (a path, a piece of SQL, a table of another application)
 * is refused before a file is read or a row touched (docs/decisions/0017-backups.md).
 */

/** The data tables after the migrations up to and including `migration` (a known one). */
export async function tablesAtMigration(migration: string): Promise<Set<string>> {
  const scratch = createDb({ client: 'sqlite', connection: ':memory:' });
  try {
    await migrateUpTo(scratch, migration);
    return new Set(await dataTables(scratch));
  } finally {
    await closeDb(scratch);
  }
}
