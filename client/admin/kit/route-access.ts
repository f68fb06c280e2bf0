import { can, type Access } from '#shared/roles';
import type { RouteHandle } from '#shared/page-meta';

/**
 * A back-office screen's access is declared on its route (client/routes.tsx, `handle:
 * needs('leads')`); the layout reads the matched routes' and shows the refusal instead of
 * a screen the role may not open, before the screen mounts (so none of its API calls is
 * made). The deepest declaration wins; routes without one (the index's redirect, 'Page
 * introuvable') are open to every signed-in user.
 */
export function routeAccess(matches: readonly { handle?: unknown }[]): Access | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const access = (matches[i]!.handle as RouteHandle | undefined)?.access;
    if (access) return access;
  }
  return undefined;
}

/** Whether `role` may open the screen of these matches. */
export function mayOpen(role: string | null | undefined, matches: readonly { handle?: unknown }[]): boolean {
  const access = routeAccess(matches);
  return access === undefined || can(role, access);
}
