import type { Paged } from '#shared/paged';
import type { ProjectSubmission, SubmissionStats } from '#shared/types';
import { adminApi, toast, type PagedLoader } from '#client/admin/kit';
import { readSubmissionPage } from './submission-answer';
import { listQuery, type SubmissionFilters } from './submission-query';

export const LOAD_ERROR = 'Impossible de charger les soumissions';

/** A page of submissions, with the six counts (null when the answer carried no usable ones). */
export type SubmissionPaged = Paged<ProjectSubmission> & { stats: SubmissionStats | null };

/**
 * One server page of submissions for the filters (product rules, API). An answer of another
 * shape is an empty page and a warning (product rules, Messages and errors).
 */
export const loadSubmissions: PagedLoader<SubmissionFilters, SubmissionPaged> = async (
  request,
  { signal },
) => {
  const answer = await adminApi<unknown>(`/admin/project-submissions?${listQuery(request)}`, { signal });
  const read = readSubmissionPage(answer);
  if (!read) {
    toast({ title: 'Avertissement', description: 'Format de données incorrect reçu du serveur' });
    return {
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: request.per_page,
      total: 0,
      from: null,
      to: null,
      stats: null,
    };
  }
  return {
    data: read.rows,
    current_page: read.page,
    last_page: read.lastPage,
    per_page: request.per_page,
    total: read.total,
    from: read.from,
    to: read.to,
    stats: read.stats,
  };
};
