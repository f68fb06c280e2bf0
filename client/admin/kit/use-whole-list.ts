import { useCallback, useEffect, useRef, useState } from 'react';
import { pageOfAll, type Paged } from '#shared/paged';
import { adminApi, listData } from './admin-api';
import type { ListQuery } from './list-query';
import type { PagedLoader } from './use-paged-list';

/** Reads the whole list: an API path answering `{ data: [...] }` or a bare array, or a function (offers: three paths). */
export type WholeSource<T> = string | ((signal: AbortSignal) => Promise<T[]>);

export interface WholeList<T, Q extends ListQuery> {
  /** usePagedList's loader: the rows `select` keeps for the query, paged. */
  load: PagedLoader<Q, Paged<T>>;
  /** Every row once fetched (null before): a filter's choices, an empty list's own sentence. */
  items: T[] | null;
  /** Changes rows locally (a row saved from the table) without fetching again. */
  setItems: (update: (items: T[]) => T[]) => void;
}

/**
 * The adapter of a list whose API still answers the whole array (products, projects, …):
 * fetched once, again on each reload, then searched, filtered and paged on the client into
 * the same `Paged<T>` a paged API answers. `source` and `select` must be stable (module
 * level). Moving such a list to the server replaces this hook by a loader calling the API.
 */
export function useWholeList<T, Q extends ListQuery>(
  source: WholeSource<T>,
  select: (all: T[], query: Q) => T[],
): WholeList<T, Q> {
  const cache = useRef<{ round: number; source: WholeSource<T>; rows: Promise<T[]> } | null>(null);
  // Not the query's signal: a new search must not abort the list's one fetch.
  const fetching = useRef<AbortController | null>(null);
  const [items, setItemsState] = useState<T[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => () => fetching.current?.abort(), []);

  const load = useCallback<PagedLoader<Q, Paged<T>>>(
    (request, { round }) => {
      // A new source (a filter the API applies: `?publication=`) is fetched too.
      if (!cache.current || cache.current.round !== round || cache.current.source !== source) {
        fetching.current?.abort();
        const controller = new AbortController();
        fetching.current = controller;
        const rows =
          typeof source === 'string'
            ? adminApi<{ data?: T[] } | T[]>(source, { signal: controller.signal }).then(listData)
            : source(controller.signal);
        cache.current = { round, source, rows: rows.then((all) => (setItemsState(all), all)) };
      }
      return cache.current.rows.then((all) => pageOfAll(select(all, request), request));
    },
    // `version`: a local change pages the list again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source, select, version],
  );

  const setItems = useCallback((update: (items: T[]) => T[]) => {
    if (!cache.current) return;
    cache.current.rows = cache.current.rows.then(update);
    setItemsState((items) => items && update(items));
    setVersion((n) => n + 1);
  }, []);

  return { load, items, setItems };
}

const haystacks = new WeakMap<object, string>();

/**
 * Case-insensitive substring search of a whole list (product rules, Back-office lists): each
 * row's text is lower-cased once (kept with the row), not per keystroke.
 * `textOf` gives the texts searched, e.g. `(c) => [c.name, c.description]`.
 */
export function searchRows<T extends object>(
  rows: readonly T[],
  search: string,
  textOf: (row: T) => (string | null | undefined)[],
): T[] {
  const needle = search.trim().toLocaleLowerCase('fr');
  if (!needle) return rows as T[];
  return rows.filter((row) => {
    let text = haystacks.get(row);
    if (text === undefined) {
      text = textOf(row).filter(Boolean).join('\u0000').toLocaleLowerCase('fr');
      haystacks.set(row, text);
    }
    return text.includes(needle);
  });
}
