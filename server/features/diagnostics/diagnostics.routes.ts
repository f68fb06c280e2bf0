import { noStore } from '#server/http/no-store';
import { Router } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { actorOf } from '#server/http/actor';
import { requireAdmin } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import { imageList } from './image-list';
import { imageServiceCheck } from './image-service-check';
import { legalIdentityReport } from './legal-identity-check';
import { repairStorage } from './repair-storage';
import { redisReport } from './redis-check';
import { smtpReport } from './smtp-check';
import { systemDiagnostic } from './system-diagnostic';

/**
 * The diagnostics of product rules, Pages and routes, Entities and API (product rules, API). All of them need an
 * administrator (product rules, Security: /test-images and /diagnostic/*; the product rules'
 * "optional bearer" is a defect we do not copy). Answers describe the live state, so no
 * cache may keep them.
 */
export function diagnosticsRoutes(deps: { config: Config; db: Knex }): Router {
  const router = Router();
  const layout = storageFor(deps.config);
  const admin = requireAdmin(deps);

  router.get('/test-images', admin, noStore, async (_req, res) => {
    res.json(await imageServiceCheck(layout));
  });
  router.get('/diagnostic/system', admin, noStore, async (req, res) => {
    res.json(await systemDiagnostic({ ...deps, layout }, req.log));
  });
  // Connects and greets the SMTP server; never sends (smtp-check.ts).
  router.get('/diagnostic/smtp', admin, noStore, async (_req, res) => {
    res.json(await smtpReport(deps.config));
  });
  // The identifiers printed on the legal notices (legal-identity-check.ts).
  router.get('/diagnostic/legal-identity', admin, noStore, (_req, res) => {
    res.json(legalIdentityReport(deps.config.site));
  });
  // PING on the shared-state connection, when REDIS_URL is set (redis-check.ts).
  router.get('/diagnostic/redis', admin, noStore, async (_req, res) => {
    res.json(await redisReport(deps.config));
  });
  router.get('/diagnostic/images', admin, noStore, async (_req, res) => {
    res.json(await imageList(layout));
  });
  router.post('/diagnostic/repair-storage', admin, noStore, (req, res) => {
    // A returned promise: Express 5 answers its rejection like a thrown error.
    return repairStorage(actorOf(res), { db: deps.db, layout }, req.log).then((result) => {
      res.json(result);
    });
  });
  return router;
}

/**
 * Per route, not `router.use`: this router is mounted without a path, so a `use` here would
 * run for every /api request behind it.
 */
