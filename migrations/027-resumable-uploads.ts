import type { Knex } from 'knex';
import { createTable } from './support';

/**
 * Finished resumable uploads (docs/decisions/0045-resumable-uploads.md): one row per
 * upload whose bytes passed the type check, written when its last byte arrives, and
 * `used_at` set by the one form that took it, so that a second form naming the same id is
 * refused on every instance. Unfinished uploads have no row: the tus store alone knows them.
 */
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'resumable_uploads', (table) => {
    table.increments('id');
    table.string('upload_id', 64).notNullable().unique();
    table.string('purpose', 16).notNullable();
    table.string('file_name', 255).notNullable();
    table.bigInteger('size').notNullable();
    table.datetime('created_at').notNullable().defaultTo(knex.fn.now());
    table.datetime('used_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('resumable_uploads');
}
