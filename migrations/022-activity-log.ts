import type { Knex } from 'knex';
import { createTable } from './support';

/**
 * The activity log (docs/decisions/0036-activity-log.md): who did what to which record, with
 * the changed fields' old and new values. No foreign key to users: a row keeps the name the
 * user had at the time and must outlive any later change to the account. `changes` is a
 * JSON object field -> [old, new] and never holds a password, a hash or a token.
 */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'activity_log', (table) => {
    table.increments('id');
    table.datetime('created_at').notNullable().defaultTo(knex.fn.now());
    table.integer('user_id').unsigned().nullable();
    table.string('user_name', 255).nullable();
    table.string('action', 40).notNullable();
    table.string('entity', 40).notNullable();
    table.string('entity_id', 64).nullable();
    table.string('label', 255).nullable();
    table.text('changes').nullable();
    table.index(['created_at']);
    table.index(['user_id']);
    table.index(['entity']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('activity_log');
}
