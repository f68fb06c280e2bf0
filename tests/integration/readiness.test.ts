import { execFileSync } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type express from 'express';
import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { DatabaseConfig } from '#server/config';
import { closeDb, createDb } from '#server/db/knex';
import { closeSharedRedis } from '#server/shared-state/redis-connection';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import { REDIS_TEST_URL, redisAnswers, uniquePrefix } from '../helpers/test-redis';

/**
 * `/api/ready` says whether this process can serve the site's writes
 * (docs/decisions/0012-shutdown-order-and-honest-faults.md,
 * docs/decisions/0022-shared-state-in-redis.md): a database that reads but refuses writes,
 * a database that stops answering, and a Redis that accepts connections but answers
 * nothing each give the 503 of their part, with Retry-After, in about the time a load
 * balancer waits.
 */

const DB_MESSAGE = /base de données ne répond pas/;
const REDIS_MESSAGE = /Redis, partagé par les instances du site, ne répond pas/;

/** `/api/ready` of `app`, timed. */
async function ready(app: express.Express) {
  const started = Date.now();
  const response = await request(app).get('/api/ready');
  return { response, ms: Date.now() - started };
}

/** Whether `chattr +i` works on `file` here (root with CAP_LINUX_IMMUTABLE, on ext4 and the like). */
function immutable(file: string, on: boolean): boolean {
  try {
    execFileSync('chattr', [on ? '+i' : '-i', file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.each(testEngines())('readiness of the database on $name', (engine) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await openApiHarness(engine);
  });
  afterAll(() => api.cleanup());

  const appOn = (db: Knex, database: DatabaseConfig) =>
    createApp({
      config: { ...api.env.config, database },
      db,
      logger: silentLogger(),
      root: process.cwd(),
    });

  it('is ready while the database takes writes, and leaves no row behind', async () => {
    await request(api.app).get('/api/ready').expect(200, { status: 'ready' });
    expect(await api.db.knex('readiness_probe').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  if (engine.name === 'sqlite') {
    it('answers 503 when the SQLite connection reads but cannot write (query_only)', async () => {
      const appDb = createDb(api.db.database);
      try {
        // The pool's one connection refuses every write, as a read-only file does.
        await appDb.raw('PRAGMA query_only = ON');
        await expect(appDb('categories').insert({ name: 'Essai', description: '' })).rejects.toThrow(
          /readonly/,
        );
        const app = appOn(appDb, api.db.database);
        await request(app).get('/api/products').expect(200);
        const { response } = await ready(app);
        expect(response.status).toBe(503);
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.body.message).toMatch(DB_MESSAGE);
      } finally {
        await closeDb(appDb);
      }
    });

    it('answers 503 when the SQLite file is made immutable (chattr +i) before the process opens it', async (context) => {
      // A copy of its own: in one process SQLite reuses a file descriptor another
      // connection to the same file left open for writing, which a new process would not have.
      const file = path.join(path.dirname(api.db.database.connection), 'immuable.sqlite');
      await api.db.knex.raw('VACUUM INTO ?', [file]);
      // In WAL mode, as the site leaves its file (server/db/knex.ts).
      const writer = createDb({ client: 'sqlite', connection: file });
      await writer.raw('select 1');
      await closeDb(writer);
      if (!immutable(file, true)) {
        console.log('[readiness] SKIPPED: chattr +i does not work here (needs root on ext4 or alike).');
        context.skip();
      }
      const database: DatabaseConfig = { client: 'sqlite', connection: file };
      const appDb = createDb(database);
      try {
        const app = appOn(appDb, database);
        await request(app).get('/api/products').expect(200);
        await expect(appDb('categories').insert({ name: 'Essai', description: '' })).rejects.toThrow(
          /readonly/,
        );
        const { response } = await ready(app);
        expect(response.status).toBe(503);
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.body.message).toMatch(DB_MESSAGE);
      } finally {
        immutable(file, false);
        await closeDb(appDb);
      }
    });
  } else {
    it('answers 503 within about two seconds when MySQL stops answering, and 200 once it is back', async () => {
      const url = new URL(api.db.database.connection);
      const proxy: TcpProxy = await startTcpProxy(url.hostname, Number(url.port || 3306));
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      // The site's own bounds stay long (a slow report may take seconds): readiness has its own.
      const database: DatabaseConfig = {
        client: 'mysql',
        connection: url.toString(),
        queryTimeoutMs: 15_000,
      };
      const appDb = createDb(database);
      try {
        const app = appOn(appDb, database);
        await request(app).get('/api/ready').expect(200);
        proxy.stall();
        const { response, ms } = await ready(app);
        expect(response.status).toBe(503);
        expect(response.body.message).toMatch(DB_MESSAGE);
        expect(ms).toBeLessThan(3_000);
        proxy.restore();
        await request(app).get('/api/ready').expect(200);
      } finally {
        proxy.restore();
        await closeDb(appDb);
        await proxy.close();
      }
    });
  }
});

const reachable = await redisAnswers();
if (!reachable) {
  console.log(`[readiness] Redis does not answer at ${REDIS_TEST_URL}: the frozen-Redis case is skipped.`);
}

describe('readiness with Redis configured', () => {
  const [engine] = testEngines();
  let api: ApiHarness;
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    api = await openApiHarness(engine!);
  });
  afterAll(async () => {
    await closeSharedRedis();
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await api.cleanup();
  });

  const appWith = (url: string) =>
    createApp({
      config: { ...api.env.config, redis: { url, keyPrefix: uniquePrefix('pret') } },
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
    });

  /** A server that accepts connections and never answers a byte. */
  async function silentServer(): Promise<number> {
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }

  it('answers 503 within about a second when Redis accepts connections and never answers', async () => {
    const app = appWith(`redis://127.0.0.1:${await silentServer()}`);
    // The first request opens the connection; by the second the socket is there, the answers never come.
    expect((await ready(app)).response.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { response, ms } = await ready(app);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.body.message).toMatch(REDIS_MESSAGE);
    expect(ms).toBeLessThan(1_200);
  });

  it('answers 503 when no Redis listens at the address', async () => {
    const port = await silentServer();
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    const { response } = await ready(appWith(`redis://:mot-de-passe-redis@127.0.0.1:${port}`));
    expect(response.status).toBe(503);
    expect(response.body.message).toMatch(REDIS_MESSAGE);
    expect(JSON.stringify(response.body)).not.toContain('mot-de-passe-redis');
  });

  it.skipIf(!reachable)(
    'answers 200 while Redis answers, then 503 within about a second once it freezes on an open connection',
    async () => {
      const redisUrl = new URL(REDIS_TEST_URL);
      const proxy = await startTcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
      try {
        const app = appWith(`redis://127.0.0.1:${proxy.port}`);
        await request(app).get('/api/ready').expect(200, { status: 'ready', redis: 'connected' });
        // As `DEBUG SLEEP`: the connection stays open and ready, nothing comes back.
        proxy.stall();
        const { response, ms } = await ready(app);
        expect(response.status).toBe(503);
        expect(response.body.message).toMatch(REDIS_MESSAGE);
        expect(ms).toBeLessThan(1_200);
      } finally {
        proxy.restore();
        await proxy.close();
      }
    },
  );
});
