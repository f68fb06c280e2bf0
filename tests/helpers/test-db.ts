import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { DatabaseConfig } from '#server/config';
import { closeDb, createDb } from '#server/db/knex';
import { migrateLatest } from '#server/db/migrate';

/**
 * Real, throw-away databases for integration tests, on every engine available:
 * always SQLite (a new file in a temp folder), plus MySQL/MariaDB when MYSQL_TEST_URL is
 * set (e.g. mysql://root@127.0.0.1:3306/test): each open() then creates a database with a
 * random name on that server and drops it in cleanup().
 *
 *   describe.each(testEngines())('products on $name', (engine) => {
 *     let db: TestDb;
 *     beforeAll(async () => { db = await engine.open({ migrate: true }); });
 *     afterAll(() => db.cleanup());
 *
 *     it('...', async () => {
 *       await db.knex('categories').insert({ name: 'Béton', description: '' });
 *       // or build the app on it: createApp({ config: { ...config, database: db.database } })
 *     });
 *   });
 */

export interface TestDb {
  /** An open pool on the new database (server/db/knex.ts settings). */
  knex: Knex;
  /** The same database as configuration, for code that opens its own pool. */
  database: DatabaseConfig;
  /** Closes `knex` and deletes the database. Call once, in afterAll/afterEach. */
  cleanup(): Promise<void>;
}

export interface OpenOptions {
  /** Apply every migration before returning (default: an empty database). */
  migrate?: boolean;
}

export interface TestEngine {
  name: DatabaseConfig['client'];
  open(options?: OpenOptions): Promise<TestDb>;
}

async function prepared(
  database: DatabaseConfig,
  options: OpenOptions,
  dispose: () => Promise<void>,
): Promise<TestDb> {
  const knex = createDb(database);
  let closed = false;
  const cleanup = async () => {
    if (closed) return;
    closed = true;
    await closeDb(knex);
    await dispose();
  };
  try {
    if (options.migrate) await migrateLatest(knex);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { knex, database, cleanup };
}

const sqlite: TestEngine = {
  name: 'sqlite',
  async open(options = {}) {
    const folder = mkdtempSync(path.join(tmpdir(), 'edifier-test-'));
    const database: DatabaseConfig = { client: 'sqlite', connection: path.join(folder, 'test.sqlite') };
    return prepared(database, options, async () => rmSync(folder, { recursive: true, force: true }));
  },
};

function mysql(serverUrl: string): TestEngine {
  return {
    name: 'mysql',
    async open(options = {}) {
      // Date first: a database left behind by a killed run says when it was made.
      const name = `edifier_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const server = { client: 'mysql', connection: serverUrl } as const;
      const admin = createDb(server);
      try {
        await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      } finally {
        await closeDb(admin);
      }
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database: DatabaseConfig = { client: 'mysql', connection: url.toString() };
      return prepared(database, options, async () => {
        const dropper = createDb(server);
        try {
          await dropper.raw(`DROP DATABASE IF EXISTS \`${name}\``);
        } finally {
          await closeDb(dropper);
        }
      });
    },
  };
}

/** The engines to run integration tests on, for `describe.each(testEngines())`. */
export function testEngines(): TestEngine[] {
  const mysqlUrl = process.env.MYSQL_TEST_URL;
  return mysqlUrl ? [sqlite, mysql(mysqlUrl)] : [sqlite];
}
