import type { Knex } from 'knex';
import { createTable, foreignId, timestamps } from './support';

/** The product catalogue: categories and their products. */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'categories', (table) => {
    table.increments('id');
    table.string('name', 120).notNullable().unique();
    table.text('description').notNullable();
    timestamps(knex, table);
  });

  await createTable(knex, 'products', (table) => {
    table.increments('id');
    // Like PRD-0042, generated when left empty (product rules).
    table.string('reference', 40).notNullable().unique();
    table.string('name', 190).notNullable().index();
    // RESTRICT: a category that still holds products cannot be deleted (product rules, Corrections of the original: 409).
    foreignId(table, 'category_id', 'categories', 'RESTRICT');
    // Whole F CFA: XOF has no minor unit.
    table.bigInteger('price').notNullable();
    table.bigInteger('old_price').nullable();
    table.integer('stock').notNullable().defaultTo(0);
    table.text('description').notNullable();
    table.text('long_description').nullable();
    // JSON text: [{ name, value }], string[] and string[] of image paths (dialect.encodeJson).
    table.text('specifications').nullable();
    table.text('features').nullable();
    table.string('image', 255).nullable();
    table.text('gallery').nullable();
    timestamps(knex, table);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
  await knex.schema.dropTable('categories');
}
