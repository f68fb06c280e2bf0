import { hydrateOnFirstUse } from './lib/first-use';
import { focusMarkedElement } from './lib/focus-on-load';
import { nextIdle } from './lib/next-idle';

/** Module preloads started per idle moment after the load event. */
const PRELOADS_PER_TASK = 4;

/**
 * The islands of a public document (decision 0002). The server adds this script only to
 * pages that render at least one island. It holds no React: React and each island's module
 * are chunks imported when an island is to be hydrated, after the load event for most
 * islands, on their first use for those that ask for it (decision 0023).
 */
const hydrate = async (element: HTMLElement) => (await import('./lib/hydrate-island')).hydrateIsland(element);

/**
 * The server's HTML works alone, so nothing here is needed for the first view: the islands'
 * chunks are fetched once the page has loaded, its LCP image first (decision 0029). The
 * template holds their module preloads (server/ssr/document.ts): downloaded and compiled,
 * not run, so a first use afterwards waits for no network.
 *
 * The islands that hydrate without being used then do so one after the other, each step
 * in an idle moment of its own (React's evaluation first, then each island's module and
 * its hydration in slices: hydrate-island.tsx), so that no long task is left at load.
 */
async function afterLoad(): Promise<void> {
  void startPreloads();
  // The floating WhatsApp button's clearance: a small chunk of its own, after the load.
  void nextIdle().then(async () => (await import('./lib/float-clearance')).keepFloatClear());
  const atLoad = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter(
    (element) => element.dataset.hydrate !== 'first-use',
  );
  if (atLoad.length === 0) return;
  await nextIdle();
  for (const element of atLoad) {
    try {
      await hydrate(element);
    } catch (error) {
      // One island whose code cannot load leaves its server HTML, and the others still hydrate.
      console.error('Échec du chargement de l’îlot :', error);
    }
  }
}

/**
 * A module preload costs the main thread a fraction of a millisecond to start (more on a
 * busy phone): a few at a time, each group in an idle moment, not all in the load event's
 * task, where the twenty of a page took 5 to 40 ms in Lighthouse's traces. The hydrations
 * at load do not wait for them: their imports fetch what they need.
 */
async function startPreloads(): Promise<void> {
  const modules = document.querySelector<HTMLTemplateElement>('template#island-modules');
  const preloads = [...(modules?.content.children ?? [])];
  for (let i = 0; i < preloads.length; i += PRELOADS_PER_TASK) {
    await nextIdle();
    document.head.append(...preloads.slice(i, i + PRELOADS_PER_TASK));
  }
}

// Before the first-use listeners: this focus is the page's, not a use of the island.
focusMarkedElement();
// A first use before the load event starts the island's hydration at once.
for (const element of document.querySelectorAll<HTMLElement>('[data-island][data-hydrate="first-use"]'))
  hydrateOnFirstUse(element, hydrate);
if (document.readyState === 'complete') void afterLoad();
else addEventListener('load', () => void afterLoad(), { once: true });
