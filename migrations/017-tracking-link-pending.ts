import type { Knex } from 'knex';

/**
 * A request's tracking link asked again by the /suivi form waits here, beside the link
 * the client holds, until it is first opened (docs/product-rules.md, "Tracking link";
 * docs/decisions/0020-tracking-links-and-status-history.md): anybody who knows a
 * reference and its e-mail can ask for a link, so asking must not void the one in use.
 * Only the token's SHA-256, like tracking_token_hash, and unique: its own index, so the
 * tracking page still finds a token by indexed equalities only.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_submissions', (table) => {
    table.string('tracking_token_pending_hash', 64).nullable().unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_submissions', (table) => {
    table.dropUnique(['tracking_token_pending_hash']);
    table.dropColumn('tracking_token_pending_hash');
  });
}
