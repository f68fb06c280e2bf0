import type { CDPSession, Page } from 'playwright-core';
import { paths } from '#shared/paths';
import { PRODUCTS_ADMIN_PER_PAGE } from '#shared/schemas/product';
import { launchBrowser } from '../tests/helpers/browser';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type ServerProcess } from '../tests/helpers/server-process';
import { median, type Row } from './table';

/**
 * The back office's lists in Chromium (docs/product-rules.md, "Lists of the back office"),
 * on the products screen at 1366x768: a page of 100 rows with the CPU slowed 4x (a slow
 * laptop), beside it the browser's own share of that page, and a search at the CPU's own
 * speed.
 *
 * The page of 100 rows: the screen turned with 'Suivant' and 'Précédent'. The screens ask 50
 * rows a page; the bench asks the server for 100 instead (the request's `per_page` rewritten
 * on its way), so the table React renders holds 100 rows of the large seed. Each turn is
 * timed in the page, from the click to the frame after the hundredth new row is in the
 * table; the API's own time (Resource Timing, request start to last byte) is taken out, what
 * is left is the browser's: the answer parsed, the rows rendered, laid out and painted. The
 * same turn is then timed with the screen's own page (50 rows), and with a screenful of
 * rows only, what a virtualised table would draw, to show what drawing fewer rows could gain.
 */

const CPU_SLOWDOWN = 4;
const ROWS = 100;
const TURNS = 12;
const MAX_RENDER_MS = 100;
/** Words of the seed's product names, typed one key at a time into the search box. */
const SEARCHES = ['canapé', 'ciment', 'parpaing', 'armoire', 'carrelage', 'fauteuil'];
const KEY_GAP_MS = 90;
const MAX_SEARCH_MS = 300;

/** Installed before the app: the click's moment and the frame after the table changed. */
const WATCH = `
  window.__render = { clickAt: 0, paintedAt: 0 };
  addEventListener('click', () => { window.__render.clickAt = performance.now(); window.__render.paintedAt = 0; }, true);
`;

/** Resolves once the table shows ROWS rows other than `before`; notes the frame after. */
const rowsChanged = (before: string, rows: number) => `
  new Promise((resolve) => {
    const first = () => document.querySelector('table tbody tr')?.textContent ?? '';
    const done = () => document.querySelectorAll('table tbody tr').length === ${rows} && first() !== ${JSON.stringify(before)};
    const finish = () => requestAnimationFrame(() => setTimeout(() => {
      window.__render.paintedAt = performance.now();
      resolve(true);
    }, 0));
    if (done()) return finish();
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      finish();
    });
    observer.observe(document.querySelector('table tbody') ?? document.body, { childList: true, subtree: true, characterData: true });
  })
`;

/** The last API read of the products list: request start to last byte, in ms. */
const LAST_API_MS = `
  (() => {
    const reads = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/admin/products?'));
    const last = reads[reads.length - 1];
    return last ? last.responseEnd - last.startTime : 0;
  })()
`;

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}${paths.login}`);
  await page.waitForSelector('[data-hydrated="true"]', { state: 'attached', timeout: 30_000 });
  await page.getByLabel('Email').fill(TEST_ADMIN_EMAIL);
  await page.locator('input[name="password"]').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`${baseUrl}${paths.adminDashboard}`, { timeout: 30_000 });
}

const firstRowText = (page: Page) =>
  page.evaluate<string>("document.querySelector('table tbody tr')?.textContent ?? ''");

/**
 * Resolves, after the last key of a search, once the count above the table names fewer
 * products than `before` and the table no longer waits: the time from the last key, in ms.
 */
const searchNarrowed = (before: string) => `
  new Promise((resolve) => {
    const count = () => document.querySelector('.list-count')?.textContent ?? '';
    const done = () => count() !== '' && count() !== ${JSON.stringify(before)} && !document.querySelector('.data-table.is-stale');
    const finish = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - window.__lastKey), 0));
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      finish();
    });
    observer.observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  })
`;

/**
 * The search's line: each word typed a key every 90 ms into 'Rechercher un produit' on the
 * screen's own page of 50, the CPU at its own speed, timed from the last key to the frame
 * where the count and the rows show the narrowed list (the pause that sends it included,
 * the API's time too).
 */
async function searchRow(page: Page, baseUrl: string, cdp: CDPSession): Promise<Row> {
  const figure =
    'Back-office : une recherche, de la dernière touche à la liste filtrée (produits, CPU normal)';
  // The product rules set this figure for the staff's own laptops, not a slowed one.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const target = `médiane ≤ ${MAX_SEARCH_MS} ms`;
  await page.unroute('**/api/admin/products?*');
  const times: number[] = [];
  for (const word of SEARCHES) {
    await page.goto(`${baseUrl}${paths.adminProducts}`);
    await page.waitForSelector('.list-count');
    await page.evaluate(
      "window.__lastKey = 0; addEventListener('keydown', () => { window.__lastKey = performance.now(); }, true)",
    );
    const before = await page.evaluate<string>("document.querySelector('.list-count')?.textContent ?? ''");
    const box = page.getByRole('searchbox', { name: 'Rechercher un produit' });
    await box.focus();
    const narrowed = page.evaluate(searchNarrowed(before));
    await box.pressSequentially(word, { delay: KEY_GAP_MS });
    times.push(await (narrowed as Promise<number>));
  }
  return {
    figure,
    value: `médiane ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.length}, API comprise)`,
    target,
    pass: median(times) <= MAX_SEARCH_MS,
  };
}

/** Swaps the table's rows for `html` and resolves with the time to the frame after, in ms. */
const swapRows = (html: string) => `
  new Promise((resolve) => {
    const body = document.querySelector('table tbody');
    const start = performance.now();
    body.innerHTML = ${JSON.stringify(html)};
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
  })
`;

/**
 * The browser's own share, for reading the figure above: the two pages' rows, as the app
 * drew them, put back into the table as HTML with no script (parsed, styled, laid out and
 * painted), alternately, at the same CPU ×4. No app can draw those rows faster than this.
 */
async function browserFloorRow(page: Page, pages: [string, string]): Promise<Row> {
  const times: number[] = [];
  for (let swap = 0; swap < TURNS; swap++)
    times.push(await page.evaluate<number>(swapRows(pages[swap % 2]!)));
  return {
    figure: `Back-office : les mêmes ${ROWS} lignes posées en HTML sans script (part du navigateur, CPU ×${CPU_SLOWDOWN})`,
    value: `médiane ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.length})`,
    target: '—',
    pass: null,
  };
}

/**
 * What a virtualised table would draw (docs/decisions/0049-list-pages-drawn-whole.md): about
 * the rows a 1366x768 screen shows under the list's header and tools.
 */
const ROWS_IN_VIEW = 12;
/** The products screen's own page: the turn the staff actually make. */
const SCREEN_ROWS = PRODUCTS_ADMIN_PER_PAGE;

/**
 * Turns the screen's page TURNS times with 'Suivant' and 'Précédent', the server asked for
 * `rows` rows a page: each turn's time from the click to the frame after the new rows, the
 * API's own time taken out, and the first two pages' rows as drawn.
 */
async function pageTurns(
  page: Page,
  baseUrl: string,
  cdp: CDPSession,
  rows: number,
): Promise<{ times: number[]; drawn: string[] }> {
  await page.unroute('**/api/admin/products?*');
  await page.route('**/api/admin/products?*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('per_page', String(rows));
    return route.continue({ url: url.href });
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.goto(`${baseUrl}${paths.adminProducts}`);
  await page.waitForFunction(`document.querySelectorAll('table tbody tr').length === ${rows}`, undefined, {
    timeout: 60_000,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const times: number[] = [];
  const drawn: string[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const before = await firstRowText(page);
    const changed = page.evaluate(rowsChanged(before, rows));
    await page.getByRole('button', { name: turn % 2 === 0 ? 'Suivant' : 'Précédent' }).click();
    await changed;
    const { clickAt, paintedAt } = await page.evaluate<{ clickAt: number; paintedAt: number }>(
      'window.__render',
    );
    const apiMs = await page.evaluate<number>(LAST_API_MS);
    times.push(paintedAt - clickAt - apiMs);
    if (drawn.length < 2)
      drawn.push(await page.evaluate<string>("document.querySelector('table tbody').innerHTML"));
  }
  return { times, drawn };
}

const turnsValue = (times: number[]) =>
  `médiane ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.length}, hors temps de l’API)`;

/**
 * The lines of the table: a 100-row page's browser time, the browser's own share, the same
 * turn with the screen's own 50 rows and with only a screenful of rows (what virtualising
 * the table would leave), then the search's.
 */
export async function adminListRenderRows(server: ServerProcess): Promise<Row[]> {
  const figure = `Back-office : une liste de ${ROWS} lignes affichée (produits, CPU ×${CPU_SLOWDOWN}, 1366×768)`;
  const target = `médiane ≤ ${MAX_RENDER_MS} ms`;
  const browser = await launchBrowser();
  try {
    // The back office's CSP forbids evaluating strings, which the measuring scripts are.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH });
    const cdp = await context.newCDPSession(page);
    await signIn(page, server.baseUrl);
    const whole = await pageTurns(page, server.baseUrl, cdp, ROWS);
    const render: Row = {
      figure,
      value: turnsValue(whole.times),
      target,
      pass: median(whole.times) <= MAX_RENDER_MS,
    };
    const floor = await browserFloorRow(page, [whole.drawn[0]!, whole.drawn[1]!]);
    const own = await pageTurns(page, server.baseUrl, cdp, SCREEN_ROWS);
    const screenPage: Row = {
      figure: `Back-office : la page de l’écran, ${SCREEN_ROWS} lignes (produits, CPU ×${CPU_SLOWDOWN})`,
      value: turnsValue(own.times),
      target: '—',
      pass: null,
    };
    const inView = await pageTurns(page, server.baseUrl, cdp, ROWS_IN_VIEW);
    const screenful: Row = {
      figure: `Back-office : la même page ne dessinant que ${ROWS_IN_VIEW} lignes, celles d’un écran (ce que laisserait une table virtualisée, CPU ×${CPU_SLOWDOWN})`,
      value: turnsValue(inView.times),
      target: '—',
      pass: null,
    };
    return [render, floor, screenPage, screenful, await searchRow(page, server.baseUrl, cdp)];
  } catch (error) {
    return [{ figure, value: `mesure impossible : ${String(error).slice(0, 100)}`, target, pass: false }];
  } finally {
    await browser.close();
  }
}
