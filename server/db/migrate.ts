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
 * Applies the listed migrations up to and including `name` (a restore puts rows back in
 * the shape they were saved in, then migrates the rest). Throws for a name this code does
 * not know: it comes from a newer version of the application.
 */
export async function migrateUpTo(knex: Knex, name: string): Promise<string[]> {
  const until = migrations.findIndex((migration) => migration.name === name);
  if (until === -1) throw new Error(`migration inconnue de cette version : ${name}`);
  const partial: Knex.MigrationSource<Migration> = {
    ...source,
    getMigrations: async () => migrations.slice(0, until + 1),
  };
  const [, ran] = (await knex.migrate.latest({ ...options, migrationSource: partial })) as [number, string[]];
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

/** Whether this version lists the migration (an archive of a newer site names one it does not). */
export function isKnownMigration(name: unknown): name is string {
  return typeof name === 'string' && migrations.some((migration) => migration.name === name);
}

/** Names of the listed migrations not applied yet. */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = (await knex.migrate.list(options)) as [unknown[], Array<{ name: string }>];
  return pending.map((migration) => migration.name);
}
