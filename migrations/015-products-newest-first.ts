import type { Knex } from 'knex';

/**
 * The catalogue lists products newest first (`ORDER BY created_at DESC, id DESC`): without
 * an index the engine sorts every product on each page the cache does not hold. Both
 * engines append the primary key to a secondary index (SQLite the rowid, InnoDB the
 * clustered key), so an index on created_at alone gives the whole order, ties included
 * (decision 0023, fifth round).
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.dropIndex(['created_at']);
  });
}
