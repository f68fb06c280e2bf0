import type { Knex } from 'knex';
import { createTable, timestamps } from './support';

/**
 * The outbox (docs/decisions/0018-outbox-and-mail.md): every e-mail the site sends is first
 * a row here, written in the same transaction as what it is about (a submission, a contact
 * message), then delivered by the background sender. The row is the mail: nothing is lost
 * while the SMTP server is down or the process is stopped.
 */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'outbox', (table) => {
    table.increments('id');
    // Comma-separated addresses, validated before they are written.
    table.text('recipients').notNullable();
    table.string('reply_to', 254).nullable();
    table.string('subject', 255).notNullable();
    table.text('html').notNullable();
    table.text('text').notNullable();
    // pending, sending, sent, failed. The sender's queries start from this index: pending
    // and sending rows are few, however many sent ones pile up behind them.
    table.string('status', 20).notNullable().defaultTo('pending').index();
    table.integer('attempts').notNullable().defaultTo(0);
    table.datetime('next_attempt_at').notNullable();
    table.text('last_error').nullable();
    // The lease of the sender that claimed the row: past it, another sender takes it back.
    table.datetime('claimed_until').nullable();
    table.datetime('sent_at').nullable();
    // What the mail is about, e.g. ('submission', 12) or ('contact_message', 3).
    table.string('about_type', 40).nullable();
    table.integer('about_id').nullable();
    timestamps(knex, table);
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outbox');
}
