import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandComponent } from './lib/island';
import { reportRecoverableError } from './lib/report-error';

/**
 * Hydrates the islands of a public document (decision 0002). Each island module is its own
 * chunk, fetched only when the page holds that island. The server adds this script only to
 * pages that render at least one island.
 */
const modules = import.meta.glob<{ default: IslandComponent<object> }>('./islands/*.tsx');

function Hydrated({
  Component,
  props,
  element,
}: {
  Component: ComponentType<object>;
  props: object;
  element: Element;
}) {
  // Marks the island once React has taken it over: browser tests wait for this.
  useEffect(() => element.setAttribute('data-hydrated', 'true'), [element]);
  return <Component {...props} />;
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const id = element.dataset.islandId ?? '';
  const load = modules[`./islands/${name}.tsx`];
  const propsElement = document.querySelector(`script[data-island-props="${CSS.escape(id)}"]`);
  if (!load || !propsElement) {
    console.error(`Îlot inconnu ou sans propriétés : ${name}`);
    return;
  }
  const props = JSON.parse(propsElement.textContent ?? '{}') as object;
  const { default: island } = await load();
  hydrateRoot(element, <Hydrated Component={island.Component} props={props} element={element} />, {
    identifierPrefix: id,
    onRecoverableError: reportRecoverableError,
  });
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  void hydrateIsland(element);
}
