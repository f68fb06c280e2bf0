import { useMemo } from 'react';
import { formatDateTime } from '#shared/format';
import { ROLE_LABELS, ROLES, type Role } from '#shared/roles';
import type { StaffUser } from '#shared/schemas/auth';
import { ClippedText, type Column } from '#client/admin/kit';
import type { UserAction } from './use-user-actions';

/**
 * The users' columns: Nom, E-mail, Rôle (a select per row: choosing asks to confirm),
 * Actif, Dernière connexion, and the row's actions. The signed-in administrator's own row
 * has no 'Désactiver' (one does not lock oneself out; the server refuses it for the last
 * administrator anyway).
 */
export function useUserColumns(
  ask: (action: UserAction) => void,
  selfId: number | null,
): Column<StaffUser>[] {
  return useMemo<Column<StaffUser>[]>(
    () => [
      {
        header: 'Nom',
        sort: 'name',
        cell: (u) => (
          <>
            {u.name}
            {u.invitation_pending && (
              <>
                {' '}
                <span className="badge user-pending">Invitation en attente</span>
              </>
            )}
          </>
        ),
      },
      {
        header: 'E-mail',
        sort: 'email',
        cell: (u) => <ClippedText text={u.email} />,
        className: 'addresses',
      },
      {
        header: 'Rôle',
        sort: 'role',
        cell: (u) => (
          <select
            className="user-role"
            value={u.role}
            aria-label={`Rôle de ${u.name}`}
            onChange={(event) => ask({ kind: 'role', user: u, role: event.target.value as Role })}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        ),
      },
      {
        header: 'Actif',
        cell: (u) => (
          <span className={`badge ${u.active ? 'user-active' : 'user-inactive'}`}>
            {u.active ? 'Oui' : 'Non'}
          </span>
        ),
      },
      {
        header: 'Dernière connexion',
        sort: 'last_login_at',
        cell: (u) =>
          u.last_login_at ? formatDateTime(u.last_login_at) : <span className="muted">Jamais</span>,
      },
      {
        header: 'Actions',
        className: 'actions',
        cell: (u) => (
          <div className="row-actions">
            {u.invitation_pending && (
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => ask({ kind: 'invite', user: u })}
              >
                Renvoyer l'invitation<span className="visually-hidden"> à {u.name}</span>
              </button>
            )}
            {u.active && u.id !== selfId && (
              <button
                type="button"
                className="btn btn-outline btn-small btn-danger"
                onClick={() => ask({ kind: 'deactivate', user: u })}
              >
                Désactiver<span className="visually-hidden"> {u.name}</span>
              </button>
            )}
            {!u.active && !u.invitation_pending && (
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => ask({ kind: 'reactivate', user: u })}
              >
                Réactiver<span className="visually-hidden"> {u.name}</span>
              </button>
            )}
          </div>
        ),
      },
    ],
    [ask, selfId],
  );
}
