import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser';
import { median } from './table';

/**
 * The catalogue's first interaction as a visitor on a cheap phone makes it (decision 0023,
 * "The catalogue hydrating on first use"): /products loaded under a 4x CPU slowdown, then a
 * click into the search box, a word typed at a person's pace and a click on a category.
 * Chromium's Event Timing API gives each interaction's duration (input delay, handlers and
 * the next paint); the INP of so few interactions is the longest one. Also measured: the
 * main thread's long tasks while the page loads (what Lighthouse's TBT sums), and how long
 * the typed word takes to show its products.
 */
export interface CatalogueInteractionFigures {
  /** Longest interaction (ms): INP for fewer than 50 interactions. */
  inpMs: number;
  /** The first interaction (the click into the search box). */
  firstInteractionMs: number;
  /** From the first typed key to the grid showing the word's products. */
  resultMs: number;
  /** Sum of the parts of the load's long tasks beyond 50 ms (TBT), and their count. */
  loadBlockingMs: number;
  loadLongTasks: number;
}

const CPU_SLOWDOWN = 4;
/** About five keys a second: a person typing on a phone. */
const KEY_DELAY_MS = 200;
/** Long tasks are counted this long after the load event (an island hydrating late). */
const SETTLE_MS = 3_000;

/**
 * Installed before the document's first byte, so nothing is missed: long tasks, and every
 * event that belongs to an interaction. Plain JavaScript: it runs in the page.
 */
const OBSERVERS = `
  window.__bench = { longTasks: [], events: [], changedAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        window.__bench.events.push({ id: entry.interactionId, type: entry.name, duration: entry.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
`;

/**
 * The moment the cards first show other names than they do now: the visitor sees the
 * answer (a mutation that only turns links into buttons, as hydration does, is not one).
 */
const WATCH_GRID = `
  const names = () => [...document.querySelectorAll('article.card h3')].map((h) => h.textContent).join('|');
  const before = names();
  new MutationObserver((_, observer) => {
    const now = names();
    if (now === before || now === '') return;
    window.__bench.changedAt = performance.now();
    observer.disconnect();
  }).observe(document.querySelector('.catalogue-results'), {
    childList: true, subtree: true, characterData: true,
  });
`;

interface PageFigures {
  longTasks: number[];
  events: { id: number; type: string; duration: number }[];
  changedAt: number | null;
}

const figures = (page: Page) => page.evaluate<PageFigures>('window.__bench');

/**
 * A word of a card's name whose first letter alone already leaves out some cards: the grid
 * answers from the first key.
 */
async function searchWord(page: Page): Promise<string> {
  const names = (await page.locator('article.card h3').allTextContents()).map((n) => n.toLowerCase());
  const narrows = (text: string) => names.filter((name) => name.includes(text)).length < names.length;
  for (const name of names) {
    const word = name.split(/\s+/)[0] ?? '';
    if (/^\p{L}{4,}$/u.test(word) && narrows(word.slice(0, 1))) return word;
  }
  throw new Error('aucun mot de recherche utilisable dans les cartes de /products');
}

/** Polls until `check` answers true, for at most 30 s. */
async function waitUntil(check: () => Promise<boolean>, failure: string): Promise<void> {
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(failure);
}

async function once(url: string): Promise<CatalogueInteractionFigures> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVERS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const { longTasks } = await figures(page);

    const word = await searchWord(page);
    const before = await page.locator('article.card h3').allTextContents();
    await page.evaluate(WATCH_GRID);
    const search = page.getByRole('searchbox');
    await search.click();
    // From the first key: what the visitor waits for once typing starts.
    const typedAt = await page.evaluate<number>('performance.now()');
    await search.pressSequentially(word, { delay: KEY_DELAY_MS });
    await waitUntil(async () => {
      const now = await page.locator('article.card h3').allTextContents();
      return now.length > 0 && now.join('|') !== before.join('|');
    }, 'la recherche ne change pas la grille');
    const category = page
      .getByRole('navigation', { name: 'Catégories de produits' })
      .getByRole('link')
      .nth(1);
    await category.click();
    await page.waitForURL((next) => next.searchParams.has('category'), { timeout: 30_000 });
    // Event Timing entries arrive after the next paint.
    await page.waitForTimeout(1_000);
    const { events, changedAt } = await figures(page);
    if (changedAt === null) throw new Error('la grille du catalogue n’a pas changé');
    const byInteraction = new Map<number, number>();
    for (const event of events)
      byInteraction.set(event.id, Math.max(byInteraction.get(event.id) ?? 0, event.duration));
    const durations = [...byInteraction.entries()].sort(([a], [b]) => a - b).map(([, duration]) => duration);
    return {
      inpMs: Math.max(0, ...durations),
      firstInteractionMs: durations[0] ?? 0,
      resultMs: changedAt - typedAt,
      loadBlockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      loadLongTasks: longTasks.length,
    };
  } finally {
    await browser.close();
  }
}

/** Medians of `runs` fresh browsers (nothing cached between runs). */
export async function measureCatalogueInteraction(
  url: string,
  runs: number,
): Promise<CatalogueInteractionFigures> {
  const all: CatalogueInteractionFigures[] = [];
  for (let i = 0; i < runs; i += 1) all.push(await once(url));
  const pick = (key: keyof CatalogueInteractionFigures) => median(all.map((figures) => figures[key]));
  return {
    inpMs: pick('inpMs'),
    firstInteractionMs: pick('firstInteractionMs'),
    resultMs: pick('resultMs'),
    loadBlockingMs: pick('loadBlockingMs'),
    loadLongTasks: pick('loadLongTasks'),
  };
}

/** Slow 3G as the catalogue's 'Détails' is measured on (decision 0047): 400 kbit/s, 400 ms RTT. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/**
 * In the page: from the tap's pointerdown to the first frame after the window opened (a
 * requestAnimationFrame, then a task: the frame has been produced).
 */
const WATCH_DETAILS = `
  window.__details = { tapAt: null, shownAt: null };
  addEventListener('pointerdown', (event) => { window.__details.tapAt ??= event.timeStamp; }, true);
  new MutationObserver((_, observer) => {
    if (!document.querySelector('dialog[open]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__details.shownAt = performance.now(); }));
  }).observe(document.body, { attributes: true, attributeFilter: ['open'], subtree: true });
`;

/**
 * A tap on the first card's 'Détails' as soon as the document has been parsed, on slow 3G
 * with the CPU slowed 4x and every script of the site held back (none has arrived yet):
 * how long until the product's window shows. Fresh browsers; the median of `runs`.
 */
export async function measureDetailsBeforeScripts(url: string, runs: number): Promise<number> {
  const all: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // Never answered: the island's script has not arrived when the visitor taps.
      await page.route('**/assets/*.js', () => undefined);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url, { waitUntil: 'commit' });
      // Parsed (the held module scripts keep DOMContentLoaded back, not this).
      await waitUntil(
        async () => (await page.evaluate<string>('document.readyState')) !== 'loading',
        "le document /products n'est pas arrivé",
      );
      await page.evaluate(WATCH_DETAILS);
      await page.locator('article.card .card-action').first().tap();
      await waitUntil(
        async () => (await page.evaluate<number | null>('window.__details.shownAt')) !== null,
        "la fenêtre 'Détails' ne s'ouvre pas sans le script de l'îlot",
      );
      const { tapAt, shownAt } = await page.evaluate<{ tapAt: number; shownAt: number }>('window.__details');
      all.push(shownAt - tapAt);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    } finally {
      await browser.close();
    }
  }
  return median(all);
}
