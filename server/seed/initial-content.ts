import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';

/**
 * The database's own record of its demo content (docs/product-rules.md, "Demo content"):
 * the `site_state` row `initial_content`, written by the first start whatever DEMO_CONTENT
 * says, and by `npm run seed`. Once it exists no start adds demo content again, so a table
 * the staff emptied stays empty. Migration 023 wrote it for the databases that already had
 * an account (`before-trash-migration`).
 */
export const INITIAL_CONTENT = 'initial_content';

/** `demo`: the demo content was added (at `updated_at`); `none`: the first start added none. */
export type InitialContent = 'demo' | 'none';

/** The recorded value, or null while no start has decided yet. */
export async function initialContentOf(knex: Knex): Promise<string | null> {
  const row = (await knex('site_state').where({ name: INITIAL_CONTENT }).first('value')) as
    { value: string | null } | undefined;
  return row ? (row.value ?? '') : null;
}

/**
 * Writes the record. Without `replace` an existing record is kept (two instances starting
 * together decide the same thing; the first one's date stays); `npm run seed` replaces it
 * when it added rows, since the database then holds the demo whatever the first start said.
 */
export async function recordInitialContent(
  knex: Knex,
  value: InitialContent,
  { replace = false }: { replace?: boolean } = {},
): Promise<void> {
  const insert = knex('site_state')
    .insert({ name: INITIAL_CONTENT, value, updated_at: toDbDateTime(new Date()) })
    .onConflict('name');
  await (replace ? insert.merge(['value', 'updated_at']) : insert.ignore());
}
