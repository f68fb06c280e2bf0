import type { Knex } from 'knex';
import { createTable, foreignId } from './support';

/**
 * The history of a project request (docs/product-rules.md, "Status history"): one row per
 * status change, internal note or message to the client, dated and signed. It replaces
 * the single admin_notes field, which every save used to overwrite: a request's existing
 * notes become its first entry, dated by the row's last update (the best date there is),
 * with its current status so that a request already past 'new' keeps that step.
 */

const BATCH = 500;

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'submission_events', (table) => {
    table.increments('id');
    foreignId(table, 'submission_id', 'project_submissions', 'CASCADE');
    // null only for an entry written before the history existed.
    table.string('from_status', 20).nullable();
    table.string('to_status', 20).notNullable();
    table.text('internal_note').nullable();
    table.text('client_message').nullable();
    // The author's name is copied: the entry keeps it once the account is gone.
    table.integer('author_id').unsigned().nullable();
    table.string('author_name', 190).nullable();
    table.datetime('created_at').notNullable().defaultTo(knex.fn.now());
  });

  let lastId = 0;
  for (;;) {
    const rows: { id: number; status: string; admin_notes: string | null; updated_at: unknown }[] =
      await knex('project_submissions')
        .select('id', 'status', 'admin_notes', 'updated_at')
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(BATCH);
    if (rows.length === 0) break;
    lastId = Number(rows[rows.length - 1]?.id);
    const entries = rows
      .filter((row) => row.status !== 'new' || (row.admin_notes ?? '').trim() !== '')
      .map((row) => ({
        submission_id: Number(row.id),
        from_status: 'new',
        to_status: row.status,
        internal_note: row.admin_notes?.trim() ? row.admin_notes.trim() : null,
        client_message: null,
        author_id: null,
        author_name: null,
        created_at: row.updated_at,
      }));
    if (entries.length > 0) await knex('submission_events').insert(entries);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('submission_events');
}
