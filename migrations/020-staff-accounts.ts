import type { Knex } from 'knex';
import { createTable, foreignId } from './support';

/**
 * Staff accounts (docs/product-rules.md, "Staff accounts"; docs/decisions/0035-staff-accounts-and-one-use-links.md).
 * Users get `active` (existing users stay active) and `invitation_pending` (an invited
 * person who has not chosen a password yet), and `last_login_at`. `account_links` holds the
 * one-use links (invitation, password reset) by the SHA-256 of their token only.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.boolean('active').notNullable().defaultTo(true);
    table.boolean('invitation_pending').notNullable().defaultTo(false);
    table.datetime('last_login_at').nullable();
  });
  await createTable(knex, 'account_links', (table) => {
    table.increments('id');
    foreignId(table, 'user_id', 'users', 'CASCADE');
    table.string('purpose', 20).notNullable();
    table.string('token_hash', 64).notNullable().unique();
    table.datetime('expires_at').notNullable();
    table.datetime('used_at').nullable();
    table.datetime('created_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_links');
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('last_login_at');
    table.dropColumn('invitation_pending');
    table.dropColumn('active');
  });
}
