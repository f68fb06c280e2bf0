import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import { safeJson } from '#shared/safe-json';

/**
 * Islands: the interactive parts of a server-rendered public page (decision 0002).
 *
 * On the server, an island renders its component to HTML in a render of its own, inside
 * `<div data-island="name">`, followed by its props as a non-executed JSON block. On the
 * client, `entry-islands.tsx` finds those divs and hydrates each with `hydrateRoot`
 * (`hydrate-island.tsx`), at once or on the island's first use.
 * Rendering apart (same `identifierPrefix` on both sides) makes `useId` and the markup
 * identical to what the client's own root produces. Islands receive everything through
 * serialisable props: no router, no context from the page.
 */
export interface IslandRenderer {
  /** Registers an island of the page and answers its id (used as the identifierPrefix). */
  register(name: string): string;
  renderToString(element: ReactElement, identifierPrefix: string): string;
}

export const IslandRendererContext = createContext<IslandRenderer | null>(null);

export type IslandComponent<P extends object> = ComponentType<P> & {
  islandName: string;
  Component: ComponentType<P>;
};

export interface IslandOptions {
  /**
   * 'load' (the default): hydrated as soon as the page's script runs. 'first-use': left as
   * the server's HTML, which must work alone, until the visitor first touches, focuses or
   * types in it (client/lib/first-use.ts, decision 0023): React's cost is paid only by those
   * who use the island.
   */
  hydrate?: 'load' | 'first-use';
}

export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  { hydrate = 'load' }: IslandOptions = {},
): IslandComponent<P> {
  function Island(props: P) {
    const renderer = useContext(IslandRendererContext);
    if (!renderer) {
      // Only reachable if an island is rendered outside the server pipeline (e.g. inside
      // another island): render it inline rather than break the page.
      return <Component {...props} />;
    }
    const id = renderer.register(name);
    const html = renderer.renderToString(<Component {...props} />, id);
    return (
      <>
        <div
          data-island={name}
          data-island-id={id}
          data-hydrate={hydrate === 'first-use' ? hydrate : undefined}
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <script
          type="application/json"
          data-island-props={id}
          dangerouslySetInnerHTML={{ __html: safeJson(props) }}
        />
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { islandName: name, Component });
}
