import type { SeedContext } from '#server/seed/seed-context';
import { countRows, runStep } from '#server/seed/seed-step';
import { insertLargeFleet, insertLargeMiscellaneous, insertLargeParcels } from './large-offers';
import { insertLargeProducts } from './large-products';
import { insertLargeProjects } from './large-projects';
import { insertLargeSubmissions } from './large-submissions';

/**
 * The volume `npm run seed -- --large` adds for benchmarks and pagination. Each group is
 * added only while its table holds fewer rows than the target, so running it twice does
 * not double it. Pictures are copies of the demo pictures, so every row owns its files.
 */
export const LARGE_VOLUME = {
  products: 300,
  projects: 60,
  parcels: 100,
  fleet_properties: 100,
  miscellaneous_goods: 100,
  project_submissions: 500,
} as const;

type LargeTable = keyof typeof LARGE_VOLUME;

const STEPS: Record<
  LargeTable,
  { label: string; insert: (ctx: SeedContext, count: number) => Promise<number> }
> = {
  products: { label: 'Produits (volume)', insert: insertLargeProducts },
  projects: { label: 'Projets (volume)', insert: insertLargeProjects },
  parcels: { label: 'Parcelles (volume)', insert: insertLargeParcels },
  fleet_properties: { label: 'Flotte immobilière (volume)', insert: insertLargeFleet },
  miscellaneous_goods: { label: 'Biens divers (volume)', insert: insertLargeMiscellaneous },
  project_submissions: { label: 'Soumissions (volume)', insert: insertLargeSubmissions },
};

export async function seedLargeVolume(ctx: SeedContext): Promise<Partial<Record<LargeTable, number>>> {
  const added: Partial<Record<LargeTable, number>> = {};
  for (const table of Object.keys(LARGE_VOLUME) as LargeTable[]) {
    const target = LARGE_VOLUME[table];
    const existing = await countRows(ctx, table);
    if (existing >= target) {
      ctx.log(`${STEPS[table].label} : ${existing} ligne(s), volume déjà atteint.`);
      added[table] = 0;
      continue;
    }
    added[table] = await runStep(ctx, STEPS[table].label, () => STEPS[table].insert(ctx, target));
  }
  return added;
}
