import type { Knex } from 'knex';
import { toCatalogueItem, type CatalogueReader } from '#shared/readers/catalogue';
import { publicAt, type Visibility } from '#server/db/visibility';
import { listCategories } from '#server/features/categories/categories.repository';
import { toProductDetail, toProductSummary } from '#server/features/products/product-view';
import { countProducts, findProduct, listProductsPage } from '#server/features/products/products.repository';

/**
 * The catalogue's reads for page loaders. A failure is thrown, never turned into an empty
 * list: an empty catalogue answered 200 would tell visitors (and the HTML cache) that
 * nothing is for sale; the renderer answers 503 instead and caches nothing
 * (docs/decisions/0012-shutdown-order-and-honest-faults.md).
 */
export function catalogueReader(db: Knex, visibility: () => Visibility = publicAt): CatalogueReader {
  return {
    catalogueCategories: async () => (await listCategories(db)).map(({ id, name }) => ({ id, name })),

    cataloguePage: async (query, page, perPage) => {
      const filter = { ...query, visibility: visibility() };
      const [rows, total] = await Promise.all([
        listProductsPage(db, filter, (page - 1) * perPage, perPage),
        countProducts(db, filter),
      ]);
      const items = rows.map((row) => toCatalogueItem(toProductSummary(row)));
      return { items, total, page, lastPage: Math.max(1, Math.ceil(total / perPage)) };
    },

    catalogueProduct: async (id) => {
      const row = await findProduct(db, id, visibility());
      return row ? toProductDetail(row) : null;
    },
  };
}
