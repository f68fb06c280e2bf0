import { sortParamOf } from '#shared/list-query';
import {
  SUBMISSIONS_PAGE_SIZE,
  submissionListQuerySchema,
  submissionSortOf,
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
  /** The list's order as the API reads it (docs/product-rules.md, "Lists of the back office"): `-created_at`. */
  sort: string;
  /** '' (everyone's), 'me', 'none' or a user's id (docs/product-rules.md, "Assignment"). */
  assignee: string;
}

export const DEFAULT_SORT = '-created_at';

export const DEFAULT_FILTERS: Readonly<SubmissionFilters> = {
  page: 1,
  search: '',
  status: 'all',
  sort: DEFAULT_SORT,
  assignee: '',
};

const FILTER_KEYS = [
  'page',
  'search',
  'status',
  'sort',
  'assignee',
] as const satisfies readonly (keyof SubmissionFilters)[];

/** The list's order before `sort`: a link saved with them still opens the same order. */
const OLD_SORT_KEYS = ['sort_by', 'sort_order'] as const;

function readOne<K extends 'page' | 'search' | 'status' | 'sort_by' | 'sort_order'>(
  key: K,
  raw: string | null,
) {
  const schema = submissionListQuerySchema.shape[key];
  const parsed = schema.safeParse(raw ?? undefined);
  return (
    parsed.success ? parsed.data : schema.parse(undefined)
  ) as (typeof submissionListQuerySchema)['_output'][K];
}

/** `?sort=`, else the older `?sort_by=&sort_order=`, else newest first. */
function readSort(params: URLSearchParams): string {
  const parsed = submissionListQuerySchema.shape.sort.safeParse(params.get('sort') ?? undefined);
  return sortParamOf(
    submissionSortOf({
      sort: parsed.success ? parsed.data : undefined,
      sort_by: readOne('sort_by', params.get('sort_by')),
      sort_order: readOne('sort_order', params.get('sort_order')),
    }),
  );
}

export function filtersFromParams(params: URLSearchParams): SubmissionFilters {
  return {
    page: readOne('page', params.get('page')),
    search: readOne('search', params.get('search')),
    status: readOne('status', params.get('status')),
    sort: readSort(params),
    assignee: assigneeParam(params.get('assignee')),
  };
}

/** The URL's parameters with these filters; defaults are left out, other parameters kept. */
export function paramsWithFilters(params: URLSearchParams, filters: SubmissionFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of OLD_SORT_KEYS) next.delete(key);
  for (const key of FILTER_KEYS) {
    const value = String(filters[key]).trim();
    if (value === '' || value === String(DEFAULT_FILTERS[key])) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * The filtered list as the API reads it, without page nor sort: a bulk action's `filter`
 * ('Tout sélectionner (N)', docs/product-rules.md, "Bulk actions").
 */
export function apiFilter(filters: SubmissionFilters): Record<string, string> {
  const filter: Record<string, string> = { status: filters.status };
  const search = filters.search.trim();
  if (search) filter.search = search;
  if (filters.assignee) filter.assignee = filters.assignee;
  return filter;
}

/** The export's query: the list's search, status, assignee and sort, every page (docs/product-rules.md, "CSV exports"). */
export function exportQuery(filters: SubmissionFilters): string {
  return new URLSearchParams({ ...apiFilter(filters), sort: filters.sort }).toString();
}

/** GET /admin/project-submissions's query (product rules, API: per_page=15, empty values skipped). */
export function listQuery(filters: SubmissionFilters): string {
  return new URLSearchParams({
    page: String(filters.page),
    per_page: String(SUBMISSIONS_PAGE_SIZE),
    ...apiFilter(filters),
    sort: filters.sort,
  }).toString();
}
