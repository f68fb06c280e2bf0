import type { Knex } from 'knex';
import { createTable, foreignId, timestamps } from './support';

/**
 * Site updates ('Suivi de chantier', docs/product-rules.md "Site updates"): what the staff
 * post about an approved request's building site, and the photos of each update. Photos
 * are private files under storage/app/private/sites/{submission_id}/, named
 * `{name}-{width}.webp`; a row holds the name only.
 */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'site_updates', (table) => {
    table.increments('id');
    // CASCADE: the updates go with the request (their files are the caller's to remove).
    foreignId(table, 'submission_id', 'project_submissions', 'CASCADE');
    table.date('date').notNullable();
    // A code of shared/site-phases.ts.
    table.string('phase', 40).notNullable();
    table.integer('progress').notNullable();
    table.text('text').notNullable();
    table.boolean('published').notNullable().defaultTo(false);
    // Set the first time the update is published, never cleared: the client is told once.
    table.datetime('published_at').nullable();
    timestamps(knex, table);
  });

  await createTable(knex, 'site_update_photos', (table) => {
    table.increments('id');
    foreignId(table, 'update_id', 'site_updates', 'CASCADE');
    // Server-generated, 16 lower-case letters and digits; unique so a URL names one photo.
    table.string('name', 32).notNullable().unique();
    // Of the largest stored variant (at most 1280 wide), for the page's width and height.
    table.integer('width').notNullable();
    table.integer('height').notNullable();
    table.integer('position').notNullable();
    timestamps(knex, table, { updatedAt: false });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_update_photos');
  await knex.schema.dropTable('site_updates');
}
