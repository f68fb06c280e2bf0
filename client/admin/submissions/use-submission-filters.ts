import { useOpenItem, useUrlListQuery, type ListQueryCodec, type ListQueryState } from '#client/admin/kit';
import { filtersFromParams, paramsWithFilters, type SubmissionFilters } from './submission-query';

/** The URL parameter of the submission shown in the detail dialog. */
export const OPEN_PARAM = 'soumission';

const submissionCodec: ListQueryCodec<SubmissionFilters> = {
  read: filtersFromParams,
  write: paramsWithFilters,
};

export interface FilterState {
  /** The list's filters in the URL (search, status, sort, page). */
  query: ListQueryState<SubmissionFilters>;
  /** The id of the submission whose dialog is open, or null. */
  openId: number | null;
  setOpenId: (id: number | null) => void;
}

export function useSubmissionFilters(): FilterState {
  const query = useUrlListQuery(submissionCodec);
  const { openId, setOpenId } = useOpenItem(OPEN_PARAM);
  return { query, openId, setOpenId };
}
