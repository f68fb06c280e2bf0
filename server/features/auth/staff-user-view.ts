import type { StaffUser } from '#shared/schemas/auth';
import { ROLE_LABELS, isRole } from '#shared/roles';
import { fromDbDateTime, toBool } from '#server/db/dialect';
import type { UserRow } from './user-view';

const iso = (value: string | Date | null | undefined) => fromDbDateTime(value ?? null)?.toISOString() ?? null;

/** An account as the users screen reads it: never a password hash, a token or a link. */
export function toStaffUser(row: UserRow & { invitation_expires_at?: string | Date | null }): StaffUser {
  const pending = toBool(row.invitation_pending);
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    role_label: isRole(row.role) ? ROLE_LABELS[row.role] : row.role,
    active: toBool(row.active) && !pending,
    deactivated: !toBool(row.active),
    invitation_pending: pending,
    invitation_expires_at: pending ? iso(row.invitation_expires_at) : null,
    last_login_at: iso(row.last_login_at),
    created_at: iso(row.created_at) ?? '',
  };
}
