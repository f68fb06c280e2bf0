import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { startActivityPurge } from './features/activity/activity-purge';
import { createAudience } from './features/audience';
import { startTrashPurge } from './features/trash';
import { startUploadSweep } from './features/resumable-uploads';
import { TRASH_KIND_HANDLERS } from './features/trash-kinds';
import { startOutboxSender } from './features/outbox/start-sender';
import { createDrainer } from './http/graceful-shutdown';
import { ConfigError, loadConfig } from './config';
import { closeDb, createDb } from './db/knex';
import { migrateLatest } from './db/migrate';
import { loadEnvFile } from './load-env';
import { createMetrics } from './features/metrics/metrics';
import { afterLogWrites, createLogger, stdoutDestination } from './logger';
import { seedOnStart } from './seed/seed-on-start';
import { startPublicationWatch } from './ssr/publication-watch';
import { createRenderer } from './ssr/renderer';
import { closeSharedRedis, sharedRedis } from './shared-state/redis-connection';
import { ensureStorageLayout } from './storage/layout';
import { storageFor } from './storage/storage-for';
import { sweepSitePhotoLeftovers, sweepTemporaryFiles } from './storage/sweep-tmp';

/**
 * The process: configuration, storage (temp leftovers swept), database (migrated, and
 * seeded on its first start), the app, and a graceful shutdown on SIGTERM/SIGINT, in this order
 * (docs/decisions/0012-shutdown-order-and-honest-faults.md): stop accepting, answer
 * requests in flight with `Connection: close` and let them finish, with the work they
 * started after answering, within SHUTDOWN_GRACE_SECONDS, close idle connections;
 * meanwhile the outbox sender claims nothing more and finishes or cuts its mail within the
 * same grace; then the renderer and the database; exit 0, or 1 when the grace ran out.
 */
const REDIS_START_WAIT_MS = 3_000;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  loadEnvFile();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const stdout = stdoutDestination();
  const logger = createLogger(config.logLevel, stdout);
  const layout = storageFor(config);
  ensureStorageLayout(layout);
  const swept = [...(await sweepTemporaryFiles(layout)), ...(await sweepSitePhotoLeftovers(layout))];
  if (swept.length) logger.info({ files: swept.length }, 'fichiers temporaires abandonnés supprimés');

  const db = createDb(config.database);
  const ran = await migrateLatest(db);
  if (ran.length) logger.info({ migrations: ran }, 'migrations appliquées');
  // The seed's messages for the operator (the generated administrator password, or the
  // warning that no administrator exists) wait for the address line, so they come last.
  const forOperator: Array<() => void> = [];
  // The first administrator when no account exists; on a database's first start only, the
  // demo content when DEMO_CONTENT is on (docs/product-rules.md, "Demo content").
  await seedOnStart(db, config, {
    log: (line) => logger.info(line),
    output: {
      stdout: (text) => forOperator.push(() => process.stdout.write(text)),
      stderr: (text) => forOperator.push(() => process.stderr.write(text)),
    },
  });

  // Several instances share their limits and cache emptying through Redis
  // (docs/decisions/0022-shared-state-in-redis.md); a short wait lets the first requests
  // find it connected. Away, the site starts anyway and picks it up when it comes.
  const redis = sharedRedis(config);
  if (redis && !(await redis.waitUntilConnected(REDIS_START_WAIT_MS))) {
    logger.warn(
      { redis: redis.endpoint },
      'Redis injoignable au démarrage : limites ouvertes, cache contourné',
    );
  }

  const renderer = await createRenderer({
    config,
    db,
    logger,
    root: ROOT,
    mode: process.argv.includes('--vite') ? 'vite' : 'build',
  });
  const metrics = config.metricsToken ? createMetrics(db) : null;
  // The day's salt (and, with one instance, its visitors already counted) before the first
  // page view is counted (docs/decisions/0043-audience-counting.md).
  const audience = createAudience({ config, db, logger });
  await audience.start();
  const app = createApp({ config, db, logger, root: ROOT, renderer, metrics, audience });
  // Mails are delivered beside the requests, never inside one (docs/decisions/0018-outbox-and-mail.md).
  const sender = startOutboxSender({ config, db, logger });
  // Rows of the activity log past ACTIVITY_RETENTION_DAYS go, at start-up and every six hours.
  const purge = startActivityPurge({ db, logger, retentionDays: config.activityRetentionDays });
  // Scheduled items appear within 20 seconds of their moment, cached pages included
  // (docs/decisions/0041-drafts-and-scheduled-publishing.md). Without a cache there is nothing to empty.
  const watch = renderer.htmlCache ? startPublicationWatch({ db, cache: renderer.htmlCache, logger }) : null;
  // Items in the trash past TRASH_RETENTION_DAYS go with their files, at start-up and every hour.
  const trashPurge = startTrashPurge({
    db,
    logger,
    layout,
    retentionDays: config.trashRetentionDays,
    handlers: TRASH_KIND_HANDLERS,
  });
  // Resumable uploads unfinished for UPLOAD_EXPIRY_HOURS go with their bytes, every 15 minutes.
  const uploadSweep = startUploadSweep({ config, db, logger });
  const drainer = createDrainer();
  const server: Server = createServer(drainer.listener(app));
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      { port, env: config.env, database: config.database.client },
      `site disponible sur http://localhost:${port}`,
    );
    afterLogWrites(stdout, () => {
      for (const print of forOperator) print();
    });
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    // Once only: `npm start` in a terminal may pass on the Ctrl-C the process also got.
    if (stopping) return;
    stopping = true;
    logger.info({ signal, inFlight: drainer.inFlight }, 'arrêt en cours');
    // The sender stops claiming now and, within the same grace as the requests, finishes or
    // cuts the mail in flight and gives back what it claimed: nothing stays reserved for
    // the lease's ten minutes (docs/decisions/0018-outbox-and-mail.md). A mail a request
    // writes meanwhile waits in the outbox for the next start or another instance.
    const [outcome, mails] = await Promise.all([
      drainer.drain(server, config.shutdownGraceMs),
      sender.stop(config.shutdownGraceMs),
      purge.stop(),
      watch?.stop(),
      trashPurge.stop(),
      uploadSweep.stop(),
    ]);
    if (outcome === 'timeout') {
      logger.error(
        { graceSeconds: config.shutdownGraceMs / 1000 },
        'arrêt forcé : des requêtes ne se sont pas terminées à temps',
      );
    }
    if (mails === 'cut') {
      logger.error(
        { graceSeconds: config.shutdownGraceMs / 1000 },
        'arrêt forcé : un courriel en cours d’envoi a été interrompu et remis en file',
      );
    }
    try {
      // After the requests, whose page views it writes, and before Redis and the database
      // it writes to: a SIGTERM loses no count.
      await audience.stop();
      // After the requests and the sender, which both write to the database.
      await renderer.close();
      await closeSharedRedis();
      await closeDb(db);
    } catch (err) {
      logger.error({ err }, 'fermeture incomplète');
      process.exit(1);
    }
    logger.info('arrêt terminé');
    process.exit(outcome === 'drained' && mails === 'finished' ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Échec du démarrage :', error);
  process.exit(1);
});
