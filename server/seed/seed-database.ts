import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { ensureStorageLayout } from '#server/storage/layout';
import { storageFor } from '#server/storage/storage-for';
import { seedCategories, seedProducts } from './demo/seed-catalogue';
import { seedFleet, seedMiscellaneous, seedParcels } from './demo/seed-offers';
import { seedProjects } from './demo/seed-projects';
import { seedPromotions } from './demo/seed-promotions';
import { seedSubmissions } from './demo/seed-submissions';
import { seedTestimonials } from './demo/seed-testimonials';
import { DemoImages } from './demo-images';
import { seedLargeVolume, type LargeTable } from './large/seed-large';
import { recordInitialContent } from './initial-content';
import { ensureAdmin, type AdminOutcome, type AdminOutput } from './seed-admin';
import type { SeedContext } from './seed-context';
import { SEEDED_TABLES, type SeededTable } from './seed-needed';

export { SEEDED_TABLES, type SeededTable };

export interface SeedOptions {
  /** After the demo content, add the large volume used by benchmarks (idempotent too). */
  large?: boolean;
  /** The large volume times this (1 to 20, default 1): `npm run seed -- --large --scale 10`. */
  scale?: number;
  /** Progress lines, in French. Never receives the generated admin password. */
  log?: (line: string) => void;
  /** Where the one-time admin password and the production warning go (default: the terminal). */
  output?: AdminOutput;
}

export interface SeedReport {
  admin: AdminOutcome;
  /** Rows added by this run, per table (0 everywhere on a second run). */
  inserted: Record<SeededTable, number>;
  /** Rows the large volume added to tables the demo leaves empty (messages, activity log). */
  largeOnly: Partial<Record<LargeTable, number>>;
  durationMs: number;
}

/**
 * Fills an empty database with the demo content of a Cotonou construction company, and
 * the first administrator. Each content group is inserted only when its table is empty,
 * so running it again changes nothing. Expects a migrated database. Whatever DEMO_CONTENT
 * says: `npm run seed` asks for the demo, and the first start calls this only when
 * DEMO_CONTENT is on (server/seed/seed-on-start.ts). Records that the database got it.
 */
export async function seedDatabase(
  knex: Knex,
  config: Config,
  options: SeedOptions = {},
): Promise<SeedReport> {
  const started = Date.now();
  const layout = storageFor(config);
  ensureStorageLayout(layout);
  const ctx: SeedContext = {
    knex,
    layout,
    now: new Date(),
    images: new DemoImages(layout),
    log: options.log ?? (() => {}),
  };

  const admin = await ensureAdmin(knex, config, options.output);
  // Categories before products (foreign key); the projects first of all portfolio rows so
  // the product rules' samples get ids 1 to 3.
  const inserted: Record<SeededTable, number> = {
    categories: await seedCategories(ctx),
    products: await seedProducts(ctx),
    parcels: await seedParcels(ctx),
    fleet_properties: await seedFleet(ctx),
    miscellaneous_goods: await seedMiscellaneous(ctx),
    promotions: await seedPromotions(ctx),
    projects: await seedProjects(ctx),
    project_submissions: await seedSubmissions(ctx),
    testimonials: await seedTestimonials(ctx),
  };
  const largeOnly: Partial<Record<LargeTable, number>> = {};
  if (options.large) {
    const added = await seedLargeVolume(ctx, options.scale);
    for (const [table, count] of Object.entries(added) as [LargeTable, number][]) {
      if ((SEEDED_TABLES as readonly string[]).includes(table)) inserted[table as SeededTable] += count;
      else largeOnly[table] = count;
    }
  }
  // After the rows: a start cut short in the middle records nothing and the next one
  // finishes the tables still empty.
  const added = SEEDED_TABLES.some((table) => inserted[table] > 0);
  await recordInitialContent(knex, 'demo', { replace: added });
  return { admin, inserted, largeOnly, durationMs: Date.now() - started };
}
