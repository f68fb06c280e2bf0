import type { Knex } from 'knex';
import { createTable } from './support';

/**
 * Human references for requests (docs/product-rules.md, "Request references"):
 * `EDF-2026-00042` for a project submission. A reference is taken from a counter per
 * prefix and year that only ever goes up, so a deleted request's reference is never given
 * again; existing submissions get theirs here, in the order they arrived.
 */

const TIME_ZONE = 'Africa/Porto-Novo';
const yearFormat = new Intl.DateTimeFormat('en', { timeZone: TIME_ZONE, year: 'numeric' });

/** Frozen copy of the rule: the year is Cotonou's, the sequence 5 digits at least. */
function yearOf(createdAt: string | Date): number {
  const at = createdAt instanceof Date ? createdAt : new Date(`${createdAt.replace(' ', 'T')}Z`);
  return Number(yearFormat.format(at));
}

export async function up(knex: Knex): Promise<void> {
  // One counter per prefix and year, keyed 'EDF-2026'.
  await createTable(knex, 'reference_sequences', (table) => {
    table.string('name', 20).primary();
    table.integer('last_value').notNullable();
  });
  // Nullable in the schema only because rows exist before their backfill; every writer sets it.
  await knex.schema.alterTable('project_submissions', (table) => {
    table.string('reference', 24).nullable().unique();
  });

  const rows: { id: number; created_at: string | Date }[] = await knex('project_submissions')
    .select('id', 'created_at')
    .orderBy('id', 'asc');
  const counters = new Map<number, number>();
  for (const row of rows) {
    const year = yearOf(row.created_at);
    const value = (counters.get(year) ?? 0) + 1;
    counters.set(year, value);
    await knex('project_submissions')
      .where({ id: row.id })
      .update({ reference: `EDF-${year}-${String(value).padStart(5, '0')}` });
  }
  for (const [year, value] of counters)
    await knex('reference_sequences').insert({ name: `EDF-${year}`, last_value: value });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_submissions', (table) => {
    table.dropUnique(['reference']);
    table.dropColumn('reference');
  });
  await knex.schema.dropTable('reference_sequences');
}
