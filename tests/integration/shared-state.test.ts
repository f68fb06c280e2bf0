import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { Config } from '#server/config';
import { rateLimit } from '#server/http/rate-limit';
import { closeSharedRedis, sharedRedis } from '#server/shared-state/redis-connection';
import { createHtmlCache } from '#server/ssr/html-cache';
import { buildCachedDocument } from '#server/ssr/html-compression';
import { shareEmptying } from '#server/ssr/shared-html-cache';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { freePort } from '../helpers/server-process';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { testEngines } from '../helpers/test-db';
import { silentLogger } from '../helpers/test-config';
import { REDIS_TEST_URL, redisAnswers, removeKeys, uniquePrefix } from '../helpers/test-redis';

/**
 * The shared state of several instances (docs/decisions/0022-shared-state-in-redis.md):
 * rate limits counted in Redis and page caches emptied together, each instance played here
 * by a connection of its own (two URLs naming the same server make two connections).
 * Redis away: limits open, cache bypassed, nothing waits. The two-process proof is
 * tests/e2e/several-instances.test.ts.
 */

type SharedConfig = Pick<Config, 'limits' | 'redis' | 'logLevel'>;

const LIMITS: Config['limits'] = {
  loginMaxAttempts: 5,
  loginLockoutMinutes: 10,
  loginClientMax: 20,
  loginClientWindowMinutes: 15,
  submissionMax: 3,
  submissionWindowMinutes: 60,
  contactMax: 5,
  contactWindowMinutes: 60,
  rendersPerMinute: 30,
  trackingGuessMax: 20,
  trackingGuessWindowMinutes: 15,
  trackingResendMax: 5,
  trackingResendWindowMinutes: 60,
  trackingResendPerRequestHourly: 3,
  trackingResendPerRequestDaily: 10,
  passwordForgotMax: 5,
  passwordForgotWindowMinutes: 60,
  accountLinkAttemptMax: 10,
  accountLinkAttemptWindowMinutes: 15,
};

const configFor = (url: string, keyPrefix: string): SharedConfig => ({
  logLevel: 'silent',
  redis: { url, keyPrefix },
  limits: LIMITS,
});

const cacheOptions = { maxEntries: 10, maxBytes: 1024 * 1024, ttlSeconds: 60 };

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
}

const reachable = await redisAnswers();
if (!reachable) {
  console.log(`[shared-state] SKIPPED: Redis does not answer at ${REDIS_TEST_URL} (set REDIS_TEST_URL).`);
}

afterAll(async () => {
  await closeSharedRedis();
});

describe.skipIf(!reachable)('shared state on Redis', () => {
  const prefix = uniquePrefix('shared-state');
  // Same server, two connections: what two instances would have.
  const first = configFor(REDIS_TEST_URL, prefix);
  const second = configFor(`${REDIS_TEST_URL.replace(/\/+$/, '')}/0`, prefix);

  afterAll(async () => {
    await removeKeys(prefix);
  });

  it('counts one client across instances: of ten parallel attempts on two, exactly the limit passes', async () => {
    expect(await sharedRedis(first)!.waitUntilConnected(5_000)).toBe(true);
    expect(await sharedRedis(second)!.waitUntilConnected(5_000)).toBe(true);
    const limits = [rateLimit(first, 'submissions'), rateLimit(second, 'submissions')];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => limits[i % 2]!.take('203.0.113.7')),
    );
    expect(answers.filter((answer) => answer.granted)).toHaveLength(3);
    const refused = await limits[1]!.take('203.0.113.7');
    expect(refused.granted).toBe(false);
    if (!refused.granted) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
    // Another client has its own count.
    expect((await limits[0]!.take('203.0.113.8')).granted).toBe(true);
  });

  it('gives a released slot back to every instance, and refused attempts do not count', async () => {
    const one = rateLimit(first, 'contactMessages');
    const other = rateLimit(second, 'contactMessages');
    const taken = [];
    for (let i = 0; i < 5; i += 1) taken.push(await one.take('198.51.100.1'));
    expect(taken.every((answer) => answer.granted)).toBe(true);
    for (let i = 0; i < 3; i += 1) expect((await other.take('198.51.100.1')).granted).toBe(false);
    const last = taken[4]!;
    if (last.granted) {
      await last.slot.release();
      await last.slot.release();
    }
    expect((await other.take('198.51.100.1')).granted).toBe(true);
    expect((await one.take('198.51.100.1')).granted).toBe(false);
  });

  it('counts the links mailed per recipient across instances, under a hash of the address only', async () => {
    const hourly = [rateLimit(first, 'trackingMailsHourly'), rateLimit(second, 'trackingMailsHourly')];
    const daily = rateLimit(second, 'trackingMailsDaily');
    const key = 'destinataire:awa.redis@example.bj';
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => hourly[i % 2]!.take(key)));
    expect(answers.filter((answer) => answer.granted)).toHaveLength(3);
    expect((await daily.take(key)).granted).toBe(true);
    const client = new Redis(REDIS_TEST_URL, { maxRetriesPerRequest: 1 });
    try {
      const keys = await client.keys(`${prefix}limite:trackingMails*`);
      expect(keys.length).toBeGreaterThanOrEqual(2);
      for (const stored of keys) {
        expect(stored).not.toContain('awa.redis');
        expect(stored).toMatch(/:[0-9a-f]{64}$/);
      }
    } finally {
      client.disconnect();
    }
  });

  it('empties every instance’s page cache when one of them writes', async () => {
    const caches = [
      shareEmptying(createHtmlCache(cacheOptions), sharedRedis(first)!),
      shareEmptying(createHtmlCache(cacheOptions), sharedRedis(second)!),
    ];
    const page = buildCachedDocument('<p>page</p>', 60);
    // Each serves from its cache once subscribed.
    expect(
      await until(() => {
        for (const cache of caches) cache.set('/products', page, cache.generation);
        return caches.every((cache) => cache.get('/products') !== undefined);
      }, 5_000),
    ).toBe(true);
    caches[0]!.clear();
    expect(caches[0]!.get('/products')).toBeUndefined();
    expect(await until(() => caches[1]!.get('/products') === undefined, 1_000)).toBe(true);
  });
});

describe.skipIf(!reachable)('shared state when Redis goes away and comes back', () => {
  it('opens the limits and bypasses the cache while Redis is cut or hangs, and counts and caches again once it is back', async () => {
    const target = new URL(REDIS_TEST_URL);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const prefix = uniquePrefix('recovery');
    try {
      const config = configFor(`redis://127.0.0.1:${proxy.port}`, prefix);
      const redis = sharedRedis(config)!;
      expect(await redis.waitUntilConnected(5_000)).toBe(true);
      const limit = rateLimit(config, 'submissions');
      const cache = shareEmptying(createHtmlCache(cacheOptions), redis);
      const page = buildCachedDocument('<p>page</p>', 60);
      const cached = () => {
        cache.set('/', page, cache.generation);
        return cache.get('/') !== undefined;
      };
      expect(await until(cached, 5_000)).toBe(true);
      for (let i = 0; i < LIMITS.submissionMax; i += 1) expect((await limit.take('a')).granted).toBe(true);
      expect((await limit.take('a')).granted).toBe(false);

      proxy.cut();
      // Both connections have seen it: the subscription (no cache) and the commands.
      expect(await until(() => !cached() && !redis.connected, 5_000)).toBe(true);
      expect((await limit.take('a')).granted).toBe(true);

      // A Redis that accepts and never answers costs a request the command timeout, once.
      proxy.restore();
      expect(await redis.waitUntilConnected(10_000)).toBe(true);
      proxy.stall();
      expect((await limit.take('a')).granted).toBe(true);

      proxy.restore();
      expect(await until(() => redis.connected && cached(), 15_000)).toBe(true);
      // The window counted before the cut is still there: the client is still over it.
      const again = await limit.take('a');
      expect(again.granted).toBe(false);
    } finally {
      await proxy.close();
      await removeKeys(prefix);
    }
  });
});

describe('shared state with Redis away', () => {
  it('lets requests through without waiting, and renders pages instead of serving a cache it cannot keep in step', async () => {
    const config = configFor(`redis://127.0.0.1:${await freePort()}`, uniquePrefix('away'));
    const limit = rateLimit(config, 'loginClients');
    const answers = [];
    for (let i = 0; i < LIMITS.loginClientMax + 5; i += 1) answers.push(await limit.take('192.0.2.1'));
    expect(answers.every((answer) => answer.granted)).toBe(true);

    const cache = shareEmptying(createHtmlCache(cacheOptions), sharedRedis(config)!);
    cache.set('/', buildCachedDocument('<p>page</p>', 60), cache.generation);
    expect(cache.get('/')).toBeUndefined();
    expect(cache.size).toBe(0);
    // A write still empties what this instance holds, even though no one else can hear it.
    expect(() => cache.clear()).not.toThrow();
  });
});

describe.each(testEngines())('Redis in readiness and the system diagnostic on $name', (engine) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await openApiHarness(engine);
  });
  afterAll(() => api.cleanup());

  /** The same site and database with another REDIS_URL. */
  const appWith = (url: string) =>
    createApp({
      config: { ...api.env.config, redis: { url, keyPrefix: uniquePrefix('diagnostic') } },
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
    });
  const admin = () => ({ Authorization: `Bearer ${api.adminToken}` });

  it('says one process keeps everything in memory when REDIS_URL is unset, and readiness is unchanged', async () => {
    expect((await request(api.app).get('/api/ready').expect(200)).body).toEqual({ status: 'ready' });
    await request(api.app).get('/api/diagnostic/redis').expect(401);
    await request(api.app)
      .get('/api/diagnostic/redis')
      .set({ Authorization: `Bearer ${api.editorToken}` })
      .expect(403);
    const report = await request(api.app).get('/api/diagnostic/redis').set(admin()).expect(200);
    expect(report.body).toMatchObject({ status: 'unconfigured', endpoint: null, duration_ms: null });
    expect(report.body.message).toMatch(/^Non configuré/);
  });

  it('reports Redis away, fails readiness for it, and never shows its password', async () => {
    const port = await freePort();
    const app = appWith(`redis://:mot-de-passe-redis@127.0.0.1:${port}`);
    const ready = await request(app).get('/api/ready').expect(503);
    expect(ready.body.message).toMatch(/Redis, partagé par les instances du site, ne répond pas/);
    expect(JSON.stringify(ready.body)).not.toContain('mot-de-passe-redis');
    const report = await request(app).get('/api/diagnostic/redis').set(admin()).expect(200);
    expect(report.body).toMatchObject({ status: 'error', endpoint: `redis://127.0.0.1:${port}` });
    expect(report.body.message).toMatch(/^Redis injoignable/);
    expect(JSON.stringify(report.body)).not.toContain('mot-de-passe-redis');
  });

  it.skipIf(!reachable)('reports Redis answering', async () => {
    const app = appWith(REDIS_TEST_URL);
    const report = await request(app).get('/api/diagnostic/redis').set(admin()).expect(200);
    expect(report.body).toMatchObject({ status: 'success', endpoint: 'redis://127.0.0.1:6379' });
    expect((await request(app).get('/api/ready').expect(200)).body).toEqual({
      status: 'ready',
      redis: 'connected',
    });
  });
});
