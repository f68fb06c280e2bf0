import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type express from 'express';
import { createApp } from '#server/app';
import { createAudience, type Audience } from '#server/features/audience';
import { closeSharedRedis, sharedRedis } from '#server/shared-state/redis-connection';
import { businessToday } from '#shared/calendar';
import type { SsrRenderer } from '#server/ssr/renderer';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import { REDIS_TEST_URL, redisAnswers, removeKeys, uniquePrefix } from '../helpers/test-redis';

/**
 * Two instances counting through one Redis into one database
 * (docs/decisions/0043-audience-counting.md): a visitor seen by both is one visitor, every
 * view is written once, whichever instance writes its batch first; the day's salt and set
 * live in Redis and expire with the day, the database keeps no visitor trace.
 */

const reachable = await redisAnswers();
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe.skipIf(!reachable).each(testEngines())('audience counting through Redis on $name', (engine) => {
  const prefix = uniquePrefix('audience');
  let api: ApiHarness;
  const instances: Array<{
    audience: Audience;
    app: express.Express;
    renderer: SsrRenderer;
    server: Server;
  }> = [];

  beforeAll(async () => {
    api = await openApiHarness(engine, {
      env: {
        HTML_CACHE: 'on',
        TRUST_PROXY: 'true',
        REDIS_URL: REDIS_TEST_URL,
        REDIS_KEY_PREFIX: prefix,
        STATS_FLUSH_SECONDS: '3600',
      },
    });
    expect(api.env.config.redis.url).toBe(REDIS_TEST_URL);
    await sharedRedis(api.env.config)!.waitUntilConnected(2_000);
    for (let i = 0; i < 2; i += 1) {
      const audience = createAudience({ config: api.env.config, db: api.db.knex, logger: silentLogger() });
      await audience.start();
      const renderer = await builtRenderer(api);
      const app = createApp({
        config: api.env.config,
        db: api.db.knex,
        logger: silentLogger(),
        root: process.cwd(),
        renderer,
        audience,
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      instances.push({ audience, app, renderer, server });
    }
  });
  afterAll(async () => {
    for (const { audience, server, renderer } of instances) {
      await new Promise((resolve) => server.close(resolve));
      await audience.stop();
      await renderer.close();
    }
    await closeSharedRedis();
    await removeKeys(prefix);
    await api?.cleanup();
  });

  /** A browser's page view from `address`, answered by instance `n`. */
  const view = (n: number, address: string, path = '/services') =>
    request(instances[n]!.server)
      .get(path)
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': address })
      .expect(200);

  it('counts a visitor seen by both instances once, and every view once', async () => {
    const today = businessToday();
    // 150 visitors on instance 0, 150 on instance 1, of whom 100 are the same people.
    // In parallel, with both instances' batches written meanwhile.
    await Promise.all([
      ...Array.from({ length: 150 }, (_, i) => view(0, `10.2.0.${i}`)),
      ...Array.from({ length: 150 }, (_, i) => view(1, `10.2.0.${i + 50}`)),
      ...instances.map(({ audience }) => audience.flush()),
    ]);
    await Promise.all(instances.map(({ audience }) => audience.flush()));
    // A second view of known visitors on either instance adds a view, never a visitor.
    await view(1, '10.2.0.1');
    await view(0, '10.2.0.199');
    await Promise.all(instances.map(({ audience }) => audience.flush()));
    // On a busy machine a Redis answer may come late: its members wait for the next batch.
    await Promise.all(instances.map(({ audience }) => audience.flush()));
    const day = await api.db.knex('stats_days').where({ date: today }).first();
    expect([Number(day.views), Number(day.visitors)]).toEqual([302, 200]);
    const page = await api.db
      .knex('stats_counts')
      .where({ date: today, dimension: 'page', key: '/services' })
      .first();
    expect([Number(page.views), Number(page.visitors)]).toEqual([302, 200]);
    // The day's traces are Redis's, expiring with the day; none in the database.
    const redis = sharedRedis(api.env.config)!.commands;
    const ttl = await redis.pttl(`${prefix}stats:seen:${today}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000 + 10 * 60_000);
    expect(await api.db.knex('stats_seen').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('counts WhatsApp clicks of both instances exactly', async () => {
    const today = businessToday();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(instances[i % 2]!.app)
          .get('/whatsapp/promotion/5?text=Bonjour')
          .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': `10.3.0.${i}` })
          .expect(302),
      ),
    );
    await Promise.all(instances.map(({ audience }) => audience.flush()));
    const row = await api.db
      .knex('stats_counts')
      .where({ date: today, dimension: 'whatsapp_promotion', key: '5' })
      .first();
    expect(Number(row.views)).toBe(40);
  });
});
