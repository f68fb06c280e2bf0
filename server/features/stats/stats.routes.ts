import { Router } from 'express';
import { requireAdmin } from '#server/http/require-auth';
import type { AuthDeps } from '#server/features/auth';
import { adminStats } from './stats.repository';

/**
 * GET /api/admin/stats (product rules, API, bearer; product rules: every /admin/* needs an
 * administrator). Answers the counts at the top level, as product rules, API lists them:
 * `{ projects, products, offers, categories, promotions, submissions, active_projects }`, plus
 * `unread_messages` for the contact messages not opened yet, `new_submissions` (status 'new') and
 * `failed_mails` (outbox rows in 'failed'), what the dashboard says is waiting.
 */
export function statsRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get('/admin/stats', requireAdmin(deps), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await adminStats(deps.db));
  });
  return router;
}
