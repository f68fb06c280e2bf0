import { Router } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { ServiceUnavailableError } from '#server/errors';
import { probeDatabase } from '#server/db/dialect';
import { storageFor } from '#server/storage/storage-for';
import { PUBLIC_PREFIX, SUBMISSIONS_PREFIX } from '#server/storage/keys';
import { ensureWritable } from '#server/storage/writable';
import { sharedRedis } from '#server/shared-state/redis-connection';

/**
 * Liveness and readiness. `/health-check` is public and does no I/O (product rules, API:
 * status and environment, nothing else, product rules). `/ready` says whether this process
 * can serve the site's writes, so a load balancer or `docker compose` healthcheck can take
 * it out (503, Retry-After): the database takes a write (server/db/dialect.ts,
 * probeDatabase), every storage folder that takes uploads takes a probe file, and Redis,
 * when configured, answers a PING within 500 ms (docs/decisions/0022-shared-state-in-redis.md:
 * an instance without it applies no limit and may serve pages another instance emptied).
 */
/**
 * Runs a readiness check; its failure, whatever it is, is the 503 of the part that failed,
 * answered by the error handler like every outage, with the failure kept as its cause for
 * the log.
 */
async function check(
  failing: ServiceUnavailableError['failing'],
  probe: () => Promise<unknown>,
): Promise<void> {
  try {
    await probe();
  } catch (err) {
    const unavailable = new ServiceUnavailableError(failing);
    unavailable.cause = err;
    throw unavailable;
  }
}

export function healthRoutes(config: Config, db: Knex): Router {
  const router = Router();
  const layout = storageFor(config);
  // Uploads land in storage/tmp on this disk whatever the driver, then go to the store
  // (with STORAGE_DRIVER=s3 the probe is an object put and deleted in the bucket: a bucket
  // that refuses it is a 503 too, since no upload could succeed).
  const stored = [PUBLIC_PREFIX, SUBMISSIONS_PREFIX];
  router.get('/health-check', (_req, res) => {
    res.json({ status: 'ok', environment: config.env });
  });
  router.get('/ready', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    await check('database', () => probeDatabase(db));
    await check('storage', async () => {
      await ensureWritable([layout.tmpDir]);
      await layout.files.ensureWritable(stored);
    });
    const redis = sharedRedis(config);
    if (!redis) {
      res.json({ status: 'ready' });
      return;
    }
    await check('redis', () => redis.ping());
    res.json({ status: 'ready', redis: 'connected' });
  });
  return router;
}
