import { Router } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { ping } from '#server/db/dialect';

/**
 * Liveness and readiness. `/health-check` is public and does no I/O (spec section 7:
 * status and environment, nothing else, rulings). `/ready` touches the database so a
 * load balancer or `docker compose` healthcheck can tell a process that cannot serve.
 */
export function healthRoutes(config: Config, db: Knex): Router {
  const router = Router();
  router.get('/health-check', (_req, res) => {
    res.json({ status: 'ok', environment: config.env });
  });
  router.get('/ready', async (req, res) => {
    try {
      await ping(db);
      res.json({ status: 'ready' });
    } catch (err) {
      req.log.error({ err }, 'base de données injoignable');
      res.status(503).json({ message: 'Base de données indisponible.' });
    }
  });
  return router;
}
