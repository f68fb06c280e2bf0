import { encodeJson } from '#server/db/dialect';
import { categories } from '#server/seed/content/categories';
import { furnitureProducts } from '#server/seed/content/products-furniture';
import { materialProducts } from '#server/seed/content/products-materials';
import type { ProductContent } from '#server/seed/content/types';
import { nextReferenceNumber, productReference } from '#server/features/products/product-references';
import { dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { seedWhenEmpty } from '#server/seed/seed-step';

export const demoProducts: readonly ProductContent[] = [...materialProducts, ...furnitureProducts];

export function seedCategories(ctx: SeedContext): Promise<number> {
  return seedWhenEmpty(ctx, 'categories', 'Catégories', async () => {
    const rows = categories.map((category, i) => {
      const at = dateTimeFrom(ctx.now, -90 + i);
      return { name: category.name, description: category.description, created_at: at, updated_at: at };
    });
    await ctx.knex.transaction((trx) => trx('categories').insert(rows));
    return rows.length;
  });
}

/** Category ids by name; a product whose category was renamed falls back to the first one. */
export async function categoryIds(ctx: SeedContext): Promise<(name: string) => number> {
  const rows: { id: number; name: string }[] = await ctx
    .knex('categories')
    .select('id', 'name')
    .orderBy('id');
  if (rows.length === 0) throw new Error('Aucune catégorie : impossible de créer des produits.');
  const byName = new Map(rows.map((row) => [row.name, Number(row.id)]));
  return (name) => byName.get(name) ?? Number(rows[0]!.id);
}

export function seedProducts(ctx: SeedContext): Promise<number> {
  return seedWhenEmpty(ctx, 'products', 'Produits', async () => {
    const categoryId = await categoryIds(ctx);
    const pictures = demoProducts.flatMap((p) => [p.image, ...(p.gallery ?? [])]);
    const stored = await ctx.images.storeAll(
      pictures.map((drawing) => ({ drawing, kind: 'products' as const })),
    );
    const firstNumber = await nextReferenceNumber(ctx.knex);
    let cursor = 0;
    const rows = demoProducts.map((product, i) => {
      const image = stored[cursor++]!;
      const gallery = (product.gallery ?? []).map(() => stored[cursor++]!);
      const at = dateTimeFrom(ctx.now, -60 + i * 2, i);
      return {
        reference: productReference(firstNumber + i),
        name: product.name,
        category_id: categoryId(product.category),
        price: product.price,
        old_price: product.oldPrice ?? null,
        stock: product.stock,
        description: product.description,
        long_description: product.longDescription,
        specifications: encodeJson(product.specifications),
        features: encodeJson(product.features),
        image,
        gallery: gallery.length > 0 ? encodeJson(gallery) : null,
        created_at: at,
        updated_at: at,
      };
    });
    await ctx.knex.transaction((trx) => trx('products').insert(rows));
    return rows.length;
  });
}
