import type { Knex } from 'knex';
import { createTable, foreignId, timestamps } from './support';

/** Administrators, revoked tokens (logout, password change) and login attempts (lockout). */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'users', (table) => {
    table.increments('id');
    table.string('name', 120).notNullable();
    // 190 characters: the longest utf8mb4 VARCHAR that still fits a 767-byte index key.
    table.string('email', 190).notNullable().unique();
    table.string('password_hash', 100).notNullable();
    table.string('role', 20).notNullable().defaultTo('admin');
    // Tokens issued before this instant are refused (set on password change).
    table.datetime('tokens_valid_after').nullable();
    timestamps(knex, table);
  });

  await createTable(knex, 'revoked_tokens', (table) => {
    table.string('jti', 64).primary();
    foreignId(table, 'user_id', 'users', 'CASCADE');
    // Expired rows are purged: a revoked token past its expiry is refused anyway.
    table.datetime('expires_at').notNullable().index();
  });

  await createTable(knex, 'login_attempts', (table) => {
    table.increments('id');
    table.string('email', 190).notNullable().index();
    table.string('ip', 64).notNullable();
    table.boolean('succeeded').notNullable();
    table.datetime('attempted_at').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_attempts');
  await knex.schema.dropTable('revoked_tokens');
  await knex.schema.dropTable('users');
}
