import type { Knex } from 'knex';
import type { ProductAdminFilter, ProductAdminListQuery } from '#shared/schemas/product';
import type { ProductSummary } from '#shared/types';
import { listIds, listPage, type ListSpec } from '#server/db/list-page';
import { wherePublicationIs } from '#server/db/publication';
import { whereNotTrashed } from '#server/db/visibility';
import { toProductSummary, type ProductRow } from './product-view';
import { SUMMARY_COLUMNS } from './products.repository';

/**
 * The back office's product list read on the server (docs/product-rules.md, "Lists of the
 * back office"): live products (drafts and scheduled ones included, trashed ones never)
 * with their category's name, filtered by category and state, searched on the name, the
 * reference and the category's name.
 */

const SPEC: ListSpec<ProductAdminListQuery['sort']['key']> = {
  search: ['p.name', 'p.reference', 'c.name'],
  sorts: {
    name: 'p.name',
    reference: 'p.reference',
    price: 'p.price',
    stock: 'p.stock',
    category: 'c.name',
    created_at: 'p.created_at',
    updated_at: 'p.updated_at',
  },
  id: 'p.id',
};

/** The list's rows before search and paging; `now` judges what is scheduled or published. */
function filtered(db: Knex, filter: ProductAdminFilter, now: Date): Knex.QueryBuilder {
  const query = whereNotTrashed(
    db('products as p').leftJoin('categories as c', 'c.id', 'p.category_id'),
    'p',
  );
  if (filter.category_id !== undefined) query.where('p.category_id', filter.category_id);
  if (filter.publication !== undefined)
    wherePublicationIs(query, 'products', { label: filter.publication, now }, 'p');
  return query;
}

export async function productAdminPage(
  db: Knex,
  query: ProductAdminListQuery,
  now: Date,
): Promise<{ rows: ProductSummary[]; total: number }> {
  const { rows, total } = await listPage<ProductRow, ProductAdminListQuery['sort']['key']>(
    () => filtered(db, query, now),
    SUMMARY_COLUMNS,
    query,
    SPEC,
  );
  return { rows: rows.map(toProductSummary), total };
}

/** Every id the filtered list holds: the rows of 'Tout sélectionner (N)'. */
export function productAdminIds(db: Knex, filter: ProductAdminFilter, now: Date): Promise<number[]> {
  return listIds(() => filtered(db, filter, now), { columns: SPEC.search, text: filter.search }, 'p.id');
}
