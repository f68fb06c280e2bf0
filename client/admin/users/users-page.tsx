import type { StaffUser } from '#shared/schemas/auth';
import { paths } from '#shared/paths';
import { PagedListScreen, pageRange, usePagedList, useSession, useUrlListQuery } from '#client/admin/kit';
import { useUserActions } from './use-user-actions';
import { useUserColumns } from './user-columns';
import { LOAD_ERROR, loadUsers, USERS_PAGE_SIZE, usersCodec } from './users-query';
import './users.css';

const rowKey = (user: StaffUser) => user.id;

/**
 * 'Utilisateurs' (docs/product-rules.md, "Staff accounts"): the staff's accounts, their
 * role, whether they are active and when they last signed in; invite someone, change a
 * role, deactivate (signed out at once) or reactivate, send an invitation again.
 */
export function Component() {
  const query = useUrlListQuery(usersCodec);
  const list = usePagedList(loadUsers, query.query, { perPage: USERS_PAGE_SIZE, errorMessage: LOAD_ERROR });
  const session = useSession();
  const selfId = session.status === 'authenticated' ? (session.user.id ?? null) : null;
  const { ask, dialog } = useUserActions(list.reload);
  const columns = useUserColumns(ask, selfId);
  const page = list.page;
  return (
    <PagedListScreen
      title="Utilisateurs"
      lead="Les comptes de l'équipe : chacun voit les écrans de son rôle. Une personne invitée choisit son mot de passe depuis le lien reçu par e-mail."
      newTo={paths.adminUserInvite}
      newLabel="Inviter"
      list={list}
      query={query}
      count={page && pageRange(page) !== null && <p className="muted list-count">{pageRange(page)}</p>}
      empty="Aucun utilisateur"
      columns={columns}
      rowKey={rowKey}
      pagerLabel="Pagination des utilisateurs"
    >
      {dialog}
    </PagedListScreen>
  );
}
