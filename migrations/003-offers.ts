import type { Knex } from 'knex';
import { createTable, decimal, timestamps } from './support';

/** The three kinds of offers: parcels, the real-estate fleet and miscellaneous goods. */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'parcels', (table) => {
    table.increments('id');
    table.string('title', 190).notNullable();
    table.text('description').notNullable();
    table.string('location', 190).notNullable();
    // m², optional in the spec.
    decimal(knex, table, 'surface', 12, 2).nullable();
    table.bigInteger('price').notNullable();
    table.string('status', 40).notNullable().defaultTo('Disponible');
    table.string('image', 255).notNullable();
    timestamps(knex, table);
  });

  await createTable(knex, 'fleet_properties', (table) => {
    table.increments('id');
    table.string('property_type', 120).nullable();
    table.string('address', 255).nullable();
    decimal(knex, table, 'surface', 12, 2).nullable();
    table.string('owner', 190).nullable();
    table.string('occupation_status', 60).nullable();
    // The only amount with decimals, up to the product rules' 9 999 999 999 999,99 (product rules).
    decimal(knex, table, 'estimated_value', 15, 2).nullable();
    table.string('image', 255).notNullable();
    timestamps(knex, table);
  });

  await createTable(knex, 'miscellaneous_goods', (table) => {
    table.increments('id');
    table.text('description').notNullable();
    table.string('image', 255).notNullable();
    timestamps(knex, table);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('miscellaneous_goods');
  await knex.schema.dropTable('fleet_properties');
  await knex.schema.dropTable('parcels');
}
