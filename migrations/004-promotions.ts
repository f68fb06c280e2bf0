import type { Knex } from 'knex';
import { createTable, timestamps } from './support';

/** Promotions; the public list keeps those whose end date has not passed (product rules). */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'promotions', (table) => {
    table.increments('id');
    table.string('title', 190).notNullable();
    table.text('description').notNullable();
    // Free text shown as a badge, such as '10%'.
    table.string('discount', 20).notNullable();
    table.date('start_date').notNullable();
    // Indexed: the public list filters on it.
    table.date('end_date').notNullable().index();
    table.string('image', 255).nullable();
    timestamps(knex, table);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('promotions');
}
