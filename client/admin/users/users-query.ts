import type { Paged } from '#shared/paged';
import { ROLE_LABELS, ROLES } from '#shared/roles';
import type { StaffUser } from '#shared/schemas/auth';
import {
  adminApi,
  serverListCodec,
  type PagedLoader,
  type SelectOption,
  type ServerListQuery,
} from '#client/admin/kit';

export const USERS_BASE = '/admin/users';
export const LOAD_ERROR = 'Impossible de charger les utilisateurs';

/** The page, sort, search and filters in the address: `?role=chantier&etat=invited&sort=-last_login_at`. */
const FILTERS = { role: '', etat: '' };
export type UsersQuery = ServerListQuery<typeof FILTERS>;
export const usersCodec = serverListCodec({ sort: 'name', filters: FILTERS, api: { etat: 'state' } });

export const ROLE_OPTIONS: SelectOption[] = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
export const STATE_OPTIONS: SelectOption[] = [
  { value: 'active', label: 'Actif' },
  { value: 'invited', label: 'Invitation en attente' },
  { value: 'deactivated', label: 'Désactivé' },
];

/** GET /admin/users answers `{ success, data }`, `data` the paged shape of every admin list (shared/paged.ts). */
export const loadUsers: PagedLoader<UsersQuery, Paged<StaffUser>> = async (request, { signal }) => {
  const params = new URLSearchParams({
    page: String(request.page),
    per_page: String(request.per_page),
    ...usersCodec.apiParams(request),
  });
  const answer = await adminApi<{ data: Paged<StaffUser> }>(`${USERS_BASE}?${params.toString()}`, { signal });
  return answer.data;
};
