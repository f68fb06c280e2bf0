import type { Knex } from 'knex';
import type { CategoryAdminFilter, CategoryAdminListQuery } from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { listIds, listPage, type ListSpec } from '#server/db/list-page';
import { whereNotTrashed } from '#server/db/visibility';
import { toCategory, type CategoryRow } from './categories.repository';

/**
 * The back office's category list read on the server (docs/product-rules.md, "Lists of the
 * back office"): live categories searched on the name and the description, each with its
 * number of live products (drafts count: the count is the staff's), sortable on it.
 */

type Key = CategoryAdminListQuery['sort']['key'];

const SPEC: ListSpec<Key> = {
  search: ['c.name', 'c.description'],
  sorts: { name: 'c.name', products_count: 'products_count', created_at: 'c.created_at' },
  id: 'c.id',
};

/**
 * Live products counted per category in one grouped query, joined to the page: grouping
 * the products alone on their category_id keeps clear of MySQL's ONLY_FULL_GROUP_BY.
 */
function withCounts(db: Knex): Knex.QueryBuilder {
  const counts = whereNotTrashed(db('products'))
    .select('category_id')
    .count({ n: '*' })
    .groupBy('category_id')
    .as('pc');
  return whereNotTrashed(db('categories as c').leftJoin(counts, 'pc.category_id', 'c.id'), 'c');
}

export async function categoryAdminPage(
  db: Knex,
  query: CategoryAdminListQuery,
): Promise<{ rows: Category[]; total: number }> {
  const { rows, total } = await listPage<CategoryRow, Key>(
    () => withCounts(db),
    // `products_count` is the alias the sort orders by; a category without live products counts 0.
    ['c.id', 'c.name', 'c.description', db.raw('coalesce(??, 0) as ??', ['pc.n', 'products_count'])],
    query,
    SPEC,
  );
  return { rows: rows.map(toCategory), total };
}

/** Every id of the searched list: the rows of 'Tout sélectionner (N)'. */
export function categoryAdminIds(db: Knex, filter: CategoryAdminFilter): Promise<number[]> {
  return listIds(
    () => whereNotTrashed(db('categories as c'), 'c'),
    { columns: SPEC.search, text: filter.search },
    'c.id',
  );
}
