import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useOpenItem } from '#client/admin/kit';
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

  const { openId, setOpenId } = useOpenItem(OPEN_PARAM);

  return { filters, setFilters, openId, setOpenId };
}
