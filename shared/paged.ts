/**
 * The page of a list as the API answers it (docs/decisions/0004-api-conventions.md): its
 * items, where it stands and how many there are. One shape for every list of the back office
 * (docs/product-rules.md, "Lists of the back office"), so its one list hook reads them alike;
 * a list held in memory (the image diagnostic's files) is paged into it by `pageOfAll`.
 */
export interface PageInfo {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface Paged<T> extends PageInfo {
  data: T[];
  /** Positions (from 1) of the first and last item shown; null on an empty page. */
  from: number | null;
  to: number | null;
}

/** Where a page stands: at least one page, even when nothing matches (what Laravel answers too). */
export function pageInfo(paging: { page: number; per_page: number }, total: number): PageInfo {
  return {
    current_page: paging.page,
    last_page: Math.max(1, Math.ceil(total / paging.per_page)),
    per_page: paging.per_page,
    total,
  };
}

/** A page of `total` items, `items` being the ones of page `paging.page`. */
export function pagedData<T>(
  items: T[],
  total: number,
  paging: { page: number; per_page: number },
): Paged<T> {
  const offset = (paging.page - 1) * paging.per_page;
  return {
    data: items,
    ...pageInfo(paging, total),
    from: items.length > 0 ? offset + 1 : null,
    to: items.length > 0 ? offset + items.length : null,
  };
}

/**
 * Page `page` of a whole list held in memory; `per_page` Infinity keeps every item on one
 * page. The items keep their identity (a table's memoised rows are not drawn again).
 */
export function pageOfAll<T>(all: readonly T[], paging: { page: number; per_page: number }): Paged<T> {
  if (!Number.isFinite(paging.per_page)) {
    return {
      ...pagedData(all as T[], all.length, { page: 1, per_page: Math.max(1, all.length) }),
      per_page: paging.per_page,
    };
  }
  const last = Math.max(1, Math.ceil(all.length / paging.per_page));
  const page = Math.min(Math.max(1, paging.page), last);
  const start = (page - 1) * paging.per_page;
  const items =
    start === 0 && all.length <= paging.per_page ? (all as T[]) : all.slice(start, start + paging.per_page);
  return pagedData(items, all.length, { page, per_page: paging.per_page });
}
