import { encodeJson } from '#server/db/dialect';
import { categoryIds, demoProducts } from '#server/seed/demo/seed-catalogue';
import { nextReferenceNumber, productReference } from '#server/features/products/product-references';
import { picker } from '#server/seed/random';
import { dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { ownedImages, presentInStorage } from './owned-images';
import { daysApart } from './spread';
import { FURNITURE_QUALIFIERS, MATERIAL_QUALIFIERS } from './vocabulary';

const FURNITURE_CATEGORIES = new Set(['Mobilier de salon', 'Mobilier de chambre', 'Décoration']);

/** Whole F CFA, rounded as a shop would: to 25 F under 1 000 F, to 50 F above. */
function shopPrice(value: number): number {
  const step = value < 1000 ? 25 : 50;
  return Math.max(step, Math.round(value / step) * step);
}

/** Variants of the demo products (other grades, finishes, depots), with the demo pictures. */
export async function insertLargeProducts(ctx: SeedContext, count: number): Promise<number> {
  const random = picker(300);
  const categoryId = await categoryIds(ctx);
  // Demo products in insertion order: the picture of variant i matches its base product.
  const demoImages = await presentInStorage(
    ctx,
    await ctx.knex('products').orderBy('id').limit(demoProducts.length).pluck('image'),
  );
  const bases = Array.from({ length: count }, (_, i) => demoProducts[i % demoProducts.length]!);
  // Round-robin over the demo pictures, in the same cycle as `bases`.
  const images = await ownedImages(ctx, 'products', count, demoImages, [
    ...new Set(demoProducts.map((p) => p.image)),
  ]);
  const firstNumber = await nextReferenceNumber(ctx.knex);
  // 600 days of catalogue, whatever the scale.
  const step = daysApart(600, count);
  const rows = bases.map((base, i) => {
    const qualifiers = FURNITURE_CATEGORIES.has(base.category) ? FURNITURE_QUALIFIERS : MATERIAL_QUALIFIERS;
    const price = shopPrice(base.price * (0.8 + random.next() * 0.5));
    const at = dateTimeFrom(ctx.now, -(count - i) * step, -i);
    return {
      reference: productReference(firstNumber + i),
      name: `${base.name.split(' – ')[0]} – ${random.pick(qualifiers)}`,
      category_id: categoryId(base.category),
      price,
      old_price: i % 5 === 0 ? shopPrice(price * 1.12) : null,
      stock: i % 12 === 0 ? 0 : random.int(1, 400),
      description: base.description,
      long_description: base.longDescription,
      specifications: encodeJson(base.specifications),
      features: encodeJson(base.features),
      image: images[i]!,
      gallery: null,
      created_at: at,
      updated_at: at,
    };
  });
  await ctx.knex.transaction((trx) => trx.batchInsert('products', rows, 100));
  return rows.length;
}
