import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import { IslandRendererContext, type IslandRenderer } from './lib/island';
import { matchedBranch } from './lib/matched-branch';
import type { PageContext } from '#shared/page-context';
import type { PageMeta, PageStyle, RouteHandle } from '#shared/page-meta';
import type { RenderOutcome } from '#shared/render-outcome';
import { routes } from './routes';

/**
 * Server rendering of every route (decision 0002). Loaders run here with the server's
 * PageContext; the result is either a redirect or the body of a document, which
 * server/ssr/document.ts wraps with the head, styles and the scripts the page needs.
 */
const handler = createStaticHandler(routes);

/**
 * React puts resource hints (`<link rel="preload">` for eager images) at the start of a
 * render that has no <head>. They belong in the document's head, and inside an island they
 * would be extra nodes for hydration: lift them out of both.
 */
const LEADING_LINKS = /^(?:<link\b[^>]*>)+/;
function liftLinks(html: string, into: string[]): string {
  const found = LEADING_LINKS.exec(html)?.[0];
  if (!found) return html;
  into.push(found);
  return html.slice(found.length);
}

function pageMeta(context: StaticHandlerContext, page: PageContext): PageMeta {
  for (const match of [...context.matches].reverse()) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle?.meta) continue;
    const args = { data: context.loaderData[match.route.id], site: page.site, appUrl: page.appUrl };
    if (!context.errors) return handle.meta(args);
    // A loader threw (the database is down): the page's meta may expect data it never got;
    // the error boundary's document then gets a plain title, kept out of search engines.
    try {
      return handle.meta(args);
    } catch {
      return { title: `Erreur — ${page.site.name}`, description: page.site.name, noindex: true };
    }
  }
  return { title: page.site.name, description: page.site.name };
}

/** The page style sheets every matched route lists (decision 0023). */
function stylesOf(context: StaticHandlerContext): PageStyle[] {
  return [
    ...new Set(context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.styles ?? [])),
  ];
}

function appOf(context: StaticHandlerContext): 'public' | 'admin' {
  return context.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.app === 'admin')
    ? 'admin'
    : 'public';
}

export async function render(request: Request, page: PageContext): Promise<RenderOutcome> {
  const context = await handler.query(request, { requestContext: page });
  if (context instanceof Response) {
    return { kind: 'response', status: context.status, headers: context.headers };
  }
  const router = createStaticRouter(matchedBranch(handler.dataRoutes, context.matches), context);
  const app = appOf(context);
  const islands: string[] = [];
  const links: string[] = [];
  const islandRenderer: IslandRenderer = {
    register(name) {
      islands.push(name);
      return `i${islands.length - 1}-`;
    },
    renderToString: (element, identifierPrefix) =>
      liftLinks(renderToString(element, { identifierPrefix }), links),
  };

  // hydrate={false}: React Router would otherwise add an inline script, which our CSP
  // forbids; the back office gets its state from a JSON block instead.
  const html = liftLinks(
    renderToString(
      <IslandRendererContext.Provider value={app === 'public' ? islandRenderer : null}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </IslandRendererContext.Provider>,
    ),
    links,
  );
  const errors = Object.values(context.errors ?? {});
  return {
    kind: 'document',
    status: context.statusCode,
    app,
    html,
    headLinks: links.join(''),
    meta: pageMeta(context, page),
    islands,
    styles: stylesOf(context),
    hydrationData:
      app === 'admin'
        ? { loaderData: context.loaderData, actionData: context.actionData, errors: null }
        : null,
    errors,
  };
}
