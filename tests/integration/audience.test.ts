import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type express from 'express';
import { createApp } from '#server/app';
import { createAudience, type Audience } from '#server/features/audience';
import type { SsrRenderer } from '#server/ssr/renderer';
import { businessInstant } from '#shared/calendar';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aProduct, aPromotion } from '../helpers/builders';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import { submit, VALID_FIELDS } from './submission-fixtures';

/**
 * Audience counting (docs/product-rules.md, "Statistics without cookies"; decision 0043) on
 * the production build with the page cache on: what reaches `stats_days` and `stats_counts`
 * after a batch, which requests are left out, daily visitors through a restart and a day
 * change, and that nothing of a visitor remains in any table.
 */

const WHATSAPP = '22990001122';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Row = Record<string, unknown>;

describe.each(testEngines())('audience counting on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  let audience: Audience;
  let app: express.Express;
  let server: Server;
  /** Each test counts on a day of its own: counts of one never meet another's. */
  let day = 0;
  let at = new Date();
  const nextDay = () => {
    day += 1;
    at = businessInstant(2026, 3, day, 10, 0);
    return `2026-03-${String(day).padStart(2, '0')}`;
  };

  /** A browser request from `address` (TRUST_PROXY: X-Forwarded-For is the client). */
  const get = (path: string, headers: Record<string, string> = {}, address = '198.51.100.7') =>
    request(server)
      .get(path)
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': address, ...headers });

  const db = () => api.db.knex;
  const dayRow = async (date: string) =>
    (await db()('stats_days').where({ date }).first()) as { views: number; visitors: number } | undefined;
  const counts = async (date: string, dimension: string) =>
    Object.fromEntries(
      (
        (await db()('stats_counts').where({ date, dimension }).select('key', 'views', 'visitors')) as Row[]
      ).map((row) => [row.key, [Number(row.views), Number(row.visitors)]]),
    );

  function makeApp(counting: Audience): express.Express {
    return createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
      audience: counting,
    });
  }

  beforeAll(async () => {
    api = await openApiHarness(engine, {
      env: {
        HTML_CACHE: 'on',
        TRUST_PROXY: 'true',
        SITE_WHATSAPP: WHATSAPP,
        // Batches only when the test asks for one.
        STATS_FLUSH_SECONDS: '3600',
        SUBMISSION_RATE_LIMIT: '1000',
        CONTACT_RATE_LIMIT: '1000',
      },
    });
    renderer = await builtRenderer(api);
    audience = createAudience({ config: api.env.config, db: db(), logger: silentLogger(), now: () => at });
    nextDay();
    await audience.start();
    app = makeApp(audience);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    expect((server.address() as AddressInfo).port).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await audience?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await renderer?.close();
    await api?.cleanup();
  });

  it('counts a page rendered and the same page from the cache, views and daily visitors', async () => {
    const date = nextDay();
    const first = await get('/services').expect(200);
    const second = await get('/services', {}, '198.51.100.8').expect(200);
    const again = await get('/services?utm_source=Facebook&utm_campaign=promo-mars').expect(200);
    expect([first, second, again].map((r) => r.headers['x-html-cache'])).toEqual(['miss', 'hit', 'hit']);
    // No cookie, and the page is the one any visitor gets.
    expect(first.headers['set-cookie']).toBeUndefined();
    await audience.flush();
    expect(await dayRow(date)).toMatchObject({ views: 3, visitors: 2 });
    expect(await counts(date, 'page')).toEqual({ '/services': [3, 2] });
    expect(await counts(date, 'utm_source')).toEqual({ facebook: [1, 1] });
    expect(await counts(date, 'utm_campaign')).toEqual({ 'promo-mars': [1, 1] });
  });

  it('says on the privacy page what is counted, without cookie, and that DNT and GPC are honoured', async () => {
    const { text } = await get('/privacy').expect(200);
    expect(text).toContain('Mesure d’audience');
    expect(text).toContain('sans cookie, sans script et sans service extérieur');
    expect(text).toContain('Aucune donnée personnelle n’est conservée');
    expect(text).toContain('« Do Not Track » ou « Global Privacy Control »');
  });

  it('leaves out crawlers, prefetches, DNT and GPC, HEAD, the back office, tracking pages and errors', async () => {
    const date = nextDay();
    await get('/services', { 'User-Agent': GOOGLEBOT }).expect(200);
    await get('/services', { 'Sec-Purpose': 'prefetch' }).expect(200);
    await get('/services', { 'Sec-Purpose': 'prefetch;prerender' }).expect(200);
    await get('/services', { Purpose: 'prefetch' }).expect(200);
    await get('/services', { 'X-Moz': 'prefetch' }).expect(200);
    await get('/services', { DNT: '1' }).expect(200);
    await get('/services', { 'Sec-GPC': '1' }).expect(200);
    await request(server).head('/services').set('User-Agent', BROWSER).expect(200);
    await get('/admin/dashboard');
    await get('/suivi/abcdefabcdefabcdefabcdefabcdefab');
    await get('/page-qui-n-existe-pas').expect(404);
    await get('/products/999999').expect(404);
    await get('/api/health');
    // The one view of the test that counts.
    await get('/about').expect(200);
    await audience.flush();
    expect(await dayRow(date)).toMatchObject({ views: 1, visitors: 1 });
    expect(await counts(date, 'page')).toEqual({ '/about': [1, 1] });
  });

  it('tells sources, referring sites, devices and the product funnel apart', async () => {
    const date = nextDay();
    const product = await aProduct(db(), { name: 'Ciment CPJ 45', price: 5_500, stock: 10 });
    await get('/services', { Referer: 'https://www.google.com/' }).expect(200);
    await get('/services', { Referer: 'https://m.facebook.com/story.php' }, '198.51.100.9').expect(200);
    await get('/services', { Referer: 'https://wa.me/', 'User-Agent': PHONE }, '198.51.100.10').expect(200);
    await get(
      '/services',
      { Referer: 'https://l.instagram.com/', 'User-Agent': TABLET },
      '198.51.100.11',
    ).expect(200);
    await get('/services', { Referer: 'https://blog.example.org/a' }, '198.51.100.12').expect(200);
    // Inside the site: navigation, no source.
    await get(`/products/${product.id}`, { Referer: 'http://site.test/services' }).expect(200);
    await get(`/products/${product.id}`, {}, '198.51.100.13').expect(200);
    await audience.flush();
    expect(await counts(date, 'source')).toEqual({
      search: [1, 1],
      facebook: [1, 1],
      whatsapp: [1, 1],
      instagram: [1, 1],
      other: [1, 1],
      direct: [1, 1],
    });
    expect(await counts(date, 'referrer')).toEqual({
      'google.com': [1, 1],
      'm.facebook.com': [1, 1],
      'wa.me': [1, 1],
      'l.instagram.com': [1, 1],
      'blog.example.org': [1, 1],
    });
    expect(await counts(date, 'device')).toEqual({ computer: [5, 4], phone: [1, 1], tablet: [1, 1] });
    expect(await counts(date, 'funnel')).toEqual({ product: [2, 2] });
  });

  it('believes X-Forwarded-For only behind a trusted proxy, on rendered and cached pages alike', async () => {
    const date = nextDay();
    // TRUST_PROXY off: the socket's address is the visitor, whatever the header claims.
    const direct = createApp({
      config: { ...api.env.config, trustProxy: false },
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
      audience,
    });
    const claims = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    const answers = [];
    for (const address of claims)
      answers.push(
        await request(direct)
          .get('/projects')
          .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': address })
          .expect(200),
      );
    expect(answers.map((r) => r.headers['x-html-cache'])).toContain('hit');
    await audience.flush();
    expect(await counts(date, 'page')).toEqual({ '/projects': [3, 1] });
  });

  it('counts a visitor once a day, again the next day, and once through a restart', async () => {
    const first = nextDay();
    await get('/about').expect(200);
    await get('/about').expect(200);
    await audience.flush();
    // A new process on the same database (a restart): the same visitor is not counted again.
    const restarted = createAudience({
      config: api.env.config,
      db: db(),
      logger: silentLogger(),
      now: () => at,
    });
    await restarted.start();
    const restartedApp = makeApp(restarted);
    await request(restartedApp)
      .get('/about')
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': '198.51.100.7' })
      .expect(200);
    await restarted.stop();
    expect(await dayRow(first)).toMatchObject({ views: 3, visitors: 1 });
    expect(await counts(first, 'page')).toEqual({ '/about': [3, 1] });

    const second = nextDay();
    await get('/about').expect(200);
    await audience.flush();
    expect(await dayRow(second)).toMatchObject({ views: 1, visitors: 1 });
  });

  it('keeps nothing of a visitor past their day, and never an address or a user agent', async () => {
    const date = nextDay();
    const agent = `${BROWSER} Sentinelle/9.9`;
    await get('/contact', { 'User-Agent': agent }, '203.0.113.77').expect(200);
    await audience.flush();
    // During the day: the salt and short hashes only.
    const seen = (await db()('stats_seen').where({ date })) as Row[];
    expect(seen.length).toBeGreaterThan(0);
    for (const row of seen) expect(String(row.member)).toMatch(/^[0-9a-f]{16}$/);
    expect(await db()('stats_salts').where({ date })).toHaveLength(1);

    const next = nextDay();
    await get('/contact', { 'User-Agent': agent }, '203.0.113.77').expect(200);
    await audience.flush();
    expect(await db()('stats_seen').where('date', '<', next)).toEqual([]);
    expect(await db()('stats_salts').where('date', '<', next)).toEqual([]);
    for (const table of ['stats_days', 'stats_counts', 'stats_salts', 'stats_seen']) {
      const rows = (await db()(table).select()) as Row[];
      for (const row of rows)
        for (const value of Object.values(row)) {
          expect(String(value)).not.toContain('203.0.113');
          expect(String(value)).not.toContain('Sentinelle');
          expect(String(value)).not.toContain('Chrome');
        }
    }
  });

  it('adds up exactly 200 parallel views while batches are written meanwhile', async () => {
    const date = nextDay();
    await get('/projects').expect(200);
    const requests = Array.from({ length: 200 }, (_, i) =>
      get('/projects', {}, `10.1.${Math.floor(i / 100)}.${i % 100}`).expect(200),
    );
    const batches = Array.from({ length: 5 }, () => audience.flush());
    await Promise.all([...requests, ...batches]);
    await audience.flush();
    expect(await dayRow(date)).toMatchObject({ views: 201, visitors: 201 });
    expect(await counts(date, 'page')).toEqual({ '/projects': [201, 201] });
  });

  it('counts WhatsApp orders, offer and promotion clicks through same-site links that lead to wa.me', async () => {
    const date = nextDay();
    const product = await aProduct(db(), { name: 'Fer HA 12', price: 7_250, stock: 5 });
    const promotion = await aPromotion(db(), {});
    await get(`/products/${product.id}/whatsapp?quantite=2`).expect(303);
    const offer = await get('/whatsapp/offre/parcel/7?text=Bonjour%2C%20la%20parcelle').expect(302);
    expect(offer.headers.location).toBe(`https://wa.me/${WHATSAPP}?text=Bonjour%2C%20la%20parcelle`);
    const promo = await get(`/whatsapp/promotion/${promotion.id}?text=Promo`).expect(302);
    expect(promo.headers.location).toBe(`https://wa.me/${WHATSAPP}?text=Promo`);
    await get('/whatsapp/offre/autre/7?text=x').expect(404);
    // A crawler following the link is not a click.
    await get(`/whatsapp/promotion/${promotion.id}`, { 'User-Agent': GOOGLEBOT }).expect(302);
    // The promotions page links its button to the counted address.
    const page = await get('/promotions').expect(200);
    expect(page.text).toContain(`href="/whatsapp/promotion/${promotion.id}?text=`);
    expect(page.text).not.toContain(`href="https://wa.me/${WHATSAPP}?text=Bonjour, je souhaite profiter`);
    await audience.flush();
    expect(await counts(date, 'whatsapp_product')).toEqual({ [String(product.id)]: [1, 0] });
    expect(await counts(date, 'whatsapp_offer')).toEqual({ 'parcel:7': [1, 0] });
    expect(await counts(date, 'whatsapp_promotion')).toEqual({ [String(promotion.id)]: [1, 0] });
  });

  it('counts accepted project requests and contact messages per page they were sent from', async () => {
    const date = nextDay();
    await submit(app, VALID_FIELDS)
      .set({ 'User-Agent': BROWSER, Referer: 'http://site.test/services' })
      .expect(201);
    await submit(app, VALID_FIELDS).set({ 'User-Agent': BROWSER }).expect(201);
    // Refused: not counted.
    await submit(app, { ...VALID_FIELDS, email: 'pas-une-adresse' })
      .set({ 'User-Agent': BROWSER })
      .expect(422);
    await request(app)
      .post('/api/contact-messages')
      .set({ 'User-Agent': BROWSER, Referer: 'http://site.test/products/3' })
      .send({
        name: 'Awa Houénou',
        email: 'awa.houenou@example.bj',
        phone: '+229 01 97 12 34 56',
        subject: 'devis',
        message: 'Bonjour, je souhaite un devis pour une clôture de 40 mètres.',
      })
      .expect(201);
    await audience.flush();
    expect(await counts(date, 'request_page')).toEqual({ '/services': [1, 0], '/submit-project': [1, 0] });
    expect(await counts(date, 'message_page')).toEqual({ '/products/3': [1, 0] });
  });

  it('writes what is pending when it stops (shutdown), and purges breakdowns past the retention', async () => {
    const date = nextDay();
    const stopping = createAudience({
      config: api.env.config,
      db: db(),
      logger: silentLogger(),
      now: () => at,
    });
    await stopping.start();
    const stoppingApp = makeApp(stopping);
    await request(stoppingApp)
      .get('/legal')
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': '192.0.2.1' })
      .expect(200);
    expect(await counts(date, 'page')).toEqual({});
    await stopping.stop();
    expect(await counts(date, 'page')).toEqual({ '/legal': [1, 1] });

    // 25 months (the default) before this test's day in March 2026: from the same day of February 2024.
    await db()('stats_counts').insert([
      { date: '2024-01-31', dimension: 'page', key: '/', views: 4, visitors: 2 },
      { date: '2024-02-20', dimension: 'page', key: '/', views: 3, visitors: 1 },
    ]);
    await db()('stats_days').insert({ date: '2024-01-31', views: 4, visitors: 2 });
    expect(await audience.purge()).toBe(1);
    expect(await db()('stats_counts').where('date', '<', '2024-03-01').pluck('date')).toEqual(['2024-02-20']);
    expect(await dayRow('2024-01-31')).toMatchObject({ views: 4, visitors: 2 });
  });
});
