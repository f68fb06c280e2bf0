import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ENTITIES,
  isActivityAction,
  isActivityEntity,
  type ActivityAction,
  type ActivityEntity,
  type ActivityRow,
} from '#shared/activity';
import type { Paged } from '#shared/paged';
import { paths } from '#shared/paths';
import { ACTIVITY_PAGE_SIZE } from '#shared/schemas/activity';
import {
  adminApi,
  pageParam,
  type ListQuery,
  type ListQueryCodec,
  type PagedLoader,
} from '#client/admin/kit';

export const LOAD_ERROR = 'Erreur lors du chargement du journal';
export const JOURNAL_PAGE_SIZE = ACTIVITY_PAGE_SIZE;

/** The journal's filters in the address: `?utilisateur=3&element=product&action=update&du=…&au=…`. */
export interface JournalFilters {
  user: string;
  entity: '' | ActivityEntity;
  action: '' | ActivityAction;
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}
/** The journal is sorted by date only: newest first, or oldest first ('Date' clicked). */
export const JOURNAL_SORT = '-created_at';
export type JournalQuery = ListQuery & { sort: string } & JournalFilters;

const PARAMS: Record<keyof JournalFilters, string> = {
  user: 'utilisateur',
  entity: 'element',
  action: 'action',
  from: 'du',
  to: 'au',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Each filter from the address; a value the server would refuse reads as no filter. */
export function journalFilters(params: URLSearchParams): JournalFilters {
  const user = params.get(PARAMS.user) ?? '';
  const entity = params.get(PARAMS.entity);
  const action = params.get(PARAMS.action);
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    user: /^[1-9]\d{0,8}$/.test(user) ? user : '',
    entity: isActivityEntity(entity) ? entity : '',
    action: isActivityAction(action) ? action : '',
    from: day(PARAMS.from),
    to: day(PARAMS.to),
  };
}

/**
 * The journal's own codec (it reads a filter the server would refuse as none, which the kit's
 * `serverListCodec` does not): page, search, sort and filters in the address, defaults left out.
 */
export const journalCodec: ListQueryCodec<JournalQuery> = {
  read: (params) => ({
    page: pageParam(params.get('page')),
    search: params.get('search')?.trim() ?? '',
    sort: params.get('sort') === 'created_at' ? 'created_at' : JOURNAL_SORT,
    ...journalFilters(params),
  }),
  write: (params, query) => {
    const next = new URLSearchParams(params);
    if (query.page > 1) next.set('page', String(query.page));
    else next.delete('page');
    if (query.search.trim()) next.set('search', query.search.trim());
    else next.delete('search');
    if (query.sort && query.sort !== JOURNAL_SORT) next.set('sort', query.sort);
    else next.delete('sort');
    for (const [key, param] of Object.entries(PARAMS) as [keyof JournalFilters, string][]) {
      if (query[key]) next.set(param, query[key]);
      else next.delete(param);
    }
    return next;
  },
};

/** The API's filters, search and sort (the CSV export takes the same), without the page. */
export function filterQuery(
  filters: JournalFilters & Partial<Pick<JournalQuery, 'search' | 'sort'>>,
): string {
  const query = new URLSearchParams();
  if (filters.user) query.set('user_id', filters.user);
  if (filters.entity) query.set('entity', filters.entity);
  if (filters.action) query.set('action', filters.action);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.search?.trim()) query.set('search', filters.search.trim());
  if (filters.sort && filters.sort !== JOURNAL_SORT) query.set('sort', filters.sort);
  return query.toString();
}

export const loadJournal: PagedLoader<JournalQuery, Paged<ActivityRow>> = (request, { signal }) => {
  const filters = filterQuery(request);
  return adminApi<Paged<ActivityRow>>(
    `/admin/activity?page=${request.page}&per_page=${request.per_page}${filters ? `&${filters}` : ''}`,
    { signal },
  );
};

export const ACTION_OPTIONS = Object.entries(ACTIVITY_ACTIONS).map(([value, label]) => ({ value, label }));
export const ENTITY_OPTIONS = Object.entries(ACTIVITY_ENTITIES).map(([value, label]) => ({ value, label }));

/**
 * The admin screen of the row's record, where one exists and the record may still be
 * there: not after its deletion, nor for what has no screen of its own (an image, a site
 * update without its request's id, the storage).
 */
export function recordHref(row: Pick<ActivityRow, 'action' | 'entity' | 'entity_id'>): string | null {
  const id = row.entity_id;
  if (!id || row.action === 'delete') return null;
  switch (row.entity) {
    case 'product':
      return paths.adminProductEdit(id);
    case 'category':
      return paths.adminCategoryEdit(id);
    case 'project':
      return paths.adminProjectEdit(id);
    case 'parcel':
      return paths.adminOfferEdit('parcels', id);
    case 'fleet_property':
      return paths.adminOfferEdit('flotte-immobiliere', id);
    case 'miscellaneous_good':
      return paths.adminOfferEdit('biens-immobiliers', id);
    case 'promotion':
      return paths.adminPromotionEdit(id);
    case 'testimonial':
      return paths.adminTestimonialEdit(id);
    case 'submission':
      return `${paths.adminSubmissions}?soumission=${encodeURIComponent(id)}`;
    case 'contact_message':
      return `${paths.adminMessages}?message=${encodeURIComponent(id)}`;
    case 'mail':
      return paths.adminOutbox;
    default:
      return null;
  }
}
