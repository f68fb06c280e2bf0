import { useMemo, type ReactElement } from 'react';
import type { Paged } from '#shared/paged';
import type { BulkOptions } from './bulk-bar';
import { useUrlListQuery, type ListQueryState } from './list-query';
import type { ServerListCodec, ServerListQuery } from './server-list';
import { useDelete, type DeleteOptions } from './use-delete';
import { useListSelection, type ListSelection } from './use-list-selection';
import { usePagedList, type PagedList, type PagedListOptions, type PagedLoader } from './use-paged-list';

/**
 * The wiring of a list read from the server (docs/product-rules.md, "Lists of the back
 * office"): the query in the URL (serverListCodec), its pages (serverListLoader), the rows'
 * deletion, the selection and the bulk bar. The screen keeps its columns, filters and texts:
 * `<PagedListScreen {...screen} title=… columns=… />`.
 */
export interface ServerListScreenOptions<
  T extends { id: number },
  F extends Record<string, string>,
> extends Omit<PagedListOptions, 'pager'> {
  codec: ServerListCodec<F>;
  load: PagedLoader<ServerListQuery<F>, Paged<T>>;
  /** Deleting one row (useDelete's options); the list loads again once it is gone. */
  remove?: Omit<DeleteOptions<T>, 'onDeleted'>;
  /** The list's bulk actions: a checkbox per row and the bar. */
  bulk?: BulkOptions<T>;
}

export interface ServerListScreen<T extends { id: number }, F extends Record<string, string>> {
  list: PagedList<Paged<T>>;
  query: ListQueryState<ServerListQuery<F>>;
  /** Asks to delete a row (stable); a no-op without `remove`. */
  requestRemove: (row: T) => void;
  selection: ListSelection<T>;
  /** PagedListScreen's list, query, selection, bulk bar and dialogs. */
  screen: {
    list: PagedList<Paged<T>>;
    query: ListQueryState<ServerListQuery<F>>;
    selection?: ListSelection<T>;
    bulk?: BulkOptions<T>;
    bulkFilter: Record<string, string>;
    rowLabel?: (row: T) => string;
    children: ReactElement | null;
  };
}

const idOf = (row: { id: number }) => row.id;
const NO_REMOVE = {
  path: () => '',
  trashKind: 'product',
  label: () => '',
  successDescription: '',
  failureTitle: '',
} as const;

export function useServerListScreen<T extends { id: number }, F extends Record<string, string>>(
  options: ServerListScreenOptions<T, F>,
): ServerListScreen<T, F> {
  const { codec, load, remove, bulk, ...listOptions } = options;
  const query = useUrlListQuery(codec);
  const list = usePagedList(load, query.query, listOptions);
  const { request, dialog } = useDelete<T>({ ...(remove ?? NO_REMOVE), onDeleted: list.reload });
  const apiParams = codec.apiParams(query.query);
  // The selection belongs to one filtered list: a new search or filter starts it again.
  const scope = JSON.stringify({ ...apiParams, sort: undefined });
  const selection = useListSelection<T>(idOf, scope);
  const bulkFilter = useMemo(() => {
    const filter: Record<string, string> = { ...apiParams };
    delete filter.sort;
    return filter;
    // apiParams is rebuilt at each render; its text (the scope) says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope]);
  return {
    list,
    query,
    requestRemove: request,
    selection,
    screen: {
      list,
      query,
      selection: bulk ? selection : undefined,
      bulk,
      bulkFilter,
      rowLabel: bulk?.labelOf,
      children: remove ? dialog : null,
    },
  };
}
