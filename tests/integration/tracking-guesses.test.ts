import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { Config } from '#server/config';
import { issueTrackingToken } from '#server/features/tracking';
import { createLogger } from '#server/logger';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aSubmission } from '../helpers/builders';
import { jpeg } from '../helpers/images';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';

/**
 * The guess limit of tracking links (docs/product-rules.md, "Tracking link";
 * docs/decisions/0020-tracking-links-and-status-history.md, "Guesses, spellings and
 * photos"): only links that open nothing count, a working link opens whatever the
 * address tried before, another limit's 429 is not a guess, every other spelling of a
 * tracking path is sent to its one form (or is a counted 404) without its token reaching
 * the log, and the photo paths share the count. On the production build and every engine.
 */

const TOO_MANY_GUESSES = 'Trop de liens de suivi essayés depuis cette connexion.';
const TOO_MANY_RENDERS = 'Vous avez demandé beaucoup de pages en peu de temps.';
const NOT_FOUND = 'Lien de suivi introuvable ou expiré';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A GET whose path goes on the wire exactly as written (supertest's URL parsing would
 * resolve `/./`, backslashes and some encodings before sending them).
 */
async function rawGet(app: express.Express, path: string): Promise<Answer> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<Answer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
          );
        })
        .on('error', reject);
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** A well-formed token that opens nothing: 32 characters of the token's alphabet. */
const unknown = (n: number) => `${'Z'.repeat(28)}${String(n).padStart(4, '0')}`;

describe.each(testEngines())('tracking guess limit on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  const renderers: SsrRenderer[] = [];
  let token = '';
  let photo = '';

  /** The app with its own limits (fresh counts: they are kept per `config.limits`). */
  function withLimits(limits: Partial<Config['limits']>): Config {
    return { ...api.env.config, limits: { ...api.env.config.limits, ...limits } };
  }
  function appWith(config: Config, options: { renderer?: SsrRenderer; log?: string[] } = {}) {
    const logger = options.log
      ? createLogger(
          'info',
          new Writable({
            write(chunk, _encoding, done) {
              options.log!.push(String(chunk));
              done();
            },
          }) as never,
        )
      : silentLogger();
    return createApp({
      config,
      db: api.db.knex,
      logger,
      root: process.cwd(),
      renderer: options.renderer ?? renderer,
    });
  }
  async function rendererFor(config: Config): Promise<SsrRenderer> {
    const made = await createRenderer({
      config,
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      mode: 'build',
    });
    renderers.push(made);
    return made;
  }

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { TRACKING_GUESS_LIMIT: '1000' } });
    renderer = await builtRenderer(api);
    const { id } = await aSubmission(api.db, { reference: 'EDF-2026-07777', status: 'approved' });
    token = await issueTrackingToken(api.db.knex, id);
    await request(api.app)
      .post(`/api/admin/project-submissions/${id}/updates`)
      .set('Authorization', `Bearer ${api.adminToken}`)
      .field('date', '2026-11-20')
      .field('phase', 'terrassement')
      .field('progress', '15')
      .field('text', 'Fouilles terminées.')
      .field('published', '1')
      .attach('photos[]', await jpeg({ width: 800, height: 600 }), 'chantier.jpg')
      .expect(201);
    const page = await request(appWith(api.env.config)).get(`/suivi/${token}`).expect(200);
    photo = new RegExp(`src="/suivi/${token}/photos/([\\w-]+-640\\.webp)"`).exec(page.text)?.[1] ?? '';
    expect(photo).not.toBe('');
  });
  afterAll(async () => {
    for (const made of renderers) await made.close();
    await renderer?.close();
    await api?.cleanup();
  });

  it('opens a working link, and its photos, after 25 unknown tokens from the same address', async () => {
    const app = appWith(withLimits({ trackingGuessMax: 20 }));
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const path = i % 3 === 0 ? `/suivi/court-${i}` : `/suivi/${unknown(i)}`;
      statuses.push((await request(app).get(path)).status);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(404), ...Array<number>(5).fill(429)]);

    const page = await request(app).get(`/suivi/${token}`).expect(200);
    expect(page.text).toContain('Suivi de votre demande');
    await request(app).get(`/suivi/${token}/photos/${photo}`).expect(200);
    // Past the limit, what opens nothing is still refused.
    const stopped = await request(app)
      .get(`/suivi/${unknown(99)}`)
      .expect(429);
    expect(stopped.text).toContain(TOO_MANY_GUESSES);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    await request(app).get('/suivi/court').expect(429);
  });

  it('never counts a 429 of the render limit as a guess', async () => {
    const config = withLimits({ trackingGuessMax: 3, rendersPerMinute: 2 });
    const first = appWith(config, { renderer: await rendererFor(config) });
    for (let i = 0; i < 2; i += 1) await request(first).get(`/suivi/${token}`).expect(200);
    for (const path of [
      ...Array<string>(4).fill(`/suivi/${token}`),
      `/suivi/${unknown(1)}`,
      `/suivi/${unknown(2)}`,
      `/suivi/${unknown(3)}`,
      `/suivi/${unknown(4)}`,
    ]) {
      const refused = await request(first).get(path).expect(429);
      expect(refused.text).toContain(TOO_MANY_RENDERS);
    }
    // The minute of renders is over (a renderer of its own, with fresh counts), the guess
    // count is the same: the link opens and the address still has its three guesses.
    const later = appWith(config, {
      renderer: await rendererFor(withLimits({ rendersPerMinute: 100 })),
    });
    await request(later).get(`/suivi/${token}`).expect(200);
    for (let i = 5; i < 8; i += 1)
      await request(later)
        .get(`/suivi/${unknown(i)}`)
        .expect(404);
    expect(
      (
        await request(later)
          .get(`/suivi/${unknown(8)}`)
          .expect(429)
      ).text,
    ).toContain(TOO_MANY_GUESSES);
  });

  it('sends every other spelling of a tracking path to its one form, without counting it or logging the token', async () => {
    const log: string[] = [];
    const app = appWith(withLimits({ trackingGuessMax: 1 }), { log });
    const first = token.charCodeAt(0).toString(16).toUpperCase();
    const pagePath = `/suivi/${token}`;
    const photoPath = `/suivi/${token}/photos/${photo}`;
    const spellings: [string, string][] = [
      [`/SUIVI/${token}`, pagePath],
      [`/Suivi/${token}`, pagePath],
      [`/%73uivi/${token}`, pagePath],
      [`/%73%55%49%56%49/${token}`, pagePath],
      [`/suivi/%${first}${token.slice(1)}`, pagePath],
      [`/suivi/${token}/`, pagePath],
      [`/suivi/${token}//`, pagePath],
      [`//suivi/${token}`, pagePath],
      [`/suivi//${token}`, pagePath],
      [`/./suivi/${token}`, pagePath],
      [`/suivi/%2e/${token}`, pagePath],
      [`/suivi\\${token}`, pagePath],
      [`/SUIVI/${token}?source=mail`, `${pagePath}?source=mail`],
      [`/SUIVI/${token}/photos/${photo}`, photoPath],
      [`/suivi/${token}/PHOTOS/${photo}`, photoPath],
      [`/%73uivi/${token}/photos/${photo}`, photoPath],
      [`/suivi/${token}/photos/${photo}/`, photoPath],
      [`/suivi/${token}//photos/${photo}`, photoPath],
    ];
    for (const [path, canonical] of spellings) {
      log.length = 0;
      const answer = await rawGet(app, path);
      await settle();
      expect([path, answer.status, answer.headers.location]).toEqual([path, 301, canonical]);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      const line = log.find((entry) => entry.includes('"msg":"request completed"')) ?? '';
      expect(line).toContain('[masqué]');
      expect(line).not.toContain(token.slice(1, 31));
    }
    await request(app).get(pagePath).expect(200);
    await request(app).get(photoPath).expect(200);
    // None of the redirects was a guess: the one allowed is still there.
    await request(app)
      .get(`/suivi/${unknown(1)}`)
      .expect(404);
    await request(app)
      .get(`/suivi/${unknown(2)}`)
      .expect(429);
  });

  it('answers a tracking path it cannot decode with a 404 that counts, and logs no token', async () => {
    const log: string[] = [];
    const app = appWith(withLimits({ trackingGuessMax: 2 }), { log });
    const undecodable = [
      `/suivi/${token.slice(0, 30)}%ZZ`,
      `/%73uivi/${token.slice(0, 29)}%E0%A4%A`,
      `/SUIVI/${token.slice(0, 30)}%G1/photos/${photo}`,
    ];
    expect((await rawGet(app, undecodable[0]!)).status).toBe(404);
    const second = await rawGet(app, undecodable[1]!);
    expect(second.status).toBe(404);
    expect(second.text).toContain(NOT_FOUND);
    expect(second.headers['cache-control']).toBe('no-store');
    expect((await rawGet(app, undecodable[2]!)).status).toBe(429);
    await settle();
    const logged = log.join('\n');
    expect(logged).toContain('[masqué]');
    expect(logged).not.toContain(token.slice(0, 29));
    // The working link still opens.
    await request(app).get(`/suivi/${token}`).expect(200);
  });

  it('counts unknown tokens of the photo paths with those of the page, and refuses them past the limit', async () => {
    const app = appWith(withLimits({ trackingGuessMax: 3 }));
    // A working link with a wrong photo name is no guess at the token.
    for (let i = 0; i < 4; i += 1)
      await request(app).get(`/suivi/${token}/photos/inconnue-${i}-640.webp`).expect(404);
    await request(app)
      .get(`/suivi/${unknown(1)}/photos/${photo}`)
      .expect(404);
    await request(app).get(`/suivi/court/photos/${photo}`).expect(404);
    await request(app)
      .get(`/suivi/${unknown(2)}`)
      .expect(404);
    const stopped = await request(app)
      .get(`/suivi/${unknown(3)}/photos/${photo}`)
      .expect(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(stopped.headers['cache-control']).toBe('no-store');
    expect(stopped.text).toContain(TOO_MANY_GUESSES);
    await request(app)
      .get(`/suivi/${unknown(4)}`)
      .expect(429);
    // The client's own photos and page are not refused.
    const served = await request(app).get(`/suivi/${token}/photos/${photo}`).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    await request(app).get(`/suivi/${token}`).expect(200);
  });
});
