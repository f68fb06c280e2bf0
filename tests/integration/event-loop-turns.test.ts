import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { SsrRenderer } from '#server/ssr/renderer';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';

/**
 * Every request the server answers shares one event loop with the others, and each turn it
 * is put off (a `setImmediate`) lets a flood's requests go first. Express's router leaves a
 * router whose last matching layer passed the request on through such a turn: a pathless
 * middleware or error handler at the end of a feature router costs one turn to every request
 * that goes past it (docs/decisions/0011-page-cache-keys-and-cache-misses.md, "How the
 * flood is measured"). These are the turns the router schedules on the way to an answer;
 * the one turn a refusal waits on purpose (server/http/rate-limit.ts) is not among them.
 */
async function turnsFor(
  send: () => PromiseLike<{ status: number }>,
): Promise<{ status: number; turns: number }> {
  const original = globalThis.setImmediate;
  let turns = 0;
  globalThis.setImmediate = ((...args: Parameters<typeof setImmediate>) => {
    turns += 1;
    return original(...args);
  }) as typeof setImmediate;
  try {
    const { status } = await send();
    return { status, turns };
  } finally {
    globalThis.setImmediate = original;
  }
}

describe.each(testEngines())('event-loop turns of a request on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;

  beforeAll(async () => {
    // No HTML cache: every page asked for is a miss, rendered through the whole stack.
    api = await openApiHarness(engine, { env: { LOGIN_CLIENT_MAX_ATTEMPTS: '1', HTML_CACHE: 'off' } });
    renderer = await builtRenderer(api);
  });
  afterAll(async () => {
    await renderer?.close();
    await api?.cleanup();
  });

  it('answers the public API reads without a turn put off in the routers', async () => {
    for (const url of [
      '/api/products',
      '/api/categories',
      '/api/projects',
      '/api/parcels',
      '/api/health-check',
    ]) {
      expect(await turnsFor(() => request(api.app).get(url)), url).toEqual({ status: 200, turns: 0 });
    }
  });

  it('puts off a refused sign-in by at most the one router turn its error leaves by, and still 404s an undecodable image path', async () => {
    const signIn = () =>
      request(api.app).post('/api/auth/login').send({ email: 'inconnu@exemple.fr', password: 'mauvais-mot' });
    await signIn().expect(401);
    const refused = await turnsFor(signIn);
    expect(refused.status).toBe(429);
    expect(refused.turns).toBeLessThanOrEqual(1);
    await request(api.app).get('/api/serve-image/%E0%A4%A/x.png').expect(404);
    await request(api.app).get('/api/images/%E0%A4%A/x.png').expect(404);
  });

  it('renders a page that is not cached without a turn put off in the routers, and still serves public files', async () => {
    const site = createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
    });
    for (const url of ['/about', '/products', '/contact'])
      expect(await turnsFor(() => request(site).get(url)), url).toEqual({ status: 200, turns: 0 });
    await request(site).get('/favicon.svg').expect(200).expect('Content-Type', /svg/);
    await request(site).head('/favicon.svg').expect(200);
  });
});
