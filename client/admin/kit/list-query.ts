import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUrlSearch } from './use-url-search';

/** What every list is asked: a page (from 1) and a search text ('' for none); a screen adds its filters. */
export interface ListQuery {
  page: number;
  search: string;
}

/** How a list's query is read from and written into the URL (a value at its default is left out). */
export interface ListQueryCodec<Q extends ListQuery> {
  read: (params: URLSearchParams) => Q;
  write: (params: URLSearchParams, query: Q) => URLSearchParams;
}

export interface ListQueryState<Q extends ListQuery> {
  query: Q;
  /** Any change but the page's goes back to page 1; `replace` keeps Back's history clean. */
  setQuery: (change: Partial<Q>, options?: { replace?: boolean }) => void;
  /** The search box's text: it reaches `query.search` at once, or once typing pauses for a URL query. */
  searchText: string;
  setSearchText: (text: string) => void;
}

/**
 * The query of a list driven by the server (requests, messages, outbox): all of it in the
 * URL, so a reload, a shared link or the return after signing in again shows the same page,
 * and Back undoes a choice. `codec` must be stable (module level).
 */
export function useUrlListQuery<Q extends ListQuery>(codec: ListQueryCodec<Q>): ListQueryState<Q> {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => codec.read(params), [codec, params]);
  const setQuery = useCallback<ListQueryState<Q>['setQuery']>(
    (change, options) =>
      setParams(
        (current) => {
          const previous = codec.read(current);
          return codec.write(current, { ...previous, page: 'page' in change ? previous.page : 1, ...change });
        },
        { replace: options?.replace },
      ),
    [codec, setParams],
  );
  const commitSearch = useCallback(
    (search: string) => setQuery({ search } as Partial<Q>, { replace: true }),
    [setQuery],
  );
  const [searchText, setSearchText] = useUrlSearch(query.search, commitSearch);
  return { query, setQuery, searchText, setSearchText };
}

/** A whole number from 1 read from the URL; anything else is page 1. */
export function pageParam(raw: string | null): number {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}
