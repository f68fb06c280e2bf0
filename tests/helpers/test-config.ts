import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config, DatabaseConfig } from '#server/config';
import { loadConfig } from '#server/config';
import { createLogger, type Logger } from '#server/logger';

/**
 * A configuration for tests: its own temp storage folder, a fixed secret, test mode, and
 * the given database. `dispose()` removes the storage folder.
 */
export interface TestConfig {
  config: Config;
  storageDir: string;
  dispose(): void;
}

export function testConfig(database?: DatabaseConfig, env: Record<string, string> = {}): TestConfig {
  // storage/ one level down: the public link goes beside it (<tmp>/public/storage), so
  // every test keeps its own link instead of sharing /tmp/public.
  const root = mkdtempSync(path.join(tmpdir(), 'edifier-test-'));
  const storageDir = path.join(root, 'storage');
  const base = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-1234567890',
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://site.test',
    // Every request of a test comes from one address: the per-client sign-in limit is
    // raised here, and tested on its own with its default (auth-flood.test.ts).
    LOGIN_CLIENT_MAX_ATTEMPTS: '10000',
    RENDER_RATE_LIMIT: '100000',
    ...env,
  });
  return {
    config: Object.freeze({ ...base, database: database ?? base.database }),
    storageDir,
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

export function silentLogger(): Logger {
  return createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
}
