import type { Request, RequestHandler, Response } from 'express';
import { authMessages } from '#shared/schemas/auth';
import { ForbiddenError, UnauthorizedError } from '#server/errors';
import type { AuthDeps } from '#server/features/auth/auth-deps';
import { authenticate, type AuthContext } from '#server/features/auth/session';

/**
 * Route guards (product rules, Roles and access; product rules, Security):
 *
 *   const admin = requireAdmin({ config, db });
 *   router.post('/products', admin, async (req, res) => { const { user } = authOf(res); ... });
 *
 * - requireAdmin: every write but login and project submission, /admin/*, /upload-image,
 *   /test-images, /diagnostic/*: 401 without a valid token, 403 for another role.
 * - requireUser: any valid session, whatever its role (reading one's own account).
 * - optionalAuth: public reads that show more to an administrator; a missing, expired or
 *   invalid token is simply anonymous, because the client sends its stored token on public
 *   calls too (product rules, Roles and access) and a stale one must not break the public pages.
 *
 * The verified session lands in `res.locals.auth`; read it with authOf / optionalAuthOf.
 */

const LOCALS_KEY = 'auth';

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

export function requireUser(deps: AuthDeps): RequestHandler {
  return async (req, res, next) => {
    res.locals[LOCALS_KEY] = await sessionOf(deps, req);
    next();
  };
}

export function requireAdmin(deps: AuthDeps): RequestHandler {
  return async (req, res, next) => {
    const session = await sessionOf(deps, req);
    if (session.user.role !== 'admin') throw new ForbiddenError(authMessages.adminOnly);
    res.locals[LOCALS_KEY] = session;
    next();
  };
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
  if (!session) throw new Error('authOf : route sans requireAdmin/requireUser');
  return session;
}

/** The session behind optionalAuth, or null for an anonymous request. */
export function optionalAuthOf(res: Response): AuthContext | null {
  return (res.locals[LOCALS_KEY] as AuthContext | undefined) ?? null;
}

/** Whether the request was made by a signed-in administrator (after optionalAuth). */
export function isAdmin(res: Response): boolean {
  return optionalAuthOf(res)?.user.role === 'admin';
}
