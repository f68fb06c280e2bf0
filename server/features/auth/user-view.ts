import { fromDbDateTime, toBool } from '#server/db/dialect';

/** A users row as both drivers answer it (docs/data-model.md). */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  role: string;
  tokens_valid_after: string | Date | null;
  /** 0/1 or a boolean, as the drivers answer: read with accountIsActive. */
  active: unknown;
  invitation_pending: unknown;
  last_login_at: string | Date | null;
  created_at: string | Date;
}

/**
 * What the API ever says about an account (product rules, Entities: name, email, role):
 * never the password hash nor the revocation instant.
 */
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  role: string;
}

export function toPublicUser(row: UserRow): PublicUser {
  return { id: Number(row.id), name: row.name, email: row.email, role: row.role };
}

/** The instant before which this account's tokens are refused, or null. */
export function tokensValidAfter(row: Pick<UserRow, 'tokens_valid_after'>): Date | null {
  return fromDbDateTime(row.tokens_valid_after);
}

/** Whether the account may sign in and use its tokens: not deactivated, invitation accepted. */
export function accountIsActive(row: Pick<UserRow, 'active' | 'invitation_pending'>): boolean {
  return toBool(row.active) && !toBool(row.invitation_pending);
}
