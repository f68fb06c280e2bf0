import { useCallback, useMemo, useState } from 'react';

/** Rows rendered at a time: the large seed holds hundreds of products. */
export const ROWS_PER_PAGE = 50;

/**
 * The first `ROWS_PER_PAGE` rows, then as many more per 'Afficher plus'. A new filter text
 * starts again at one page (the count is kept per query, so no effect resets it); the
 * slice keeps the row objects, so the table's memoised rows are not rendered again.
 */
export function usePagedRows<T>(rows: readonly T[], query: string, perPage = ROWS_PER_PAGE) {
  const [shown, setShown] = useState({ query, count: perPage });
  const count = shown.query === query ? shown.count : perPage;
  const visible = useMemo(() => (rows.length > count ? rows.slice(0, count) : (rows as T[])), [rows, count]);
  const showMore = useCallback(() => setShown({ query, count: count + perPage }), [query, count, perPage]);
  return { rows: visible, hasMore: rows.length > count, showMore };
}
