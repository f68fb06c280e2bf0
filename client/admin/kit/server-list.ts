import type { Paged } from '#shared/paged';
import { adminApi } from './admin-api';
import { pageParam, type ListQuery, type ListQueryCodec } from './list-query';
import type { PagedLoader } from './use-paged-list';

/**
 * A list read page by page from the server (docs/product-rules.md, "Lists of the back
 * office"): its whole query lives in the URL (`page`, `search`, `sort`, its filters), and
 * the API is asked the same with the filters under their API names.
 */
export type ServerListQuery<F extends Record<string, string>> = ListQuery & { sort: string } & F;

export interface ServerListCodec<F extends Record<string, string>> extends ListQueryCodec<
  ServerListQuery<F>
> {
  /** The sort when the URL names none (`-created_at`): left out of the URL. */
  defaultSort: string;
  /**
   * The query as the API reads it, without the page: `search`, `sort` and each filter under
   * its API name, blanks left out. The loader, a bulk action's `filter` and a CSV export use it.
   */
  apiParams: (query: ServerListQuery<F>) => Record<string, string>;
}

/**
 * The codec of a server list. `filters` are the URL's filter names and their defaults ('' for
 * none, left out of the URL); `api` renames a filter for the API (`categorie` → `category_id`).
 * Keep it at module level.
 */
export function serverListCodec<F extends Record<string, string>>(options: {
  sort: string;
  filters?: F;
  api?: Partial<Record<keyof F, string>>;
}): ServerListCodec<F> {
  const defaults = (options.filters ?? {}) as F;
  const names = Object.keys(defaults) as (keyof F & string)[];
  const rename = (options.api ?? {}) as Partial<Record<string, string>>;
  return {
    defaultSort: options.sort,
    read: (params) => {
      const query: Record<string, string | number> = {
        page: pageParam(params.get('page')),
        search: params.get('search')?.trim() ?? '',
        sort: params.get('sort')?.trim() || options.sort,
      };
      for (const name of names) query[name] = params.get(name)?.trim() ?? defaults[name] ?? '';
      return query as ServerListQuery<F>;
    },
    write: (params, query) => {
      const next = new URLSearchParams(params);
      const atDefault = (key: string, text: string) =>
        text === '' ||
        (key === 'page' && text === '1') ||
        (key === 'sort' && text === options.sort) ||
        (names.includes(key) && text === defaults[key]);
      for (const key of ['page', 'search', 'sort', ...names]) {
        const text = String((query as Record<string, unknown>)[key] ?? '').trim();
        if (atDefault(key, text)) next.delete(key);
        else next.set(key, text);
      }
      return next;
    },
    apiParams: (query) => {
      const params: Record<string, string> = {};
      if (query.search.trim()) params.search = query.search.trim();
      params.sort = query.sort || options.sort;
      for (const name of names) {
        const value = String(query[name] ?? '').trim();
        if (value !== '') params[rename[name] ?? name] = value;
      }
      return params;
    },
  };
}

/** Reads page `request.page` of `path` (`/admin/products`) with the query the codec turns into the API's. */
export function serverListLoader<T, F extends Record<string, string> = Record<string, never>>(
  path: string,
  codec: ServerListCodec<F>,
): PagedLoader<ServerListQuery<F>, Paged<T>> {
  return (request, { signal }) => {
    const params = new URLSearchParams({
      page: String(request.page),
      per_page: String(request.per_page),
      ...codec.apiParams(request),
    });
    return adminApi<Paged<T>>(`${path}?${params.toString()}`, { signal });
  };
}

/** The next sort when a column's header is clicked: its key ascending, or the other way if it is the current one. */
export function nextSort(current: string, key: string): string {
  if (current === key) return `-${key}`;
  return key;
}

/** How a column stands in `sort`: 'ascending', 'descending' or 'none' (aria-sort's values). */
export function sortState(current: string, key: string): 'ascending' | 'descending' | 'none' {
  if (current === key) return 'ascending';
  if (current === `-${key}`) return 'descending';
  return 'none';
}
