import type { Knex } from 'knex';
import { migrations, type Migration } from '../../migrations/index';

/**
 * Runs the migrations listed in migrations/index.ts. Knex is given that list as a custom
 * migration source instead of a folder to scan, which works the same under tsx, vitest and
 * any bundler. Each function answers the names of the migrations it ran, in order.
 */

const source: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...migrations],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

const TABLE = 'knex_migrations';
const options: Knex.MigratorConfig = { migrationSource: source, tableName: TABLE };

/** Applies every pending migration; an up-to-date database gives an empty list. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, ran] = (await knex.migrate.latest(options)) as [number, string[]];
  return ran;
}

/**
 * Undoes every applied migration, newest first, then drops Knex's bookkeeping tables (the
 * next migrateLatest recreates them): the database is left as empty as it was found.
 */
export async function rollbackAll(knex: Knex): Promise<string[]> {
  const [, undone] = (await knex.migrate.rollback(options, true)) as [number, string[]];
  await knex.schema.dropTableIfExists(`${TABLE}_lock`);
  await knex.schema.dropTableIfExists(TABLE);
  return undone;
}

/** Names of the listed migrations not applied yet. */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = (await knex.migrate.list(options)) as [unknown[], Array<{ name: string }>];
  return pending.map((migration) => migration.name);
}
