import type { ReactNode } from 'react';
import { can, isRole, ROLE_LABELS, type Access } from '#shared/roles';
import { useSession } from './session';

/**
 * What the signed-in user's role may do in the back office (docs/product-rules.md, "Roles
 * and access"), read from the one table of shared/roles.ts: screens and the kit ask for an
 * access, never compare role names. The server guards every route on its own; this only
 * keeps a role's screens free of what it cannot use.
 */

/** Whether the signed-in user has `access`; no access asked (undefined): true. */
export function useCan(access: Access | undefined): boolean {
  const session = useSession();
  if (access === undefined) return true;
  return session.status === 'authenticated' && can(session.user.role, access);
}

/** Shows `children` to a role with `access`, else `otherwise` (nothing by default). */
export function Can({
  access,
  children,
  otherwise = null,
}: {
  access: Access;
  children: ReactNode;
  otherwise?: ReactNode;
}) {
  return useCan(access) ? children : otherwise;
}

/** The role as the back office names it ('Éditeur'); an unknown value as it is stored. */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : (role ?? '');
}
