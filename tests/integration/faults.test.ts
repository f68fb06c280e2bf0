import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type express from 'express';
import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { Config, DatabaseConfig } from '#server/config';
import { closeDb, createDb } from '#server/db/knex';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { ensureStorageLayout, storageLayout } from '#server/storage/layout';
import { aCategory, aProduct } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';
import { filesUnder, pdfBytes, submit, VALID_FIELDS } from './submission-fixtures';

/**
 * Faults are honest (docs/decisions/0012-shutdown-order-and-honest-faults.md): with the
 * database gone or storage refusing writes, the site answers 503 with Retry-After and a
 * French message, caches nothing it rendered meanwhile, keeps rows and files consistent,
 * and serves again once the fault is over, without a restart.
 *
 * The database goes away for this app only: on MariaDB a TCP proxy between the app and
 * the shared server is cut; on SQLite every connection of the app's pool (one) is held
 * by a transaction, so the app's reads give up after the pool's acquisition timeout.
 */

const DB_MESSAGE = /base de données ne répond pas/;
const STORAGE_MESSAGE = /stockage des fichiers ne répond pas/;

interface Outage {
  cut(): Promise<void>;
  restore(): Promise<void>;
}

/** Holds every connection of a pool in open transactions; `release` commits them. */
async function holdPool(db: Knex): Promise<() => Promise<void>> {
  const { max } = (db.client as unknown as { pool: { max: number } }).pool;
  const held = await Promise.all(Array.from({ length: max }, () => db.transaction()));
  return async () => {
    await Promise.all(held.map((trx) => trx.commit()));
  };
}

/**
 * Makes a storage folder refuse writes. Not as root, a read-only mode does; root ignores
 * modes, so the folder is moved aside and a file takes its name, which fails every write
 * below it (ENOTDIR) whoever runs. Returns the restoring function.
 */
function breakFolder(dir: string): () => void {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return () => chmodSync(dir, 0o755);
  }
  const away = `${dir}.away`;
  renameSync(dir, away);
  writeFileSync(dir, 'pas un dossier');
  return () => {
    rmSync(dir);
    renameSync(away, dir);
  };
}

describe.each(testEngines())('faults on $name', (engine) => {
  let api: ApiHarness;
  let appDb: Knex;
  let proxy: TcpProxy | null = null;
  let renderer: SsrRenderer;
  let app: express.Express;
  let outage: Outage;
  const bearer = () => ({ Authorization: `Bearer ${api.adminToken}` });

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { HTML_CACHE: 'on', SUBMISSION_RATE_LIMIT: '1000' } });
    const category = await aCategory(api.db, { name: 'Gros œuvre', description: '' });
    await aProduct(api.db, {
      reference: 'PRD-9001',
      name: 'Ciment CPJ 45',
      category_id: category.id,
      price: 5200,
      stock: 40,
      description: 'Sac de 50 kg.',
    });

    // The app's own pool, with short waits, and on MariaDB through the proxy.
    let database: DatabaseConfig = { ...api.db.database, acquireTimeoutMs: 800, queryTimeoutMs: 2_000 };
    if (engine.name === 'mysql') {
      const url = new URL(database.connection);
      proxy = await startTcpProxy(url.hostname, Number(url.port || 3306));
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      database = { ...database, connection: url.toString() };
    }
    appDb = createDb(database);
    const config: Config = { ...api.env.config, database };
    renderer = await createRenderer({
      config,
      db: appDb,
      logger: silentLogger(),
      root: process.cwd(),
      mode: 'build',
    });
    app = createApp({ config, db: appDb, logger: silentLogger(), root: process.cwd(), renderer });

    if (proxy) {
      const cutProxy = proxy;
      outage = { cut: async () => cutProxy.cut(), restore: async () => cutProxy.restore() };
    } else {
      let release: (() => Promise<void>) | null = null;
      outage = {
        cut: async () => {
          release = await holdPool(appDb);
        },
        restore: async () => {
          await release?.();
          release = null;
        },
      };
    }
  });
  afterAll(async () => {
    await outage?.restore();
    await renderer?.close();
    if (appDb) await closeDb(appDb);
    await proxy?.close();
    await api?.cleanup();
  });

  it('answers 503 with Retry-After and a French message while the database is away, caches nothing, and recovers without a restart', async () => {
    // The app has served before the outage: its pool holds live connections.
    await request(app).get('/api/products').expect(200);
    await outage.cut();
    try {
      const products = await request(app).get('/api/products').expect(503);
      expect(products.headers['retry-after']).toMatch(/^\d+$/);
      expect(products.body.message).toMatch(DB_MESSAGE);

      // The page a visitor asks for is an honest error, never an empty catalogue.
      const page = await request(app).get('/products?search=ciment').expect(503);
      expect(page.headers['retry-after']).toMatch(/^\d+$/);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('Le service est momentanément indisponible');
      expect(page.text).not.toContain('Aucun produit');

      const home = await request(app).get('/').expect(503);
      expect(home.text).toContain('Le service est momentanément indisponible');

      const ready = await request(app).get('/api/ready').expect(503);
      expect(ready.headers['retry-after']).toMatch(/^\d+$/);
      expect(ready.body.message).toMatch(DB_MESSAGE);

      // A request that needs no database still answers.
      await request(app).get('/api/health-check').expect(200);
    } finally {
      await outage.restore();
    }

    await request(app).get('/api/ready').expect(200, { status: 'ready' });
    const back = await request(app).get('/api/products').expect(200);
    expect(JSON.stringify(back.body)).toContain('Ciment CPJ 45');
    // Rendered afresh (nothing was cached during the outage), then cached.
    const first = await request(app).get('/products?search=ciment').expect(200);
    expect(first.headers['x-html-cache']).toBe('miss');
    expect(first.text).toContain('Ciment CPJ 45');
    const second = await request(app).get('/products?search=ciment').expect(200);
    expect(second.headers['x-html-cache']).toBe('hit');
    await request(app).get('/').expect(200);
  });

  it('a page that caught a failed read (the home page without its promotions) is answered but never cached', async () => {
    // As after a back-office write: the home page cached by the previous test is gone.
    renderer.htmlCache?.clear();
    await api.db.knex.schema.renameTable('promotions', 'promotions_away');
    try {
      const first = await request(app).get('/').expect(200);
      expect(first.headers['x-html-cache']).toBeUndefined();
      const second = await request(app).get('/').expect(200);
      expect(second.headers['x-html-cache']).toBeUndefined();
    } finally {
      await api.db.knex.schema.renameTable('promotions_away', 'promotions');
    }
    // Once the read succeeds, the page is stored again as usual.
    expect((await request(app).get('/').expect(200)).headers['x-html-cache']).toBe('miss');
    expect((await request(app).get('/').expect(200)).headers['x-html-cache']).toBe('hit');
  });

  it('with every pooled connection taken, a request that needs no database answers and one that does gives up with 503', async () => {
    const release = await holdPool(appDb);
    try {
      // Both answer while the pool is still held: neither waited for it to be released.
      const health = await request(app).get('/api/health-check').expect(200);
      expect(health.body.status).toBe('ok');
      const products = await request(app).get('/api/products').expect(503);
      expect(products.body.message).toMatch(DB_MESSAGE);
    } finally {
      await release();
    }
    await request(app).get('/api/products').expect(200);
  });

  it('storage refusing writes: /api/ready answers 503; a submission goes to the trash (nothing to move) but its purge answers 503 and keeps its rows and files, then succeeds once storage is back', async () => {
    await submit(api.app, VALID_FIELDS, [{ name: 'plan-facade.pdf', data: pdfBytes() }]).expect(201);
    const row = (await api.db.knex('project_submissions').max('id as id').first()) as { id: number };
    const id = Number(row.id);
    const folder = api.layout.submissionDir(id);
    const files = filesUnder(folder);
    expect(files).toHaveLength(1);
    const purge = () => request(api.app).delete(`/api/admin/trash/submission/${id}`).set(bearer());

    const restore = breakFolder(api.layout.submissionsDir);
    try {
      const ready = await request(api.app).get('/api/ready').expect(503);
      expect(ready.headers['retry-after']).toMatch(/^\d+$/);
      expect(ready.body.message).toMatch(STORAGE_MESSAGE);

      // The trash keeps a request's private files where they are (docs/product-rules.md, "Trash").
      await request(api.app).delete(`/api/admin/project-submissions/${id}`).set(bearer()).expect(200);
      const refused = await purge().expect(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.body.message).toMatch(STORAGE_MESSAGE);
      expect(await api.db.knex('project_submissions').where({ id }).first()).toBeDefined();
      expect(await api.db.knex('submission_attachments').where({ submission_id: id })).toHaveLength(1);
    } finally {
      restore();
    }
    expect(filesUnder(folder)).toEqual(files);

    await request(api.app).get('/api/ready').expect(200);
    await purge().expect(200);
    expect(await api.db.knex('project_submissions').where({ id }).first()).toBeUndefined();
    expect(existsSync(folder) ? filesUnder(folder) : []).toEqual([]);
  });

  it('storage refusing writes: a product delete answers 503 and keeps its row and image, then moves both to the trash once storage is back', async () => {
    const category = (await api.db.knex('categories').first('id')) as { id: number };
    const { id: productId } = await aProduct(api.db, {
      reference: 'PRD-9002',
      name: 'Fer à béton 10 mm',
      category_id: category.id,
      price: 4800,
      stock: 12,
      description: 'Barre de 12 m.',
      image: 'products/fer-beton-10.jpg',
    });
    const folder = api.layout.imageDir('products');
    mkdirSync(folder, { recursive: true });
    const image = path.join(folder, 'fer-beton-10.jpg');
    writeFileSync(image, 'jpeg');

    const restore = breakFolder(folder);
    try {
      const refused = await request(api.app).delete(`/api/products/${productId}`).set(bearer()).expect(503);
      expect(refused.body.message).toMatch(STORAGE_MESSAGE);
      expect(await api.db.knex('products').where({ id: productId }).first()).toBeDefined();
    } finally {
      restore();
    }
    expect(existsSync(image)).toBe(true);

    expect((await api.db.knex('products').where({ id: productId }).first()).deleted_at).toBeNull();
    expect(await api.db.knex('trash').where({ kind: 'product' })).toEqual([]);

    await request(api.app).delete(`/api/products/${productId}`).set(bearer()).expect(200);
    expect((await api.db.knex('products').where({ id: productId }).first()).deleted_at).not.toBeNull();
    expect(existsSync(image)).toBe(false);
    expect(
      existsSync(path.join(api.layout.root, 'app', 'trash', 'public', 'products', 'fer-beton-10.jpg')),
    ).toBe(true);
  });
});

// The proxy stands between the app and MariaDB only; SQLite answers in-process, with no
// query left waiting on a network (server/db/knex.ts).
describe.each(testEngines().filter((engine) => engine.name === 'mysql'))(
  'a database that hangs, on $name',
  (engine) => {
    let db: TestDb;
    let proxy: TcpProxy;
    let appDb: Knex;
    let app: express.Express;
    let env: TestConfig;

    beforeAll(async () => {
      db = await engine.open({ migrate: true });
      const url = new URL(db.database.connection);
      proxy = await startTcpProxy(url.hostname, Number(url.port || 3306));
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const database: DatabaseConfig = {
        client: 'mysql',
        connection: url.toString(),
        acquireTimeoutMs: 800,
        queryTimeoutMs: 1_000,
      };
      env = testConfig(database);
      ensureStorageLayout(storageLayout(env.config.storageDir));
      appDb = createDb(database);
      app = createApp({ config: env.config, db: appDb, logger: silentLogger(), root: process.cwd() });
    });
    afterAll(async () => {
      proxy?.restore();
      if (appDb) await closeDb(appDb);
      await proxy?.close();
      await db?.cleanup();
      env?.dispose();
    });

    it('gives up on a query that gets no answer and on a connection that never opens, with 503, then recovers', async () => {
      await request(app).get('/api/products').expect(200);
      proxy.stall();
      try {
        // The pooled connection's query waits for DB_QUERY_TIMEOUT_MS, a new one for
        // DB_ACQUIRE_TIMEOUT_MS: both end in a 503, never in a request left hanging.
        const first = await request(app).get('/api/products').expect(503);
        expect(first.body.message).toMatch(DB_MESSAGE);
        const second = await request(app).get('/api/products').expect(503);
        expect(second.headers['retry-after']).toMatch(/^\d+$/);
        await request(app).get('/api/ready').expect(503);
      } finally {
        proxy.restore();
      }
      const back = await request(app).get('/api/products').expect(200);
      expect(back.body).toBeDefined();
      await request(app).get('/api/ready').expect(200);
    });
  },
);

// An account the server refuses is an outage of the database, not a bug: MariaDB's locked
// account (errno 4151, SQL state HY000) and a refused password (SQL state 28000) answer
// 503 like a server that is gone (server/db/database-outage.ts).
describe.each(testEngines().filter((engine) => engine.name === 'mysql'))(
  'an account the database refuses, on $name',
  (engine) => {
    let db: TestDb;
    let env: TestConfig;
    const user = `edifier_refused_${process.pid}_${Date.now() % 100_000}`;

    /** An app connecting to the test database as `user` with `password`. */
    function appAs(password: string): { app: express.Express; appDb: Knex } {
      const url = new URL(db.database.connection);
      url.username = user;
      url.password = password;
      const database: DatabaseConfig = { client: 'mysql', connection: url.toString(), acquireTimeoutMs: 800 };
      const appDb = createDb(database);
      return {
        app: createApp({ config: env.config, db: appDb, logger: silentLogger(), root: process.cwd() }),
        appDb,
      };
    }

    beforeAll(async () => {
      db = await engine.open({ migrate: true });
      const schema = new URL(db.database.connection).pathname.slice(1);
      await db.knex.raw(`CREATE USER ??@'%' IDENTIFIED BY 'juste-123' ACCOUNT LOCK`, [user]);
      await db.knex.raw(`GRANT ALL ON ??.* TO ??@'%'`, [schema, user]);
      env = testConfig(db.database);
      ensureStorageLayout(storageLayout(env.config.storageDir));
    });
    afterAll(async () => {
      await db?.knex.raw(`DROP USER IF EXISTS ??@'%'`, [user]);
      await db?.cleanup();
      env?.dispose();
    });

    it('answers 503 with Retry-After for a locked account and a refused password, and serves once the account is unlocked', async () => {
      const locked = appAs('juste-123');
      const wrong = appAs('pas-le-bon');
      try {
        const refused = await request(locked.app).get('/api/products').expect(503);
        expect(refused.headers['retry-after']).toMatch(/^\d+$/);
        expect(refused.body.message).toMatch(DB_MESSAGE);
        await request(locked.app).get('/api/ready').expect(503);

        const denied = await request(wrong.app).get('/api/products').expect(503);
        expect(denied.headers['retry-after']).toMatch(/^\d+$/);
        expect(denied.body.message).toMatch(DB_MESSAGE);

        await db.knex.raw(`ALTER USER ??@'%' ACCOUNT UNLOCK`, [user]);
        await request(locked.app).get('/api/products').expect(200);
      } finally {
        await closeDb(locked.appDb);
        await closeDb(wrong.appDb);
      }
    });
  },
);
