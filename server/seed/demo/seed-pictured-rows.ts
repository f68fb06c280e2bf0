import type { ImageKind } from '#server/storage/layout';
import type { DrawingName } from '#server/seed/drawings/registry';
import type { SeedContext } from '#server/seed/seed-context';
import { seedWhenEmpty } from '#server/seed/seed-step';

/**
 * The common shape of the one-picture tables (offers, promotions): store each item's
 * drawing, build its row around the stored path, insert them all in one transaction.
 */
export function seedPicturedRows<T extends { image: DrawingName }>(
  ctx: SeedContext,
  table: string,
  label: string,
  kind: ImageKind,
  items: readonly T[],
  toRow: (item: T, image: string, index: number) => Record<string, unknown>,
): Promise<number> {
  return seedWhenEmpty(ctx, table, label, async () => {
    const images = await ctx.images.storeAll(items.map((item) => ({ drawing: item.image, kind })));
    const rows = items.map((item, i) => toRow(item, images[i]!, i));
    await ctx.knex.transaction((trx) => trx(table).insert(rows));
    return rows.length;
  });
}
