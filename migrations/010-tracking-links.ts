import type { Knex } from 'knex';

/**
 * The private tracking link of a project request (docs/product-rules.md, "Tracking
 * link"). Only the token's SHA-256 is stored: a leaked database or backup gives no working
 * link. Requests sent before this migration have none until the staff generate one.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_submissions', (table) => {
    table.string('tracking_token_hash', 64).nullable().unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_submissions', (table) => {
    table.dropUnique(['tracking_token_hash']);
    table.dropColumn('tracking_token_hash');
  });
}
