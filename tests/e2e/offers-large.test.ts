import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { rawGet } from './raw-http';

// The offers page on the large seed (`npm run seed -- --large`, about a hundred offers of
// each kind): one screenful is rendered, 'Afficher plus' shows the rest, and the first
// response still fits the first round trip (product rules, Public site: 14,600 bytes with headers).

const FIRST_RESPONSE_BUDGET = 14_600;
const SCREENFUL = 12;

const e2e = e2eHarness({ largeSeed: true });

const parcelIds = () =>
  e2e.query<{ id: number }>('select id from parcels order by created_at desc, id desc').map((row) => row.id);
const url = (query = '') => `${e2e.baseUrl}${paths.offers}${query}`;

/** Status line, headers and the body as sent (gzip), the way a browser receives them. */
function responseBytes(response: Awaited<ReturnType<typeof rawGet>>): number {
  const headerLines = Object.entries(response.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? '']).map((v) => `${name}: ${v}\r\n`),
  );
  return (
    Buffer.byteLength(`HTTP/1.1 ${response.status} OK\r\n${headerLines.join('')}\r\n`) + response.body.length
  );
}

describe('offers page on the large seed', () => {
  test.each(['', '?type=Flotte immobilière', '?type=Biens divers'])(
    `the first response of /parcelles%s stays under ${FIRST_RESPONSE_BUDGET} bytes gzipped, headers included`,
    async (query) => {
      const response = await rawGet(encodeURI(url(query)), { 'Accept-Encoding': 'gzip' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(responseBytes(response)).toBeLessThan(FIRST_RESPONSE_BUDGET);
    },
  );

  test("without JavaScript, one screenful is rendered and 'Afficher plus' links to the next one", async () => {
    const ids = parcelIds();
    expect(ids.length).toBeGreaterThan(2 * SCREENFUL);
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      await observed.page.goto(url());
      const cards = observed.page.locator('.offer-panel article');
      expect(await cards.evaluateAll((list) => list.map((card) => card.id))).toEqual(
        ids.slice(0, SCREENFUL).map((id) => `offre-${id}`),
      );
      await observed.page.getByRole('link', { name: 'Afficher plus' }).click();
      await observed.page.waitForURL(/nombre=24/);
      expect(await cards.count()).toBe(2 * SCREENFUL);
    } finally {
      await observed.close();
    }
  });

  test("with JavaScript, 'Afficher plus' loads the rest once, adds a screenful each time and moves focus to the first new card", async () => {
    const ids = parcelIds();
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(url(), { waitUntil: 'networkidle' });
      const cards = page.locator('.offer-panel article');

      const apiCalls = () =>
        observed.requestedUrls.filter((u) => new URL(u).pathname === '/api/parcels').length;
      // The offers hydrate on their first use (decision 0029): this click starts it, is held
      // back, and is replayed on 'Afficher plus' once the island is ready.
      expect(await page.locator('[data-island="offers-tabs"][data-hydrated]').count()).toBe(0);
      await page.getByRole('link', { name: 'Afficher plus' }).click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('.offer-panel article').length === n,
        2 * SCREENFUL,
      );
      expect(apiCalls()).toBe(1);
      expect(page.url()).not.toContain('nombre');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(`offre-${ids[SCREENFUL]}`);

      await page.getByRole('link', { name: 'Afficher plus' }).click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('.offer-panel article').length === n,
        3 * SCREENFUL,
      );
      expect(apiCalls()).toBe(1);
      expect(await cards.evaluateAll((list) => list.map((card) => card.id))).toEqual(
        ids.slice(0, 3 * SCREENFUL).map((id) => `offre-${id}`),
      );
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('?id= of an offer far down the list renders down to it, highlights it and scrolls it into view', async () => {
    const ids = parcelIds();
    const target = ids[50]!;
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      // Without waiting for the island: the server marks the offer, the islands script scrolls to it.
      await page.goto(url(`?id=${target}&type=Parcelles`), { waitUntil: 'load' });
      // Whole screenfuls down to the 51st offer: 5 of them.
      expect(await page.locator('.offer-panel article').count()).toBe(5 * SCREENFUL);
      await expect(page.locator(`#offre-${target}`).getAttribute('class')).resolves.toContain(
        'is-highlighted',
      );
      await page.waitForFunction((id) => {
        const box = document.getElementById(`offre-${id}`)!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight + box.height;
      }, target);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
