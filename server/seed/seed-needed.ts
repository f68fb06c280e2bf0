import type { Knex } from 'knex';

/** The tables the seed fills, each only when it is empty (server/seed/seed-database.ts). */
export const SEEDED_TABLES = [
  'categories',
  'products',
  'parcels',
  'fleet_properties',
  'miscellaneous_goods',
  'promotions',
  'projects',
  'project_submissions',
  'testimonials',
] as const;
export type SeededTable = (typeof SEEDED_TABLES)[number];

/**
 * Whether the seed has anything to do: a table it fills is empty, or no account exists (the
 * first administrator). The entry point asks this before it loads the seed's modules (its
 * content, drawings and image code), which a started site with its data never needs. It
 * imports nothing of the seed so that asking stays cheap.
 */
export async function seedIsNeeded(knex: Knex): Promise<boolean> {
  for (const table of [...SEEDED_TABLES, 'users']) {
    const row = await knex(table).count({ count: '*' }).first();
    if (Number(row?.count ?? 0) === 0) return true;
  }
  return false;
}
