import { resolveStoredImage } from '#server/images/image-paths';
import { publicKey } from '#server/storage/keys';
import type { ImageKind } from '#server/storage/layout';
import type { DrawingName } from '#server/seed/drawings/registry';
import type { SeedContext } from '#server/seed/seed-context';

/** The given stored images whose fallback file is really in storage (rows may outlive files). */
export async function presentInStorage(
  ctx: SeedContext,
  paths: readonly (string | null)[],
): Promise<string[]> {
  const present: string[] = [];
  for (const p of paths) {
    if (!p) continue;
    try {
      resolveStoredImage(p, ctx.layout);
    } catch {
      continue;
    }
    if ((await ctx.layout.files.read(publicKey(p), 1)) !== null) present.push(p);
  }
  return present;
}

/**
 * `count` images owned by new rows: copies (under fresh names) of `sources`, round-robin.
 * With no usable source (demo rows deleted by hand), the group's drawings are stored
 * afresh first and serve as sources.
 */
export async function ownedImages(
  ctx: SeedContext,
  kind: ImageKind,
  count: number,
  sources: readonly string[],
  fallback: readonly DrawingName[],
): Promise<string[]> {
  let pool = [...sources];
  let fresh: string[] = [];
  if (pool.length === 0) {
    fresh = await ctx.images.storeAll(fallback.slice(0, count).map((drawing) => ({ drawing, kind })));
    pool = fresh;
  }
  const copies = await ctx.images.copyAll(
    Array.from({ length: count - fresh.length }, (_, i) => ({ from: pool[i % pool.length]!, kind })),
  );
  return [...fresh, ...copies];
}

/**
 * The common shape of the one-picture tables in the large volume: `count` owned copies of
 * the pictures already in `table`, rows built around them, one batched transaction.
 */
export async function insertPicturedRows(
  ctx: SeedContext,
  table: string,
  kind: ImageKind,
  count: number,
  fallback: readonly DrawingName[],
  toRow: (image: string, index: number) => Record<string, unknown>,
): Promise<number> {
  const sources = await presentInStorage(ctx, await ctx.knex(table).pluck('image'));
  const images = await ownedImages(ctx, kind, count, sources, fallback);
  const rows = images.map(toRow);
  await ctx.knex.transaction((trx) => trx.batchInsert(table, rows, 100));
  return rows.length;
}
