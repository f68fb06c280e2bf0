import { hydrateOnFirstUse } from './lib/first-use';

/**
 * The islands of a public document (decision 0002). The server adds this script only to
 * pages that render at least one island. It holds no React: React and each island's module
 * are chunks imported when an island is to be hydrated, at once for most islands, on their
 * first use for those that ask for it (decision 0023).
 */
const hydrate = async (element: HTMLElement) => (await import('./lib/hydrate-island')).hydrateIsland(element);

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  if (element.dataset.hydrate === 'first-use') hydrateOnFirstUse(element, hydrate);
  else void hydrate(element);
}
