import { startTransition, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandComponent } from './island';
import { reportRecoverableError } from './report-error';

/**
 * React's half of the islands (decision 0002): hydrates one island with `hydrateRoot`.
 * Its own chunk, imported by `entry-islands.tsx` only when an island is to be hydrated, so
 * a page whose islands wait for their first use runs no React at load (decision 0023).
 */
const modules = import.meta.glob<{ default: IslandComponent<object> }>('../islands/*.tsx');

/** The native setter, which React's value tracker does not see (see replayTypedText). */
const setNativeValue = (field: HTMLInputElement | HTMLTextAreaElement, value: string) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);

/**
 * Text typed into an island before React took it over. Hydration keeps what the field shows
 * but not the island's state, and the next render would put the server's value back: the
 * text is handed to React as an input event, the way the browser would have.
 */
function replayTypedText(element: Element): void {
  for (const field of element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea',
  )) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    // Through React's tracker first (the server's value), then the browser's own setter:
    // React compares the two and sees the change.
    field.value = field.defaultValue;
    setNativeValue(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function Hydrated({
  Component,
  props,
  element,
  firstUse,
  onReady,
}: {
  Component: ComponentType<object>;
  props: object;
  element: Element;
  firstUse: boolean;
  onReady: () => void;
}) {
  // A second render, after the island's own first effects have re-rendered it (e.g. the
  // catalogue's links turned into buttons): only then is the island what a visitor uses.
  const [settled, setSettled] = useState(false);
  useLayoutEffect(() => {
    if (firstUse) replayTypedText(element);
  }, [element, firstUse]);
  useEffect(() => {
    if (!settled) return setSettled(true);
    // Browser tests and the first-use replay wait for this mark.
    element.setAttribute('data-hydrated', 'true');
    onReady();
  }, [element, settled, onReady]);
  return <Component {...props} />;
}

/** Hydrates the island; settles once it is ready for the visitor (data-hydrated set). */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const id = element.dataset.islandId ?? '';
  const load = modules[`../islands/${name}.tsx`];
  const propsElement = document.querySelector(`script[data-island-props="${CSS.escape(id)}"]`);
  if (!load || !propsElement) {
    console.error(`Îlot inconnu ou sans propriétés : ${name}`);
    return;
  }
  const props = JSON.parse(propsElement.textContent ?? '{}') as object;
  const { default: island } = await load();
  const firstUse = element.dataset.hydrate === 'first-use';
  await new Promise<void>((resolve) => {
    const hydrate = () => {
      hydrateRoot(
        element,
        <Hydrated
          Component={island.Component}
          props={props}
          element={element}
          firstUse={firstUse}
          onReady={resolve}
        />,
        { identifierPrefix: id, onRecoverableError: reportRecoverableError },
      );
    };
    // A transition is hydrated in slices that yield to the browser: a visitor's next key
    // or tap is not kept waiting behind the whole island.
    if (firstUse) startTransition(hydrate);
    else hydrate();
  });
}
