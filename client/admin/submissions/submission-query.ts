import {
  SUBMISSIONS_PAGE_SIZE,
  submissionListQuerySchema,
  type SubmissionSortKey,
} from '#shared/schemas/submission';
import type { SubmissionStatus } from '#shared/types';
import { assigneeParam } from '#client/admin/kit/assignee-choices';

/**
 * The list's filters (product rules, Validation and API), kept in the page's URL so that a reload, a
 * shared link or the return after signing in again shows the same page. Each value is read
 * with the shared list-query schema (the server's own rules); a value it refuses falls back
 * to its default (product rules, Limits and constants: created_at descending, every status).
 */
export interface SubmissionFilters {
  page: number;
  search: string;
  status: 'all' | SubmissionStatus;
  sort_by: SubmissionSortKey;
  sort_order: 'asc' | 'desc';
  /** '' (everyone's), 'me', 'none' or a user's id (docs/product-rules.md, "Assignment"). */
  assignee: string;
}

export const DEFAULT_FILTERS: Readonly<SubmissionFilters> = {
  page: 1,
  search: '',
  status: 'all',
  sort_by: 'created_at',
  sort_order: 'desc',
  assignee: '',
};

const FILTER_KEYS = [
  'page',
  'search',
  'status',
  'sort_by',
  'sort_order',
  'assignee',
] as const satisfies readonly (keyof SubmissionFilters)[];

function readOne<K extends Exclude<keyof SubmissionFilters, 'assignee'>>(
  key: K,
  raw: string | null,
): SubmissionFilters[K] {
  const parsed = submissionListQuerySchema.shape[key].safeParse(raw ?? undefined);
  return parsed.success ? (parsed.data as SubmissionFilters[K]) : DEFAULT_FILTERS[key];
}

export function filtersFromParams(params: URLSearchParams): SubmissionFilters {
  return {
    page: readOne('page', params.get('page')),
    search: readOne('search', params.get('search')),
    status: readOne('status', params.get('status')),
    sort_by: readOne('sort_by', params.get('sort_by')),
    sort_order: readOne('sort_order', params.get('sort_order')),
    assignee: assigneeParam(params.get('assignee')),
  };
}

/** The URL's parameters with these filters; defaults are left out, other parameters kept. */
export function paramsWithFilters(params: URLSearchParams, filters: SubmissionFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    const value = String(filters[key]).trim();
    if (value === '' || value === String(DEFAULT_FILTERS[key])) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The export's query: the list's search, status, assignee and sort, every page (docs/product-rules.md, "CSV exports"). */
export function exportQuery(filters: SubmissionFilters): string {
  const query = new URLSearchParams(listQuery(filters));
  query.delete('page');
  query.delete('per_page');
  return query.toString();
}

/** GET /admin/project-submissions's query (product rules, API: per_page=15, empty values skipped). */
export function listQuery(filters: SubmissionFilters): string {
  const query = new URLSearchParams();
  query.set('page', String(filters.page));
  query.set('per_page', String(SUBMISSIONS_PAGE_SIZE));
  const search = filters.search.trim();
  if (search) query.set('search', search);
  query.set('status', filters.status);
  query.set('sort_by', filters.sort_by);
  query.set('sort_order', filters.sort_order);
  if (filters.assignee) query.set('assignee', filters.assignee);
  return query.toString();
}
