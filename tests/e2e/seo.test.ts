import { beforeAll, describe, expect, test } from 'vitest';
import { e2eHarness } from '../helpers/e2e-harness';
import { header, rawGet } from './raw-http';

// What search engines and link previews (WhatsApp, Facebook) read from the production
// server, and the cached documents a browser receives (product rules, Performance targets).

// HTML_CACHE is on by default in production; said here so the test does not depend on it.
const e2e = e2eHarness({ env: { HTML_CACHE: 'on' }, readyTimeoutMs: 300_000 });
/** The server's APP_URL: startServer sets it to the address it serves, http://127.0.0.1:<port>. */
let appUrl: string;

beforeAll(() => {
  appUrl = e2e.baseUrl;
});

async function sitemapLocations(): Promise<string[]> {
  const { page, close } = await e2e.openPage();
  try {
    const response = await page.goto(e2e.url('/sitemap.xml'));
    expect(response?.status()).toBe(200);
    const xml = await response!.text();
    // The browser's XML parser: a malformed sitemap yields a <parsererror> document.
    return await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) throw new Error('sitemap.xml mal formé');
      return [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map(
        (n) => n.textContent ?? '',
      );
    }, xml);
  } finally {
    await close();
  }
}

describe('sitemap and robots', () => {
  test('the sitemap is well-formed XML listing every seeded product and project under APP_URL', async () => {
    const locations = await sitemapLocations();
    const products = e2e.query<{ id: number }>('select id from products');
    const projects = e2e.query<{ id: number }>('select id from projects');
    expect(products.length).toBeGreaterThan(0);
    expect(projects.length).toBeGreaterThan(0);
    for (const { id } of products) expect(locations).toContain(`${appUrl}/products/${id}`);
    for (const { id } of projects) expect(locations).toContain(`${appUrl}/projects/${id}`);
    expect(locations).toContain(`${appUrl}/parcelles`);
    expect(locations.every((loc) => loc.startsWith(`${appUrl}/`))).toBe(true);
  });

  test('every address of the sitemap answers 200 with a document', async () => {
    for (const loc of await sitemapLocations()) {
      const response = await rawGet(loc);
      expect(response.status, loc).toBe(200);
      expect(header(response, 'content-type'), loc).toMatch(/^text\/html/);
    }
  });

  test('robots.txt points crawlers at the sitemap and keeps them out of the back office', async () => {
    const response = await rawGet(e2e.url('/robots.txt'));
    expect(response.status).toBe(200);
    const text = response.body.toString('utf8');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
  });
});

describe('sharing cards', () => {
  test('every public page names itself and shows a picture that loads, at absolute addresses', async () => {
    const pages = (await sitemapLocations()).filter((loc) => !/\/(products|projects)\/\d+$/.test(loc));
    const product = e2e.query<{ id: number }>('select id from products order by id limit 1')[0]!;
    const project = e2e.query<{ id: number }>('select id from projects order by id limit 1')[0]!;
    pages.push(`${appUrl}/products/${product.id}`, `${appUrl}/projects/${project.id}`);
    const { page, close } = await e2e.openPage({ javaScriptEnabled: false });
    try {
      for (const loc of pages) {
        await page.goto(`${loc}?utm_source=whatsapp`);
        const meta = (property: string) =>
          page.locator(`meta[property="${property}"]`).getAttribute('content');
        expect(await meta('og:title'), loc).toBeTruthy();
        expect(await meta('og:description'), loc).toBeTruthy();
        // The canonical address is the page's path, without the query string.
        expect(await page.locator('link[rel="canonical"]').getAttribute('href'), loc).toBe(loc);
        expect(await meta('og:url'), loc).toBe(loc);
        const image = (await meta('og:image'))!;
        expect(image, loc).toMatch(new RegExp(`^${appUrl}/`));
        const picture = await rawGet(image);
        expect(picture.status, image).toBe(200);
        expect(header(picture, 'content-type'), image).toMatch(/^image\//);
      }
    } finally {
      await close();
    }
  });
});

describe('cached documents', () => {
  test('a page served from the cache carries the same CSP, and the browser runs it without a violation', async () => {
    const first = await rawGet(e2e.url('/promotions'));
    const second = await rawGet(e2e.url('/promotions'));
    expect(header(second, 'x-html-cache')).toBe('hit');
    expect(header(second, 'content-security-policy')).toBe(header(first, 'content-security-policy'));
    const observed = await e2e.openPage();
    try {
      await observed.page.goto(e2e.url('/promotions'), { waitUntil: 'networkidle' });
      await observed.page.goto(e2e.url('/promotions'), { waitUntil: 'networkidle' });
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
