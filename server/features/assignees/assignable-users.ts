import type { Knex } from 'knex';
import { ASSIGNABLE_ROLES, roleLabel, type AssignableUser } from '#shared/assignment';
import { isRole } from '#shared/roles';
import { toNumber } from '#server/db/dialect';

type Db = Knex | Knex.Transaction;

/**
 * The one definition of who may follow a request or a message (docs/product-rules.md,
 * "Assignment"): the users whose role works the requests. Every question about it goes
 * through here: the select's choices, the check of a PATCH, and the staff e-mails (an
 * assignee who no longer qualifies gets none: they go to the company's address again).
 * An account deactivated, or invited and not yet signed up, can be given nothing to follow
 * (docs/product-rules.md, "Staff accounts").
 */
export function assignableUsers(db: Db): Knex.QueryBuilder {
  return db('users')
    .whereIn('users.role', ASSIGNABLE_ROLES)
    .where('users.active', true)
    .where('users.invitation_pending', false);
}

/** GET /api/admin/assignees: by name, then id. */
export async function listAssignableUsers(db: Db): Promise<AssignableUser[]> {
  const rows: { id: number | string; name: string; role: string }[] = await assignableUsers(db)
    .select('users.id', 'users.name', 'users.role')
    .orderBy([
      { column: 'users.name', order: 'asc' },
      { column: 'users.id', order: 'asc' },
    ]);
  return rows.flatMap((row) =>
    isRole(row.role)
      ? [{ id: toNumber(row.id), name: row.name, role: row.role, role_label: roleLabel(row.role) }]
      : [],
  );
}

/** Who an assignment mail goes to; null when the id names nobody who may be assigned. */
export interface AssignableContact {
  id: number;
  name: string;
  email: string;
}

export async function findAssignableUser(db: Db, id: number): Promise<AssignableContact | null> {
  const row: { id: number | string; name: string; email: string } | undefined = await assignableUsers(db)
    .where('users.id', id)
    .first('users.id', 'users.name', 'users.email');
  return row ? { id: toNumber(row.id), name: row.name, email: row.email } : null;
}
