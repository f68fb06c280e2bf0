import { useDeferredValue, useMemo } from 'react';

/**
 * Case-insensitive substring filtering (product rules, Back-office lists) that stays
 * quick on the large seed: each row's text is lower-cased once per list (not per keystroke),
 * and the filter runs on a deferred query so typing is never held up by the table.
 * `textOf` must be stable (a module-level function), e.g. `(c) => [c.name, c.description]`.
 */
export function useSearch<T>(
  items: readonly T[],
  query: string,
  textOf: (item: T) => (string | null | undefined)[],
) {
  const haystacks = useMemo(
    () => items.map((item) => textOf(item).filter(Boolean).join('\u0000').toLocaleLowerCase('fr')),
    [items, textOf],
  );
  const deferred = useDeferredValue(query);
  const results = useMemo(() => {
    const needle = deferred.trim().toLocaleLowerCase('fr');
    if (!needle) return items as T[];
    return items.filter((_item, index) => haystacks[index]!.includes(needle));
  }, [items, haystacks, deferred]);
  /** True while the table still shows the previous query's rows. */
  const pending = deferred !== query;
  return { results, pending };
}
