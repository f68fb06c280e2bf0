import type { Knex } from 'knex';
import { createTable } from './support';

/**
 * Nothing lost by a click, nothing public that nobody published (docs/product-rules.md,
 * "Trash, revisions and drafts"):
 * - `deleted_at` on every table the back office deletes from: a deletion moves the row to
 *   the trash (the row stays, every read leaves it out) and `trash` says what, by whom,
 *   and which files were moved aside with it.
 * - `publication` (`draft` or `published`) and `publish_at` on what the public site shows.
 *   Named `publication` because projects and parcels already have a `status` of their
 *   own. Testimonials keep their `published` flag as that state and get `publish_at`.
 *   Rows that exist today are published.
 * - `revisions`: the previous versions of an edited item.
 * - `site_state`: facts about the database itself, such as whether its first start
 *   already added the demo content (it happens at most once per database).
 */

const TRASHABLE_TABLES = [
  'products',
  'categories',
  'projects',
  'parcels',
  'fleet_properties',
  'miscellaneous_goods',
  'promotions',
  'testimonials',
  'project_submissions',
  'contact_messages',
  'site_updates',
] as const;

const DRAFTABLE_TABLES = [
  'products',
  'projects',
  'parcels',
  'fleet_properties',
  'miscellaneous_goods',
  'promotions',
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const name of TRASHABLE_TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.datetime('deleted_at').nullable();
      table.index(['deleted_at']);
    });
  }
  for (const name of DRAFTABLE_TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.string('publication', 20).notNullable().defaultTo('published');
      table.datetime('publish_at').nullable();
      table.index(['publish_at']);
    });
  }
  await knex.schema.alterTable('testimonials', (table) => {
    table.datetime('publish_at').nullable();
    table.index(['publish_at']);
  });

  await createTable(knex, 'trash', (table) => {
    table.increments('id');
    table.string('kind', 20).notNullable();
    table.integer('entity_id').unsigned().notNullable();
    table.string('label', 255).notNullable();
    table.datetime('deleted_at').notNullable();
    table.integer('deleted_by').unsigned().nullable();
    table.string('deleted_by_name', 255).nullable();
    // JSON: the storage keys moved aside, as [original, in the trash] pairs.
    table.text('files').nullable();
    table.unique(['kind', 'entity_id']);
    table.index(['deleted_at']);
  });

  await createTable(knex, 'revisions', (table) => {
    table.increments('id');
    table.string('kind', 20).notNullable();
    table.integer('entity_id').unsigned().notNullable();
    // JSON { fields: {...}, images: string[] }: the version as it was before a save.
    table.text('data').notNullable();
    table.integer('user_id').unsigned().nullable();
    table.string('user_name', 255).nullable();
    table.datetime('created_at').notNullable().defaultTo(knex.fn.now());
    table.index(['kind', 'entity_id', 'id']);
  });

  await createTable(knex, 'site_state', (table) => {
    table.string('name', 64).primary();
    table.text('value').nullable();
    table.datetime('updated_at').notNullable().defaultTo(knex.fn.now());
  });
  // A database that already has an account has had its first start, and with it the only
  // chance for demo content: later starts must never add it again.
  const users = await knex('users').count({ n: '*' }).first();
  if (Number(users?.n ?? 0) > 0) {
    await knex('site_state').insert({ name: 'initial_content', value: 'before-trash-migration' });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_state');
  await knex.schema.dropTable('revisions');
  await knex.schema.dropTable('trash');
  await dropAddedColumn(knex, 'testimonials', 'publish_at', true);
  for (const name of DRAFTABLE_TABLES) {
    await dropAddedColumn(knex, name, 'publish_at', true);
    await dropAddedColumn(knex, name, 'publication', false);
  }
  for (const name of TRASHABLE_TABLES) await dropAddedColumn(knex, name, 'deleted_at', true);
}

/**
 * Knex drops a SQLite column by copying the table, and dropping a table that others point
 * at fails while rows point at it (categories under products, for a restore with --force).
 * SQLite drops a plain column in place since 3.35, once its index is gone.
 */
async function dropAddedColumn(knex: Knex, table: string, column: string, indexed: boolean): Promise<void> {
  const client: unknown = knex.client.config.client;
  if (client === 'mysql2' || client === 'mysql') {
    await knex.schema.alterTable(table, (builder) => {
      if (indexed) builder.dropIndex([column]);
      builder.dropColumn(column);
    });
    return;
  }
  if (indexed) await knex.raw('DROP INDEX IF EXISTS ??', [`${table}_${column}_index`]);
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [table, column]);
}
