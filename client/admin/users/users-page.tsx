import { USERS_PAGE_SIZE, type StaffUser } from '#shared/schemas/auth';
import { paths } from '#shared/paths';
import { FilterSelect, PagedListScreen, useServerListScreen, useSession } from '#client/admin/kit';
import { useUserActions } from './use-user-actions';
import { useUserColumns } from './user-columns';
import { LOAD_ERROR, loadUsers, ROLE_OPTIONS, STATE_OPTIONS, usersCodec } from './users-query';
import './users.css';

const rowKey = (user: StaffUser) => user.id;

/**
 * 'Utilisateurs' (docs/product-rules.md, "Staff accounts"): the staff's accounts, their
 * role, whether they are active and when they last signed in; invite someone, change a
 * role, deactivate (signed out at once) or reactivate, send an invitation again. Read a
 * page at a time from the server, sorted, searched and filtered by role and state, all in
 * the address ("Lists of the back office"); no bulk action: an account changes one at a time.
 */
export function Component() {
  const { list, query, screen } = useServerListScreen({
    codec: usersCodec,
    load: loadUsers,
    perPage: USERS_PAGE_SIZE,
    errorMessage: LOAD_ERROR,
  });
  const session = useSession();
  const selfId = session.status === 'authenticated' ? (session.user.id ?? null) : null;
  const { ask, dialog } = useUserActions(list.reload);
  const columns = useUserColumns(ask, selfId);
  return (
    <PagedListScreen
      {...screen}
      title="Utilisateurs"
      lead="Les comptes de l'équipe : chacun voit les écrans de son rôle. Une personne invitée choisit son mot de passe depuis le lien reçu par e-mail."
      newTo={paths.adminUserInvite}
      newLabel="Inviter"
      search={{ label: 'Rechercher un utilisateur (nom ou e-mail)' }}
      toolbar={
        <>
          <FilterSelect
            label="Rôle"
            value={query.query.role}
            onChange={(role) => query.setQuery({ role })}
            allLabel="Tous"
            options={ROLE_OPTIONS}
          />
          <FilterSelect
            label="État"
            value={query.query.etat}
            onChange={(etat) => query.setQuery({ etat })}
            allLabel="Tous"
            options={STATE_OPTIONS}
          />
        </>
      }
      empty="Aucun utilisateur"
      columns={columns}
      rowKey={rowKey}
      pagerLabel="Pagination des utilisateurs"
    >
      {dialog}
    </PagedListScreen>
  );
}
