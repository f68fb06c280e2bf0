import type { Knex } from 'knex';
import { createTable, foreignId } from './support';

/**
 * Site updates written offline (docs/decisions/0046-site-updates-offline.md):
 * - `site_updates.client_id`, the id the phone gives an update when it is queued, unique,
 *   so a replay of the same send (Background Sync, the `online` event, a reload) answers
 *   the update already stored instead of writing a second one. Null for updates written
 *   before, or by a client that sends none.
 * - `outbox_attachments`, the inline images of a mail: a storage key read at send time
 *   (the bytes stay in the file store, like every other stored file), its Content-ID
 *   and type. A file gone by then (trashed, lost) sends the mail without it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('site_updates', (table) => {
    table.string('client_id', 36).nullable().unique();
  });
  await createTable(knex, 'outbox_attachments', (table) => {
    table.increments('id');
    foreignId(table, 'outbox_id', 'outbox', 'CASCADE');
    table.string('cid', 64).notNullable();
    table.string('filename', 120).notNullable();
    table.string('content_type', 64).notNullable();
    table.string('storage_key', 255).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outbox_attachments');
  await knex.schema.alterTable('site_updates', (table) => {
    table.dropUnique(['client_id']);
    table.dropColumn('client_id');
  });
}
