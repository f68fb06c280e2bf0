import type { Knex } from 'knex';
import { createTable } from './support';

/**
 * A table that never keeps a row: `/api/ready` inserts one inside a transaction and rolls
 * it back (server/db/dialect.ts, probeDatabase), so readiness proves that the database takes
 * writes, not only reads. A SQLite file made read-only or immutable still answers
 * `select 1`, while every write of the site fails (docs/decisions/0012-shutdown-order-and-honest-faults.md).
 */

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'readiness_probe', (table) => {
    table.increments('id');
    table.string('checked_by', 32).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('readiness_probe');
}
