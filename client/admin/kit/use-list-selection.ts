import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * The rows ticked in a list (docs/product-rules.md, "Bulk actions"): ids kept across pages,
 * or, after 'Tout sélectionner (N)', every row of the filtered list. A new filter or search
 * (`scope`) empties the selection: what a bulk action touches is always what the list shows.
 */
export interface ListSelection<T> {
  /** Every row of the filtered list rather than the ids ticked. */
  allMatching: boolean;
  ids: ReadonlySet<number>;
  /** The rows ticked, as they were when ticked (to name a refused one). */
  rows: ReadonlyMap<number, T>;
  isSelected: (id: number) => boolean;
  toggle: (row: T) => void;
  /** Ticks every row of the page, or unticks them when all are. */
  togglePage: (rows: readonly T[]) => void;
  pageState: (rows: readonly T[]) => 'all' | 'some' | 'none';
  selectAllMatching: () => void;
  clear: () => void;
  /** How many rows an action would touch, `total` being the filtered list's. */
  count: (total: number) => number;
  idOf: (row: T) => number;
}

interface State<T> {
  all: boolean;
  rows: Map<number, T>;
}

export function useListSelection<T>(idOf: (row: T) => number, scope: string): ListSelection<T> {
  const [state, setState] = useState<State<T>>(() => ({ all: false, rows: new Map() }));
  useEffect(() => setState({ all: false, rows: new Map() }), [scope]);

  const toggle = useCallback(
    (row: T) =>
      setState((current) => {
        const rows = new Map(current.rows);
        const id = idOf(row);
        // Unticking one row of 'every row' keeps the rows ticked so far, not the whole list.
        if (current.all) {
          rows.delete(id);
          return { all: false, rows };
        }
        if (rows.has(id)) rows.delete(id);
        else rows.set(id, row);
        return { all: false, rows };
      }),
    [idOf],
  );

  const pageState = useCallback(
    (page: readonly T[]): 'all' | 'some' | 'none' => {
      if (page.length === 0) return 'none';
      if (state.all) return 'all';
      const ticked = page.filter((row) => state.rows.has(idOf(row))).length;
      return ticked === 0 ? 'none' : ticked === page.length ? 'all' : 'some';
    },
    [state, idOf],
  );

  const togglePage = useCallback(
    (page: readonly T[]) =>
      setState((current) => {
        const everyTicked = current.all || page.every((row) => current.rows.has(idOf(row)));
        const rows = new Map(current.rows);
        for (const row of page) {
          if (everyTicked) rows.delete(idOf(row));
          else rows.set(idOf(row), row);
        }
        return { all: false, rows: everyTicked && current.all ? new Map() : rows };
      }),
    [idOf],
  );

  return useMemo(
    () => ({
      allMatching: state.all,
      ids: new Set(state.rows.keys()),
      rows: state.rows,
      isSelected: (id: number) => state.all || state.rows.has(id),
      toggle,
      togglePage,
      pageState,
      selectAllMatching: () => setState((current) => ({ all: true, rows: current.rows })),
      clear: () => setState({ all: false, rows: new Map() }),
      count: (total: number) => (state.all ? total : state.rows.size),
      idOf,
    }),
    [state, toggle, togglePage, pageState, idOf],
  );
}
