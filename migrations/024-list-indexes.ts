import type { Knex } from 'knex';

/**
 * The back office's lists read one page on the server, sorted and filtered there
 * (docs/product-rules.md, "Lists of the back office"): these indexes give each list's
 * default order, newest first, without sorting the table on every page. Every read of a
 * trashable table filters `deleted_at IS NULL`, so its order index starts with it: the
 * live rows come out of the index already in `created_at` order. Both engines append the
 * primary key to a secondary index, so the `id` that breaks ties is in the order too. The
 * inbox's status tabs (`status = ?` newest first) get theirs; the catalogue's name and
 * price sorts and the testimonials' date order start with `deleted_at` too (SQLite's planner
 * otherwise takes the `deleted_at` index and sorts every live row).
 */

const NEWEST_FIRST_TABLES = [
  'products',
  'projects',
  'parcels',
  'fleet_properties',
  'miscellaneous_goods',
  'promotions',
  'project_submissions',
  'contact_messages',
] as const;

const STATUS_NEWEST_FIRST_TABLES = ['project_submissions', 'contact_messages', 'outbox'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const name of NEWEST_FIRST_TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.index(['deleted_at', 'created_at']);
    });
  }
  for (const name of STATUS_NEWEST_FIRST_TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.index(['status', 'created_at']);
    });
  }
  await knex.schema.alterTable('products', (table) => {
    table.index(['deleted_at', 'name']);
    table.index(['deleted_at', 'price']);
  });
  await knex.schema.alterTable('testimonials', (table) => {
    table.index(['deleted_at', 'date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('testimonials', (table) => {
    table.dropIndex(['deleted_at', 'date']);
  });
  await knex.schema.alterTable('products', (table) => {
    table.dropIndex(['deleted_at', 'price']);
    table.dropIndex(['deleted_at', 'name']);
  });
  for (const name of STATUS_NEWEST_FIRST_TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.dropIndex(['status', 'created_at']);
    });
  }
  for (const name of NEWEST_FIRST_TABLES) {
    await knex.schema.alterTable(name, (table) => {
      table.dropIndex(['deleted_at', 'created_at']);
    });
  }
}
