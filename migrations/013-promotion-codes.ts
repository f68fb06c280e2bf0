import type { Knex } from 'knex';

/**
 * The code a visitor quotes to get a promotion (docs/product-rules.md, "Entities"):
 * optional, written by the staff, stored in capitals.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('promotions', (table) => {
    table.string('code', 30).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('promotions', (table) => {
    table.dropColumn('code');
  });
}
