import type { Paged } from '#shared/paged';
import { useLocalListQuery, type ListQuery, type ListQueryState } from './list-query';
import { useDelete, type DeleteOptions } from './use-delete';
import { usePagedList, type PagedList, type PagedListOptions } from './use-paged-list';
import type { WholeList } from './use-whole-list';

export interface WholeListQueryOptions<F extends object> extends PagedListOptions {
  /** The screen's filters (from useUrlFilter), joined to the page and the search. */
  filters?: F;
}

export interface WholeListQuery<T> {
  /** Page and search, kept in the screen: PagedListScreen's `query`. */
  query: ListQueryState<ListQuery>;
  /** PagedListScreen's `list`. */
  list: PagedList<Paged<T>>;
}

/**
 * The wiring every whole-array list screen shares (categories, products, projects, offers,
 * promotions, testimonials, Chantiers): the local query, the screen's filters joined to it,
 * and the page of `whole` shown for them. The screen keeps its own source, filters,
 * columns and texts.
 */
export function useWholeListQuery<T, F extends object = object>(
  whole: WholeList<T, ListQuery & F>,
  { filters, ...options }: WholeListQueryOptions<F> = {},
): WholeListQuery<T> {
  const query = useLocalListQuery();
  const list = usePagedList(whole.load, { ...query.query, ...filters } as ListQuery & F, options);
  return { query, list };
}

export interface WholeListScreenOptions<T, F extends object> extends WholeListQueryOptions<F> {
  /** Deleting a row; the list loads again after a success. */
  remove: Omit<DeleteOptions<T>, 'onDeleted'>;
}

/** useWholeListQuery with the rows' deletion (useDelete), the list reloaded once a row is gone. */
export function useWholeListScreen<T, F extends object = object>(
  whole: WholeList<T, ListQuery & F>,
  { remove: removeOptions, ...options }: WholeListScreenOptions<T, F>,
): WholeListQuery<T> & { remove: ReturnType<typeof useDelete<T>> } {
  const { query, list } = useWholeListQuery(whole, options);
  const remove = useDelete<T>({ ...removeOptions, onDeleted: list.reload });
  return { query, list, remove };
}
