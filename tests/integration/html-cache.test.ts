import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { header, rawGet, type RawResponse } from '../e2e/raw-http';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { brotliAt } from '../helpers/brotli';
import { jpeg } from '../helpers/images';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';

/**
 * The public HTML cache (product rules, Performance targets; decision 0008) on the production build, with
 * writes sent through the real API: a hit is the same document with the same security
 * headers, a successful back-office write shows on the next request, and the back office
 * is never cached.
 */

type Field = [name: string, value: string];

describe.each(testEngines())('public HTML cache on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  let server: Server;
  let base: string;
  let picture: Buffer;

  const get = (path: string, headers: Record<string, string> = {}) => rawGet(`${base}${path}`, headers);
  const cacheState = (response: RawResponse) => header(response, 'x-html-cache');
  const bearer = () => ({ Authorization: `Bearer ${api.adminToken}` });

  /** A project as the back-office form sends it (multipart, main image required). */
  function createProject(title: string) {
    const fields: Field[] = [
      ['title', title],
      ['numéro', `PRJ-${Date.now()}`],
      // Far in the future: the home page shows the most recent projects first.
      ['date', '2099-01-15'],
      ['status', 'En cours'],
      ['description', 'Construction d’une villa de quatre chambres avec terrasse.'],
      ['categories[0]', 'Résidentiel'],
    ];
    const req = request(server).post('/api/projects').set(bearer());
    for (const [name, value] of fields) req.field(name, value);
    return req.attach('main_image', picture, { filename: 'facade.jpg', contentType: 'image/jpeg' });
  }

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { HTML_CACHE: 'on' } });
    renderer = await builtRenderer(api);
    const app = createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    picture = await jpeg();
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await renderer?.close();
    await api?.cleanup();
  });

  it('answers the second request of a public page from the cache: same bytes, same CSP and security headers', async () => {
    const first = await get('/services', { 'Accept-Encoding': 'gzip' });
    const second = await get('/services', { 'Accept-Encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect([cacheState(first), cacheState(second)]).toEqual(['miss', 'hit']);
    expect(second.body.equals(first.body)).toBe(true);
    expect(header(second, 'content-encoding')).toBe('gzip');
    expect(gunzipSync(second.body).toString('utf8')).toMatch(/^<!doctype html>.*<\/html>$/s);
    // Every header but the per-answer ones, as the full middleware stack wrote them.
    const PER_ANSWER = ['date', 'x-request-id', 'x-html-cache'];
    const stable = (response: RawResponse) =>
      Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_ANSWER.includes(name)));
    expect(stable(second)).toEqual(stable(first));
    expect(header(second, 'x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(header(second, 'x-request-id')).not.toBe(header(first, 'x-request-id'));
    expect(header(second, 'content-security-policy')).toContain("script-src 'self'");
    expect(header(second, 'cache-control')).toBe('no-cache');
    expect(header(second, 'vary')).toBe('Accept-Encoding, Save-Data');
    expect(Number(header(second, 'content-length'))).toBe(second.body.length);
  });

  it('serves the same document brotli-compressed, gzip-compressed or plain, as the client accepts', async () => {
    const plain = await get('/about');
    const br = await get('/about', { 'Accept-Encoding': 'gzip, deflate, br' });
    const gz = await get('/about', { 'Accept-Encoding': 'gzip;q=1, br;q=0' });
    expect(header(plain, 'content-encoding')).toBe('');
    expect(header(br, 'content-encoding')).toBe('br');
    expect(header(gz, 'content-encoding')).toBe('gzip');
    const html = plain.body.toString('utf8');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(html);
    expect(gunzipSync(gz.body).toString('utf8')).toBe(html);
    expect(header(br, 'x-html-cache')).toBe('hit');
    // The miss (plain) compressed nothing; each body was made when first asked for, then kept.
    for (const answer of [br, gz]) expect(Number(header(answer, 'content-length'))).toBe(answer.body.length);
    const gzAgain = await get('/about', { 'Accept-Encoding': 'gzip' });
    expect(gzAgain.body.equals(gz.body)).toBe(true);
    expect(header(gzAgain, 'etag')).toBe(header(plain, 'etag'));
  });

  it('answers 304 without a body when the browser revalidates with the ETag', async () => {
    const first = await get('/contact');
    const again = await get('/contact', { 'If-None-Match': header(first, 'etag') });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(header(again, 'etag')).toBe(header(first, 'etag'));
    expect(header(again, 'content-security-policy')).toBe(header(first, 'content-security-policy'));
  });

  it('shows a project created through the back-office API on the very next request of the home page', async () => {
    await get('/');
    expect(cacheState(await get('/'))).toBe('hit');
    const title = `Résidence Les Cocotiers ${Date.now()}`;
    await createProject(title).expect(201);
    const after = await get('/');
    expect(cacheState(after)).toBe('miss');
    expect(after.body.toString('utf8')).toContain(title);
  });

  it('empties the cache on a product update sent as POST with _method=PUT, on a deletion, a restore and a purge', async () => {
    const categories = await request(server).get('/api/categories').expect(200);
    let categoryId: number = categories.body.data[0]?.id;
    if (!categoryId) {
      const created = await request(server)
        .post('/api/categories')
        .set(bearer())
        .send({ name: 'Ciment', description: 'Ciments et liants du catalogue' })
        .expect(201);
      categoryId = created.body.data.id;
    }
    const productForm = (url: string, stock: string) =>
      request(server)
        .post(url)
        .set(bearer())
        .field('name', 'Ciment CPJ 42,5')
        .field('price', '5500')
        .field('category_id', String(categoryId))
        .field('description', 'Ciment Portland composé pour béton armé.')
        .field('stock', stock);
    const product = await productForm('/api/products', '12')
      .attach('image', picture, { filename: 'sac.jpg', contentType: 'image/jpeg' })
      .expect(201);
    const id: number = product.body.data.id;

    await get('/products');
    expect(cacheState(await get('/products'))).toBe('hit');
    await productForm(`/api/products/${id}`, '3').field('_method', 'PUT').expect(200);
    expect(cacheState(await get('/products'))).toBe('miss');
    expect(cacheState(await get('/products'))).toBe('hit');
    await request(server).delete(`/api/products/${id}`).set(bearer()).expect(200);
    expect(cacheState(await get('/products'))).toBe('miss');
    // The trash's writes too (docs/product-rules.md, "Trash"): a restore, then a purge.
    expect(cacheState(await get('/products'))).toBe('hit');
    await request(server).post(`/api/admin/trash/product/${id}/restore`).set(bearer()).expect(200);
    expect(cacheState(await get('/products'))).toBe('miss');
    await request(server).delete(`/api/products/${id}`).set(bearer()).expect(200);
    await get('/products');
    expect(cacheState(await get('/products'))).toBe('hit');
    await request(server).delete(`/api/admin/trash/product/${id}`).set(bearer()).expect(200);
    expect(cacheState(await get('/products'))).toBe('miss');
  });

  it('keeps the cache through writes that change no page or that fail: a sign-in, a refused form', async () => {
    await get('/terms');
    expect(cacheState(await get('/terms'))).toBe('hit');
    await request(server)
      .post('/api/auth/login')
      .send({ email: 'nobody@example.test', password: 'mauvais-mot-de-passe' })
      .expect(401);
    await request(server).post('/api/projects').set(bearer()).field('title', 'x').expect(422);
    await request(server).post('/api/projects').field('title', 'Sans jeton').expect(401);
    expect(cacheState(await get('/terms'))).toBe('hit');
  });

  it('never caches the back office, the login page or a not-found page', async () => {
    for (const path of ['/login', '/admin/dashboard', '/page-qui-n-existe-pas']) {
      const first = await get(path);
      const second = await get(path);
      expect(cacheState(first), path).toBe('');
      expect(cacheState(second), path).toBe('');
    }
    expect((await get('/page-qui-n-existe-pas')).status).toBe(404);
  });

  it('keeps the Save-Data version of a page apart from the full one', async () => {
    const light = await get('/promotions', { 'Save-Data': 'on' });
    const full = await get('/promotions');
    expect(cacheState(light)).toBe('miss');
    expect(cacheState(full)).toBe('miss');
    expect(cacheState(await get('/promotions', { 'Save-Data': 'on' }))).toBe('hit');
  });

  it('keys documents on the query string too', async () => {
    await get('/parcelles?type=parcelles');
    expect(cacheState(await get('/parcelles?type=fleet'))).toBe('miss');
    expect(cacheState(await get('/parcelles?type=parcelles'))).toBe('hit');
  });

  it('keys a page on the parameters it reads only: unknown ones, order and blanks make no new render', async () => {
    const first = await get('/products?search=ciment&category=');
    expect(cacheState(first)).toBe('miss');
    for (const variant of [
      '/products?search=ciment',
      '/products?utm_source=facebook&search=%20ciment%20',
      `/products?x=${Math.random()}&search=ciment&search=autre`,
    ])
      expect([variant, cacheState(await get(variant))]).toEqual([variant, 'hit']);
    // A value the page reads is another page.
    expect(cacheState(await get('/products?search=sable'))).toBe('miss');
    // Pages that read no parameter have one entry whatever the query.
    await get('/about');
    expect(cacheState(await get(`/about?ref=${Math.random()}`))).toBe('hit');
  });

  it('stores a page at once and answers the same bytes once it is re-compressed harder in the background', async () => {
    const miss = await get('/services', { 'Accept-Encoding': 'identity' });
    expect(cacheState(miss)).toBe('miss');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const hit = await get('/services', { 'Accept-Encoding': 'br' });
    expect(cacheState(hit)).toBe('hit');
    expect(brotliDecompressSync(hit.body).equals(miss.body)).toBe(true);
    expect(header(hit, 'etag')).toBe(header(miss, 'etag'));
  });

  it('compresses misses at brotli 3 while the core is busy with many, at brotli 5 when alone, the same documents', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => `/products?search=foule-${i}`);
    // Forty searches nobody made before, all at once: the core is busy for a while.
    const burst = await Promise.all(pages.map((page) => get(page, { 'Accept-Encoding': 'br' })));
    const qualities = burst.map((answer) => {
      expect(answer.status).toBe(200);
      expect(cacheState(answer)).toBe('miss');
      const html = brotliDecompressSync(answer.body);
      return answer.body.equals(brotliAt(html, 3)) ? 3 : answer.body.equals(brotliAt(html, 5)) ? 5 : 0;
    });
    expect(qualities).not.toContain(0);
    expect(qualities).toContain(3);
    // A page stored at brotli 3 and asked for again gets its best copy, as a fast one does.
    const lightPage = pages[qualities.indexOf(3)]!;
    const lightBody = burst[qualities.indexOf(3)]!.body;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const hit = await get(lightPage, { 'Accept-Encoding': 'br' });
    expect(cacheState(hit)).toBe('hit');
    expect(hit.body.equals(lightBody)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const upgraded = await get(lightPage, { 'Accept-Encoding': 'br' });
    expect(upgraded.body.equals(brotliAt(brotliDecompressSync(lightBody), 10))).toBe(true);
    // The same pages again, one at a time with pauses: each alone, at brotli 5.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [i, page] of pages.slice(-3).entries()) {
      renderer.htmlCache!.clear();
      const alone = await get(page, { 'Accept-Encoding': 'br' });
      const html = brotliDecompressSync(alone.body);
      expect(html.equals(brotliDecompressSync(burst[pages.length - 3 + i]!.body))).toBe(true);
      expect(alone.body.equals(brotliAt(html, 5))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  });

  it('stops one client past RENDER_RATE_LIMIT renders a minute with 429, while cached pages and other clients still answer', async () => {
    const limited = createApp({
      config: { ...api.env.config, limits: { ...api.env.config.limits, rendersPerMinute: 3 } },
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer: await createRenderer({
        config: { ...api.env.config, limits: { ...api.env.config.limits, rendersPerMinute: 3 } },
        db: api.db.knex,
        logger: silentLogger(),
        root: process.cwd(),
        mode: 'build',
      }),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await request(limited).get(`/products?search=robot-${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await request(limited).get('/products?search=robot-5').expect(429);
    expect(refused.text).toContain('Trop de requêtes');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A page already in the cache costs no render: still served.
    await request(limited).get('/products?search=robot-0').expect(200);
  });
});
