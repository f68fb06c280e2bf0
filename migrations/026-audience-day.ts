import type { Knex } from 'knex';
import { createTable } from './support';

/**
 * What audience counting must remember for the current business day only
 * (docs/decisions/0043-audience-counting.md), so that a restart during the day counts nobody
 * twice: the day's random salt, and the short hashes of the visitors already counted (one
 * per visitor and counted key). Written in the same transaction as the counts they settle;
 * every row of a past day is deleted by the first batch of the next day. Several instances
 * keep these in Redis instead (docs/decisions/0022-shared-state-in-redis.md) and leave the
 * tables empty.
 */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'stats_salts', (table) => {
    table.string('date', 10).primary();
    table.string('salt', 64).notNullable();
  });
  await createTable(knex, 'stats_seen', (table) => {
    table.increments('id');
    table.string('date', 10).notNullable();
    table.string('member', 16).notNullable();
    table.unique(['date', 'member']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stats_seen');
  await knex.schema.dropTable('stats_salts');
}
