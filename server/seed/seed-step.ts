import type { SeedContext } from './seed-context';

/**
 * One content group: inserted only when its table is empty (a second run changes
 * nothing), and all or nothing: its rows go in one transaction inside `insert`, and the
 * images it stored are removed if anything fails.
 */
export async function seedWhenEmpty(
  ctx: SeedContext,
  table: string,
  label: string,
  insert: () => Promise<number>,
): Promise<number> {
  const existing = await countRows(ctx, table);
  if (existing > 0) {
    ctx.log(`${label} : ${existing} déjà présent(s), rien ajouté.`);
    return 0;
  }
  return runStep(ctx, label, insert);
}

export async function runStep(
  ctx: SeedContext,
  label: string,
  insert: () => Promise<number>,
): Promise<number> {
  const mark = ctx.images.mark();
  const started = Date.now();
  try {
    const added = await insert();
    ctx.log(`${label} : ${added} ajouté(s) en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return added;
  } catch (error) {
    await ctx.images.discardSince(mark);
    throw error;
  }
}

export async function countRows(ctx: Pick<SeedContext, 'knex'>, table: string): Promise<number> {
  const row = await ctx.knex(table).count({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
