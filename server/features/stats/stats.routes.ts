import { Router } from 'express';
import { authOf, requireUser } from '#server/http/require-auth';
import type { AuthDeps } from '#server/features/auth';
import { adminStats } from './stats.repository';

/**
 * GET /api/admin/stats (product rules, API, bearer): the dashboard's counts. Every staff role
 * loads the dashboard, and each gets only the counts of its own work (docs/product-rules.md,
 * "Roles and access"; stats.repository.ts says which access gives which count): an editor
 * sees the catalogue's, a site manager the sites', a commercial the requests' and messages'
 * and the catalogue's, the administrator all of them, `failed_mails` included. A count the
 * role may not read is absent from the answer, not zero.
 */
export function statsRoutes(deps: AuthDeps): Router {
  const router = Router();
  const context = { smtpConfigured: deps.config.mail.smtpUrl !== null };
  router.get('/admin/stats', requireUser(deps), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await adminStats(deps.db, authOf(res).user.role, context));
  });
  return router;
}
