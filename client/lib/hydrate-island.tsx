import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HYDRATION_COMMITTED } from './first-use';
import type { IslandComponent } from './island';
import { nextIdle } from './next-idle';
import { reportRecoverableError } from './report-error';

/**
 * React's half of the islands (decision 0002): hydrates one island with `hydrateRoot`.
 * Its own chunk, imported by `entry-islands.tsx` only when an island is to be hydrated, so
 * a page whose islands wait for their first use runs no React at load (decision 0023).
 */
const modules = import.meta.glob<{ default: IslandComponent<object> }>('../islands/*.tsx');

/** The native setter, which React's value tracker does not see (see captureVisitorInput). */
const setNative = (
  field: HTMLInputElement | HTMLTextAreaElement,
  property: 'value' | 'checked',
  to: unknown,
) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set?.call(field, to);

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What a visitor typed, ticked, chose or picked in an island before React took it over (on a
 * slow phone the form is there seconds before its script). Hydration keeps what a text field
 * shows but not the island's state, so the next render would put the server's value back,
 * and a file picked before would never reach the island's list. Choices and files are read
 * before hydrating, text when it is handed over; the function returned hands each change to
 * React as the browser's own event would have.
 */
function captureVisitorInput(element: Element): () => Promise<void> {
  /** Each answers the hand-over to make now, or null if that field has nothing to hand over. */
  const replays: Array<() => (() => void) | null> = [];
  for (const field of element.querySelectorAll<Field>('input:not([type=hidden]), textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      const chosen = Array.from(field.options, (option) => option.selected);
      if (chosen.every((selected, i) => selected === field.options[i]!.defaultSelected)) continue;
      replays.push(() => () => {
        chosen.forEach((selected, i) => (field.options[i]!.selected = selected));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      });
    } else if (field instanceof HTMLInputElement && field.type === 'file') {
      if (!field.files?.length) continue;
      // The input still holds the files: its change event lets the island read them.
      replays.push(() => () => field.dispatchEvent(new Event('change', { bubbles: true })));
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      const checked = field.checked;
      if (checked === field.defaultChecked) continue;
      replays.push(() => () => {
        // Through React's tracker first (the server's state), then the browser's own setter:
        // React compares the two on the click event it listens to and sees the change. A
        // plain Event named 'click' does not toggle the box again.
        field.checked = field.defaultChecked;
        setNative(field, 'checked', checked);
        field.dispatchEvent(new Event('click', { bubbles: true }));
      });
    } else {
      // Text is read when the hand-over starts, not now: what a visitor types while the
      // island hydrates is kept from React until then (first-use.ts) and must count too.
      replays.push(() => {
        const typed = field.value;
        if (typed === field.defaultValue) return null;
        return () => {
          field.value = field.defaultValue;
          setNative(field, 'value', typed);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        };
      });
    }
  }
  return async () => {
    // Everything read at once, before the first hand-over re-renders the island: React then
    // puts its own state back into the fields not handed over yet.
    const handOvers = replays.map((take) => take()).filter((replay) => replay !== null);
    for (const [i, replay] of handOvers.entries()) {
      // One field per task: an island's handler reads the state of its last render, so two
      // changes handed over in one go would each start from the same old state and the last
      // would undo the others. The first goes at once, before the island is painted.
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      replay();
    }
  };
}

function Hydrated({
  Component,
  props,
  element,
  replayVisitorInput,
  onReady,
}: {
  Component: ComponentType<object>;
  props: object;
  element: Element;
  replayVisitorInput: () => Promise<void>;
  onReady: () => void;
}) {
  // A second render, after the island's own first effects have re-rendered it (e.g. the
  // catalogue's links turned into buttons): only then is the island what a visitor uses.
  const [settled, setSettled] = useState(false);
  const replayed = useRef<Promise<void>>(null);
  useLayoutEffect(() => {
    if (replayed.current) return;
    // React now listens to what the visitor types: first-use.ts stops holding it back.
    element.dispatchEvent(new Event(HYDRATION_COMMITTED));
    replayed.current = replayVisitorInput();
  }, [element, replayVisitorInput]);
  useEffect(() => {
    if (!settled) return setSettled(true);
    // Browser tests and the first-use replay wait for this mark: set once what the visitor
    // did before hydration is in the island's state.
    void replayed.current?.then(() => {
      element.setAttribute('data-hydrated', 'true');
      onReady();
    });
  }, [element, settled, onReady]);
  return <Component {...props} />;
}

/**
 * Hydrates the island; settles once it is ready for the visitor (data-hydrated set).
 *
 * An island hydrated without being used (decision 0029) takes three tasks of its own, each
 * started when the browser is idle: its module's evaluation, then the hydration, which runs
 * as a transition: React renders it in slices of a few milliseconds and yields to the
 * browser between them. On a phone four times slower than this machine, no step is a long
 * task that a tap would wait behind. An island hydrated on its first use does not wait for
 * idle moments: the visitor is waiting for it; it is sliced the same way.
 */
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
  const firstUse = element.dataset.hydrate === 'first-use';
  if (!firstUse) await nextIdle();
  const { default: island } = await load();
  if (!firstUse) await nextIdle();
  await new Promise<void>((resolve) => {
    startTransition(() => {
      const replayVisitorInput = captureVisitorInput(element);
      hydrateRoot(
        element,
        <Hydrated
          Component={island.Component}
          props={props}
          element={element}
          replayVisitorInput={replayVisitorInput}
          onReady={resolve}
        />,
        { identifierPrefix: id, onRecoverableError: reportRecoverableError },
      );
    });
  });
}
