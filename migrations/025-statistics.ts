import type { Knex } from 'knex';
import { createTable } from './support';

/**
 * First-party statistics (docs/product-rules.md, "Statistics without cookies"): per day,
 * counts only, never an address, a user agent or an identifier. `stats_days` holds the
 * site's daily totals and is kept; `stats_counts` holds the same day's breakdowns (one row
 * per day, dimension and key, e.g. `page` + `/catalogue`, `source` + `facebook`,
 * `whatsapp_product` + `12`) and is purged after the retention the settings name. Both are
 * written by one batch a minute, adding to the counts already there (an upsert), so several
 * instances and a restart add up instead of overwriting each other. `date` is the business
 * day in Cotonou, `YYYY-MM-DD`: a string sorts and compares the same way on both engines.
 */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'stats_days', (table) => {
    table.string('date', 10).primary();
    table.integer('views').unsigned().notNullable().defaultTo(0);
    table.integer('visitors').unsigned().notNullable().defaultTo(0);
  });
  await createTable(knex, 'stats_counts', (table) => {
    table.increments('id');
    table.string('date', 10).notNullable();
    table.string('dimension', 32).notNullable();
    // 191 characters: what MySQL's utf8mb4 lets the three-column unique key hold.
    table.string('key', 191).notNullable();
    table.integer('views').unsigned().notNullable().defaultTo(0);
    table.integer('visitors').unsigned().notNullable().defaultTo(0);
    table.unique(['date', 'dimension', 'key']);
    table.index(['dimension', 'date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stats_counts');
  await knex.schema.dropTable('stats_days');
}
