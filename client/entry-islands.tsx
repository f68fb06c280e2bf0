import { hydrateOnFirstUse } from './lib/first-use';

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
 */
function afterLoad(): void {
  const modules = document.querySelector<HTMLTemplateElement>('template#island-modules');
  if (modules) document.head.append(modules.content);
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    if (element.dataset.hydrate !== 'first-use') void hydrate(element);
  }
}

// A first use before the load event starts the island's hydration at once.
for (const element of document.querySelectorAll<HTMLElement>('[data-island][data-hydrate="first-use"]'))
  hydrateOnFirstUse(element, hydrate);
if (document.readyState === 'complete') afterLoad();
else addEventListener('load', afterLoad, { once: true });
