import type { Request, RequestHandler, Response } from 'express';
import { authMessages } from '#shared/schemas/auth';
import { can, type Access } from '#shared/roles';
import { publicAt, STAFF, type Visibility } from '#server/db/visibility';
import { ForbiddenError, UnauthorizedError } from '#server/errors';
import type { AuthDeps } from '#server/features/auth/auth-deps';
import { authenticate, type AuthContext } from '#server/features/auth/session';

/**
 * Route guards (docs/product-rules.md, "Roles and access" and "Security"):
 *
 *   const leads = requireAccess({ config, db }, 'leads');
 *   router.get('/admin/contact-messages', leads, async (req, res) => { const { user } = authOf(res); ... });
 *
 * - requireAccess(deps, access): 401 without a valid token, 403 (FORBIDDEN_MESSAGE) to a
 *   signed-in user whose role lacks the access (shared/roles.ts). A guard names an access,
 *   never a list of roles: the table decides who has it.
 * - requireUser: any of the staff's roles (the 'dashboard' access): one's own account,
 *   signing out, the back office's home. A role the table does not know gets 403.
 * - requireAdmin: the operator access (users, outbox, diagnostics), kept under its old name.
 * - optionalAuth: public reads that show more to the staff; a missing, expired or invalid
 *   token is simply anonymous, because the client sends its stored token on public calls
 *   too and a stale one must not break the public pages. readsAsStaff(res) then says
 *   whether the reader may see drafts and unpublished content.
 *
 * Every guard carries its access as `guard.access`, so the role-matrix test reads from the
 * live router which access guards each route (tests/integration/role-matrix.test.ts).
 *
 * The verified session lands in `res.locals.auth`; read it with authOf / optionalAuthOf.
 */

const LOCALS_KEY = 'auth';

/** A guard and the access it enforces, readable from the router's layers. */
export type AccessGuard = RequestHandler & { readonly access: Access };

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

async function sessionOf(deps: AuthDeps, req: Request): Promise<AuthContext> {
  const token = bearerToken(req);
  if (!token) throw new UnauthorizedError(authMessages.notAuthenticated);
  return authenticate(deps, token);
}

export function requireAccess(deps: AuthDeps, access: Access): AccessGuard {
  const guard: RequestHandler = async (req, res, next) => {
    const session = await sessionOf(deps, req);
    if (!can(session.user.role, access)) throw new ForbiddenError();
    res.locals[LOCALS_KEY] = session;
    next();
  };
  return Object.assign(guard, { access });
}

/** Any staff role: reading and changing one's own account, signing out, the dashboard. */
export function requireUser(deps: AuthDeps): AccessGuard {
  return requireAccess(deps, 'dashboard');
}

/** The administrator's own screens (users, outbox, diagnostics): the operator access. */
export function requireAdmin(deps: AuthDeps): AccessGuard {
  return requireAccess(deps, 'operator');
}

export function optionalAuth(deps: AuthDeps): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (token) {
      try {
        res.locals[LOCALS_KEY] = await authenticate(deps, token);
      } catch (error) {
        // Only a refused token is anonymous; a database failure stays an error (503).
        if (!(error instanceof UnauthorizedError)) throw error;
      }
    }
    next();
  };
}

/** The session a guard verified. Throws (a programmer error) on a route without a guard. */
export function authOf(res: Response): AuthContext {
  const session = optionalAuthOf(res);
  if (!session) throw new Error('authOf : route sans requireAccess/requireUser');
  return session;
}

/** The session behind optionalAuth, or null for an anonymous request. */
export function optionalAuthOf(res: Response): AuthContext | null {
  return (res.locals[LOCALS_KEY] as AuthContext | undefined) ?? null;
}

/**
 * Whether the reader (after optionalAuth) is staff allowed to see the content's drafts and
 * unpublished rows: the catalogueRead access. Anyone else reads what the public reads.
 */
export function readsAsStaff(res: Response): boolean {
  return can(optionalAuthOf(res)?.user.role, 'catalogueRead');
}

/**
 * What the reader (after optionalAuth) may see of the public content: the staff with
 * catalogueRead see drafts and scheduled items, anyone else what is published and due at
 * `now` (docs/product-rules.md, "Drafts and scheduled publishing").
 */
export function readerVisibility(res: Response, now: Date = new Date()): Visibility {
  return readsAsStaff(res) ? STAFF : publicAt(now);
}
