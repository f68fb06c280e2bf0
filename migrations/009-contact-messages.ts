import type { Knex } from 'knex';
import { createTable, timestamps } from './support';

/**
 * Messages sent from the contact form (docs/product-rules.md, "Contact form" and
 * "Messages inbox"). The reference ('MSG-2026-00007') comes from reference_sequences
 * (migration 007), taken in the same transaction as the row.
 */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'contact_messages', (table) => {
    table.increments('id');
    table.string('reference', 24).notNullable().unique();
    table.string('name', 100).notNullable();
    // At least one of the two (the schema checks it); the phone without the spaces typed.
    table.string('email', 190).nullable();
    table.string('phone', 20).nullable();
    // The subject's code (renseignement, devis, achat, immobilier, autre).
    table.string('subject', 30).notNullable();
    table.text('message').notNullable();
    // unread, read, archived: the inbox filters and counts by it.
    table.string('status', 20).notNullable().defaultTo('unread').index();
    table.datetime('read_at').nullable();
    timestamps(knex, table);
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_messages');
}
