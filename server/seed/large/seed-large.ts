import { fleetProperties } from '#server/seed/content/fleet';
import { miscellaneousGoods } from '#server/seed/content/miscellaneous';
import { parcels } from '#server/seed/content/parcels';
import { submissions } from '#server/seed/content/submissions';
import { demoProducts } from '#server/seed/demo/seed-catalogue';
import { demoProjects } from '#server/seed/demo/seed-projects';
import type { SeedContext } from '#server/seed/seed-context';
import { countRows, runStep } from '#server/seed/seed-step';
import { insertLargeActivity } from './large-activity';
import { insertLargeMessages } from './large-messages';
import { insertLargeFleet, insertLargeMiscellaneous, insertLargeParcels } from './large-offers';
import { insertLargeProducts } from './large-products';
import { insertLargeProjects } from './large-projects';
import { insertLargeSubmissions } from './large-submissions';

/**
 * The volume `npm run seed -- --large` adds for benchmarks and pagination, on top of the
 * demo content; `--scale N` multiplies it (`--large --scale 10`: 3 000 products, 5 000
 * requests and messages, the back office's lists at scale). Each group adds only the rows
 * missing to reach its target, so running it twice does not double it, and a larger scale
 * after a smaller one adds the difference. Pictures are copies of the demo pictures, so
 * every row owns its files.
 */
export const LARGE_VOLUME = {
  products: 300,
  projects: 60,
  parcels: 100,
  fleet_properties: 100,
  miscellaneous_goods: 100,
  project_submissions: 500,
  contact_messages: 500,
  activity_log: 1000,
} as const;

export const LARGE_SCALE_MIN = 1;
export const LARGE_SCALE_MAX = 20;

export type LargeTable = keyof typeof LARGE_VOLUME;

const STEPS: Record<
  LargeTable,
  {
    label: string;
    /** The rows the demo content puts in the table: the large rows are the ones beyond. */
    demo: number;
    insert: (ctx: SeedContext, count: number) => Promise<number>;
  }
> = {
  products: { label: 'Produits (volume)', demo: demoProducts.length, insert: insertLargeProducts },
  projects: { label: 'Projets (volume)', demo: demoProjects.length, insert: insertLargeProjects },
  parcels: { label: 'Parcelles (volume)', demo: parcels.length, insert: insertLargeParcels },
  fleet_properties: {
    label: 'Flotte immobilière (volume)',
    demo: fleetProperties.length,
    insert: insertLargeFleet,
  },
  miscellaneous_goods: {
    label: 'Biens divers (volume)',
    demo: miscellaneousGoods.length,
    insert: insertLargeMiscellaneous,
  },
  project_submissions: {
    label: 'Soumissions (volume)',
    demo: submissions.length,
    insert: insertLargeSubmissions,
  },
  contact_messages: { label: 'Messages de contact (volume)', demo: 0, insert: insertLargeMessages },
  // Sign-ins and the back office's own writes add rows too: they count toward the target.
  activity_log: { label: 'Journal d’activité (volume)', demo: 0, insert: insertLargeActivity },
};

export async function seedLargeVolume(ctx: SeedContext, scale = 1): Promise<Record<LargeTable, number>> {
  if (!Number.isInteger(scale) || scale < LARGE_SCALE_MIN || scale > LARGE_SCALE_MAX) {
    throw new Error(`Échelle invalide : ${scale} (de ${LARGE_SCALE_MIN} à ${LARGE_SCALE_MAX}).`);
  }
  const added = {} as Record<LargeTable, number>;
  for (const table of Object.keys(LARGE_VOLUME) as LargeTable[]) {
    const step = STEPS[table];
    const target = LARGE_VOLUME[table] * scale;
    const existing = await countRows(ctx, table);
    const missing = target - Math.max(0, existing - step.demo);
    if (missing <= 0) {
      ctx.log(`${step.label} : ${existing} ligne(s), volume déjà atteint.`);
      added[table] = 0;
      continue;
    }
    added[table] = await runStep(ctx, step.label, () => step.insert(ctx, missing));
  }
  return added;
}
