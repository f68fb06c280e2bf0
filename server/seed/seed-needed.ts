import type { Knex } from 'knex';
import { initialContentOf } from './initial-content';

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
 * Whether a start has anything to seed: no account exists yet (the first administrator), or
 * the database has not recorded its demo content decision (its first start;
 * server/seed/initial-content.ts). An emptied table is no reason: once recorded, no start
 * adds demo content again (docs/product-rules.md, "Demo content"). The entry point asks
 * this on every start, so it is two small reads and imports nothing of the seed's content.
 */
export async function seedIsNeeded(knex: Knex): Promise<boolean> {
  const account = await knex('users').first('id');
  return account === undefined || (await initialContentOf(knex)) === null;
}
