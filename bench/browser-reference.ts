import { launchBrowser } from '../tests/helpers/browser';
import { median } from './table';

/**
 * How fast this machine's Chromium lays out text, on a document that never changes: the
 * browser figures of two machines (Lighthouse's TBT and LCP, the catalogue's INP) can only
 * be compared beside it. On the machine of docs/bench/2026-11-27-full-slow-layout.md,
 * Chromium's own counters gave 80 to 200 ms of style and layout, unthrottled, while `/` (a
 * page without script) loads, and this reference 13 to 23 ms; Lighthouse's TBT is those
 * tasks multiplied by four.
 */
export const LAYOUT_PARAGRAPHS = 400;
export const LAYOUT_ROUNDS = 15;

/** Median of `LAYOUT_ROUNDS` style-and-layout passes of `LAYOUT_PARAGRAPHS` new paragraphs, in ms, unthrottled. */
export async function textLayoutReference(): Promise<number> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.setContent('<!doctype html><html lang="fr"><body></body></html>');
    const times: number[] = [];
    // Round 0 warms the page's fonts and code up and is not counted.
    for (let round = 0; round <= LAYOUT_ROUNDS; round += 1) {
      // New text each round: the browser's caches of shaped words cannot answer it.
      // Plain JavaScript: it runs in the page.
      const duration = await page.evaluate<number>(`(() => {
        document.body.innerHTML = Array.from(
          { length: ${LAYOUT_PARAGRAPHS} },
          (_, i) => '<p>Maison ${round}-' + i + ' à Cotonou, plans et photos du chantier</p>',
        ).join('');
        const started = performance.now();
        void document.body.offsetHeight;
        return performance.now() - started;
      })()`);
      if (round > 0) times.push(duration);
    }
    return median(times);
  } finally {
    await browser.close();
  }
}
