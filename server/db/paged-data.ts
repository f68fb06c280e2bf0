/**
 * The page of a back-office list as every list answers it (docs/decisions/0004-api-conventions.md):
 * its items, where it stands and how many there are. One shape, so the kit's pagination
 * reads the submissions, the messages and the outbox alike.
 */
export interface PagedData<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** Positions (from 1) of the first and last item shown; null on an empty page. */
  from: number | null;
  to: number | null;
}

export function pagedData<T>(
  items: T[],
  total: number,
  paging: { page: number; per_page: number },
): PagedData<T> {
  const offset = (paging.page - 1) * paging.per_page;
  return {
    data: items,
    current_page: paging.page,
    last_page: Math.max(1, Math.ceil(total / paging.per_page)),
    per_page: paging.per_page,
    total,
    from: items.length > 0 ? offset + 1 : null,
    to: items.length > 0 ? offset + items.length : null,
  };
}
