import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapXml } from '#server/features/seo/sitemap';
import { aCategory, aProduct, aProject } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { testEngines } from '../helpers/test-db';

/**
 * /robots.txt and /sitemap.xml (product rules, Public site) on every engine: what a crawler reads,
 * built from APP_URL and the database, and fresh after a write through the API.
 */

const APP_URL = 'http://site.test';
// Written out, not imported: the sitemap must list the pages of product rules, Pages and routes.
const PUBLIC_PAGES = [
  '/',
  '/services',
  '/products',
  '/parcelles',
  '/promotions',
  '/projects',
  '/submit-project',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/legal',
];

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe.each(testEngines())('robots.txt and sitemap.xml on $name', (engine) => {
  let api: ApiHarness;
  let categoryId: number;
  let projectId: number;

  beforeAll(async () => {
    api = await openApiHarness(engine);
    const stamp = '2025-02-03 10:20:30';
    const at = { created_at: stamp, updated_at: stamp };
    categoryId = (await aCategory(api.db, { name: 'Ciment', description: 'Ciments et liants', ...at })).id;
    await aProduct(api.db, {
      reference: 'PRD-0001',
      name: 'Ciment CPJ 42,5',
      category_id: categoryId,
      price: 5500,
      stock: 3,
      description: 'Sac de 50 kg',
      ...at,
    });
    projectId = (
      await aProject(api.db, {
        title: 'Villa',
        numero: 'PRJ-1',
        date: '2024-01-01',
        status: 'Complété',
        description: 'Une villa de quatre chambres',
        categories: '["Résidentiel"]',
        created_at: stamp,
        updated_at: '2025-06-07 08:09:10',
      })
    ).id;
  });
  afterAll(() => api?.cleanup());

  it('robots.txt opens the public site, closes the back office, the login page and the API, and names the sitemap', async () => {
    const response = await request(api.app).get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /login',
        'Disallow: /api',
        'Disallow: /suivi/',
        `Sitemap: ${APP_URL}/sitemap.xml`,
      ]),
    );
  });

  it('the sitemap lists every public page, product and project as absolute URLs, with lastmod from updated_at', async () => {
    const response = await request(api.app).get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const xml = response.text;
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const products = await api.db.knex('products').select('id');
    expect(locs(xml)).toEqual([
      ...PUBLIC_PAGES.map((p) => `${APP_URL}${p}`),
      ...products.map((p: { id: number }) => `${APP_URL}/products/${p.id}`),
      `${APP_URL}/projects/${projectId}`,
    ]);
    expect(xml).toContain(
      `<url><loc>${APP_URL}/projects/${projectId}</loc><lastmod>2025-06-07T08:09:10Z</lastmod></url>`,
    );
    expect(xml).toContain(`<url><loc>${APP_URL}/about</loc></url>`);
    expect(xml).not.toMatch(/\/admin|\/login|\/api\//);
  });

  it('lists a product created through the API on the next request, and drops it once deleted', async () => {
    const created = await request(api.app)
      .post('/api/products')
      .set({ Authorization: `Bearer ${api.adminToken}` })
      .field('name', 'Fer à béton HA 10')
      .field('price', '4200')
      .field('category_id', String(categoryId))
      .field('description', 'Barre de 12 mètres, haute adhérence.')
      .field('stock', '40')
      .attach('image', await jpeg(), { filename: 'fer.jpg', contentType: 'image/jpeg' })
      .expect(201);
    const url = `${APP_URL}/products/${created.body.data.id}`;
    expect(locs((await request(api.app).get('/sitemap.xml').expect(200)).text)).toContain(url);
    await request(api.app)
      .delete(`/api/products/${created.body.data.id}`)
      .set({ Authorization: `Bearer ${api.adminToken}` })
      .expect(200);
    expect(locs((await request(api.app).get('/sitemap.xml').expect(200)).text)).not.toContain(url);
  });
});

describe('sitemapXml', () => {
  it('escapes what XML would misread in an address', () => {
    const xml = sitemapXml("https://exemple.bj/site?a=1&b='2'", [{ id: 7, updatedAt: null }], []);
    expect(xml).toContain('<loc>https://exemple.bj/site?a=1&amp;b=&apos;2&apos;/products/7</loc>');
    expect(xml).not.toMatch(/&(?!amp;|apos;|lt;|gt;|quot;)/);
  });
});
