import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromParams, paramsWithFilters, type SubmissionFilters } from './submission-query';

/** The URL parameter of the submission shown in the detail dialog. */
export const OPEN_PARAM = 'soumission';

export interface FilterState {
  filters: SubmissionFilters;
  /**
   * Changes filters; any change but the page's goes back to page 1. `replace` keeps the
   * history clean while the search is typed.
   */
  setFilters: (change: Partial<SubmissionFilters>, options?: { replace?: boolean }) => void;
  /** The id of the submission whose dialog is open, or null. */
  openId: number | null;
  setOpenId: (id: number | null) => void;
}

export function useSubmissionFilters(): FilterState {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const setFilters = useCallback<FilterState['setFilters']>(
    (change, options) => {
      setParams(
        (current) => {
          const previous = filtersFromParams(current);
          const next = { ...previous, page: 'page' in change ? previous.page : 1, ...change };
          return paramsWithFilters(current, next);
        },
        { replace: options?.replace },
      );
    },
    [setParams],
  );

  const raw = params.get(OPEN_PARAM);
  const openId = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const setOpenId = useCallback(
    (id: number | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(OPEN_PARAM);
          else next.set(OPEN_PARAM, String(id));
          return next;
        },
        // Opening is a step back can undo; closing replaces it.
        { replace: id === null },
      );
    },
    [setParams],
  );

  return { filters, setFilters, openId, setOpenId };
}
