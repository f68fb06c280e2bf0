import type { Knex } from 'knex';
import type { ListPageQuery, ListSort } from '#shared/list-query';
import { toNumber, whereContains } from './dialect';

/**
 * One page of a back-office list read on the server (docs/product-rules.md, "Lists of the
 * back office"): the list's filtered query, the search's words, the sort the query chose
 * (mapped to columns here, so the query string never names SQL) and the page. Two queries
 * whatever the page size: the page and the filtered count.
 */
export interface ListSpec<S extends string> {
  /** The columns a search word may be found in (each word in one of them at least). */
  search: readonly string[];
  /** Each sort key of the list's schema and the column(s) it orders by, in order. */
  sorts: Readonly<Record<S, string | readonly string[]>>;
  /** The tie-breaker keeping equal keys in one order across pages: the table's id. */
  id?: string;
}

/** Every word of `search` in one of `columns`: 'Agossou villa' finds the Agossou villa. */
export function whereSearch<QB extends Knex.QueryBuilder>(
  builder: QB,
  columns: readonly string[],
  search: string,
): QB {
  for (const word of search.split(/\s+/).filter(Boolean)) whereContains(builder, columns, word);
  return builder;
}

/** Orders by the chosen sort's columns, then by id in the same direction. */
export function orderByListSort<S extends string, QB extends Knex.QueryBuilder>(
  builder: QB,
  spec: Pick<ListSpec<S>, 'sorts' | 'id'>,
  sort: ListSort<S>,
): QB {
  const columns = spec.sorts[sort.key];
  for (const column of typeof columns === 'string' ? [columns] : columns) builder.orderBy(column, sort.order);
  return builder.orderBy(spec.id ?? 'id', sort.order) as QB;
}

/**
 * The page of `filtered()` (a fresh builder each call: the list's table, its joins and
 * filters, trashed rows left out) the query asks for, with `select`ed columns, and the
 * number of rows the filters and search keep.
 */
export async function listPage<Row, S extends string>(
  filtered: () => Knex.QueryBuilder,
  select: readonly (string | Knex.Raw)[],
  query: ListPageQuery<S>,
  spec: ListSpec<S>,
): Promise<{ rows: Row[]; total: number }> {
  const offset = (query.page - 1) * query.per_page;
  const [rows, counted] = await Promise.all([
    orderByListSort(whereSearch(filtered(), spec.search, query.search).select(select), spec, query.sort)
      .limit(query.per_page)
      .offset(offset) as Promise<Row[]>,
    whereSearch(filtered(), spec.search, query.search).clearSelect().count({ n: '*' }).first() as Promise<
      { n: number | string } | undefined
    >,
  ]);
  return { rows, total: toNumber(counted?.n ?? 0) };
}

/** The ids of every row `filtered()` and the search keep (a bulk action on the filtered list). */
export async function listIds(
  filtered: () => Knex.QueryBuilder,
  search: { columns: readonly string[]; text: string },
  idColumn = 'id',
): Promise<number[]> {
  const rows = (await whereSearch(filtered(), search.columns, search.text)
    .clearSelect()
    .select({ id: idColumn })
    .orderBy(idColumn, 'asc')) as { id: number | string }[];
  return rows.map((row) => toNumber(row.id));
}
