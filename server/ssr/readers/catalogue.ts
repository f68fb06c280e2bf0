import type { Knex } from 'knex';
import { toCatalogueItem, type CatalogueReader } from '#shared/readers/catalogue';
import { listCategories } from '#server/features/categories/categories.repository';
import { toProductDetail, toProductSummary } from '#server/features/products/product-view';
import { countProducts, findProduct, listProductsPage } from '#server/features/products/products.repository';
import type { Logger } from '#server/logger';

/**
 * The catalogue's reads for page loaders. Spec section 8: a failure to load the products
 * or the categories is only logged; the page still renders, without them.
 */
export function catalogueReader(db: Knex, logger?: Logger): CatalogueReader {
  async function orElse<T>(read: () => Promise<T>, fallback: T, what: string): Promise<T> {
    try {
      return await read();
    } catch (error) {
      logger?.error({ err: error }, `échec du chargement ${what} du catalogue`);
      return fallback;
    }
  }

  return {
    catalogueCategories: () =>
      orElse(
        async () => (await listCategories(db)).map(({ id, name }) => ({ id, name })),
        [],
        'des catégories',
      ),

    cataloguePage: (query, page, perPage) =>
      orElse(
        async () => {
          const [rows, total] = await Promise.all([
            listProductsPage(db, query, (page - 1) * perPage, perPage),
            countProducts(db, query),
          ]);
          const items = rows.map((row) => toCatalogueItem(toProductSummary(row)));
          return { items, total, page, lastPage: Math.max(1, Math.ceil(total / perPage)) };
        },
        { items: [], total: 0, page, lastPage: 1 },
        'des produits',
      ),

    catalogueProduct: async (id) => {
      const row = await findProduct(db, id);
      return row ? toProductDetail(row) : null;
    },
  };
}
