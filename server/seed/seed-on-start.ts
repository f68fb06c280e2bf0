import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { initialContentOf, recordInitialContent } from './initial-content';
import { ensureAdmin, type AdminOutcome } from './seed-admin';
import type { SeedOptions } from './seed-database';
import { seedIsNeeded } from './seed-needed';

export interface StartSeed {
  /** Null when the start had nothing to seed (an account exists and the decision is recorded). */
  admin: AdminOutcome | null;
  /**
   * `added`: this start added the demo content; `declined`: this start was the first and
   * DEMO_CONTENT was off; `decided-before`: an earlier start (or `npm run seed`, or
   * migration 023) decided, and nothing was added.
   */
  demo: 'added' | 'declined' | 'decided-before';
}

/**
 * What every start of the server does about the seed (docs/product-rules.md, "Demo
 * content"): the first administrator when no account exists, and on the first start of a
 * database only, the demo content when DEMO_CONTENT is on. That first start records its
 * decision in the database, so no later start adds demo content, whatever DEMO_CONTENT
 * then says and whichever tables the staff emptied. The demo's modules (its content,
 * drawings and image code: some 55 files) load only when the demo is added.
 */
export async function seedOnStart(
  knex: Knex,
  config: Config,
  options: Pick<SeedOptions, 'log' | 'output'> = {},
): Promise<StartSeed> {
  if (!(await seedIsNeeded(knex))) return { admin: null, demo: 'decided-before' };
  if ((await initialContentOf(knex)) !== null) {
    return { admin: await ensureAdmin(knex, config, options.output), demo: 'decided-before' };
  }
  if (!config.demoContent) {
    const admin = await ensureAdmin(knex, config, options.output);
    await recordInitialContent(knex, 'none');
    options.log?.(
      'Contenu de démonstration non ajouté (DEMO_CONTENT=off) : le site démarre sans contenu. ' +
        '`npm run seed` l’ajoute si vous le souhaitez.',
    );
    return { admin, demo: 'declined' };
  }
  const { seedDatabase } = await import('./seed-database');
  const report = await seedDatabase(knex, config, options);
  return { admin: report.admin, demo: 'added' };
}
