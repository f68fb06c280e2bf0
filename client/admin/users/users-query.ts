import type { Paged } from '#shared/paged';
import type { StaffUser } from '#shared/schemas/auth';
import {
  adminApi,
  pageParam,
  type ListQuery,
  type ListQueryCodec,
  type PagedLoader,
} from '#client/admin/kit';

export const USERS_BASE = '/admin/users';
export const USERS_PAGE_SIZE = 50;
export const LOAD_ERROR = 'Impossible de charger les utilisateurs';

/** The page lives in the address (a reload shows the same page); the list has no search. */
export const usersCodec: ListQueryCodec<ListQuery> = {
  read: (params) => ({ page: pageParam(params.get('page')), search: '' }),
  write: (params, query) => {
    const next = new URLSearchParams(params);
    if (query.page > 1) next.set('page', String(query.page));
    else next.delete('page');
    return next;
  },
};

/** GET /admin/users answers `{ data }`, the paged shape of every admin list (shared/paged.ts). */
export const loadUsers: PagedLoader<ListQuery, Paged<StaffUser>> = async (request, { signal }) => {
  const answer = await adminApi<{ data: Paged<StaffUser> }>(
    `${USERS_BASE}?page=${request.page}&per_page=${request.per_page}`,
    { signal },
  );
  return answer.data;
};
