import type { ReactElement } from 'react';
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
  /** The page shown (its status and counts, for a screen's own count). */
  list: PagedList<Paged<T>>;
  /** PagedListScreen's `list` and `query` (page and search, kept in the screen): `<PagedListScreen {...screen} …>`. */
  screen: { list: PagedList<Paged<T>>; query: ListQueryState<ListQuery> };
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
  return { list, screen: { list, query } };
}

export interface WholeListScreenOptions<T, F extends object> extends WholeListQueryOptions<F> {
  /** Deleting a row; the list loads again after a success. */
  remove: Omit<DeleteOptions<T>, 'onDeleted'>;
}

export interface WholeListScreen<T> {
  list: PagedList<Paged<T>>;
  /** Asks to delete a row (stable: the columns calling it stay memoised). */
  requestRemove: (row: T) => void;
  /** PagedListScreen's `list`, `query` and `children` (the confirmation dialog). */
  screen: WholeListQuery<T>['screen'] & { children: ReactElement };
}

/** useWholeListQuery with the rows' deletion (useDelete), the list reloaded once a row is gone. */
export function useWholeListScreen<T, F extends object = object>(
  whole: WholeList<T, ListQuery & F>,
  { remove, ...options }: WholeListScreenOptions<T, F>,
): WholeListScreen<T> {
  const { list, screen } = useWholeListQuery(whole, options);
  const { request, dialog } = useDelete<T>({ ...remove, onDeleted: list.reload });
  return { list, requestRemove: request, screen: { ...screen, children: dialog } };
}
