import type { HydrationState } from 'react-router-dom';
import type { PageMeta, PageStyle } from './page-meta';

/**
 * What the server-rendering bundle (client/entry-server.tsx) answers for one request, and
 * what server/ssr/renderer.ts turns into a response: the contract between the two sides.
 */
export type RenderOutcome =
  | { kind: 'response'; status: number; headers: Headers }
  | {
      kind: 'document';
      status: number;
      app: 'public' | 'admin';
      html: string;
      /** Resource hints React produced, for the document's head. */
      headLinks: string;
      meta: PageMeta;
      /** Names of the islands this page rendered; empty means the page needs no script. */
      islands: string[];
      /** Page style sheets the matched routes list, for the document's inline CSS. */
      styles: PageStyle[];
      /** Router state for the back office's hydration (admin documents only). */
      hydrationData: HydrationState | null;
      /** Errors thrown by loaders, for the server's log. */
      errors: unknown[];
    };
