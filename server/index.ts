import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { closeDb, createDb } from './db/knex';
import { migrateLatest } from './db/migrate';
import { loadEnvFile } from './load-env';
import { createLogger } from './logger';
import { seedDatabase } from './seed/seed-database';
import { createRenderer } from './ssr/renderer';
import { ensureStorageLayout, storageLayout } from './storage/layout';

/**
 * The process: configuration, storage, database (migrated and seeded when empty), the
 * app, and a graceful shutdown on SIGTERM/SIGINT: stop accepting, let in-flight requests
 * finish, close the database, exit 0.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHUTDOWN_GRACE_MS = 10_000;

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
  const logger = createLogger(config.logLevel);
  ensureStorageLayout(storageLayout(config.storageDir));

  const db = createDb(config.database);
  const ran = await migrateLatest(db);
  if (ran.length) logger.info({ migrations: ran }, 'migrations appliquées');
  // The seed's messages for the operator (the generated administrator password, or the
  // warning that no administrator exists) wait for the address line, so they come last.
  const forOperator: Array<() => void> = [];
  await seedDatabase(db, config, {
    log: (line) => logger.info(line),
    output: {
      stdout: (text) => forOperator.push(() => process.stdout.write(text)),
      stderr: (text) => forOperator.push(() => process.stderr.write(text)),
    },
  });

  const renderer = await createRenderer({
    config,
    db,
    logger,
    root: ROOT,
    mode: process.argv.includes('--vite') ? 'vite' : 'build',
  });
  const app = createApp({ config, db, logger, root: ROOT, renderer });
  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      { port, env: config.env, database: config.database.client },
      `site disponible sur http://localhost:${port}`,
    );
    for (const print of forOperator) print();
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'arrêt en cours');
    const force = setTimeout(() => {
      logger.error('arrêt forcé : des requêtes ne se sont pas terminées à temps');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await renderer.close();
      await closeDb(db);
      logger.info('arrêt terminé');
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Échec du démarrage :', error);
  process.exit(1);
});
