import type { Knex } from 'knex';
import { createTable, timestamps } from './support';

/**
 * Testimonials of the company's clients (docs/product-rules.md, "Testimonials"): written
 * by the staff, shown on the home and about pages once published, the latest date first.
 */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'testimonials', (table) => {
    table.increments('id');
    table.string('client_name', 100).notNullable();
    table.string('town', 100).notNullable();
    table.string('project_type', 120).notNullable();
    table.text('text').notNullable();
    // A public image (app/public/testimonials/...) with its WebP variants; optional.
    table.string('photo', 255).nullable();
    // Indexed: the public pages read the published ones only.
    table.boolean('published').notNullable().defaultTo(false).index();
    // When the client gave it: the public pages show the latest first.
    table.date('date').notNullable();
    timestamps(knex, table);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('testimonials');
}
