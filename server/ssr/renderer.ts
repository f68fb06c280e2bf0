import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request as ExpressRequest, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import type { ViteDevServer } from 'vite';
import { escapeHtml } from '#shared/escape-html';
import type { RenderOutcome } from '#shared/render-outcome';
import type { PageContext } from '#shared/page-context';
import type { Config } from '#server/config';
import type { Visibility } from '#server/db/visibility';
import { RETRY_AFTER_SECONDS } from '#server/errors';
import { allowDetailsScript, allowInlineStyle } from '#server/http/security';
import { asUnavailable } from '#server/http/unavailable';
import { loggableUrl } from '#server/http/request-logging';
import type { Logger } from '#server/logger';
import { developmentAssets, productionAssets, type ClientAssets } from './assets';
import { preferredEncoding, replayableHeaders, wantsSaveData, writeCachedDocument } from './cached-response';
import { renderDocument } from './document';
import { canonicalPageUrl } from '#shared/page-query';
import { cacheKey, createHtmlCache, type HtmlCache } from './html-cache';
import { buildCachedDocument } from './html-compression';
import { renderSlots, RendersBusyError } from './render-slots';
import { clientAddress, rateLimit } from '#server/http/rate-limit';
import { sharedRedis } from '#server/shared-state/redis-connection';
import { shareEmptying } from './shared-html-cache';
import { createPageContext, recordingFailures } from './page-context';
import { coreBusy } from './core-load';

interface ServerEntry {
  render(request: Request, page: PageContext): Promise<RenderOutcome>;
}

export interface SsrRenderer {
  /** Vite's dev middleware (development only): client modules, HMR, CSS. */
  devMiddleware: RequestHandler | null;
  /** Renders every GET/HEAD that no earlier route answered. */
  handler: RequestHandler;
  /**
   * Renders the public page `preview.path` for a staff preview link (server/features/preview):
   * the reads see what `preview.visibility` lets through, the answer is never cached.
   */
  preview(req: ExpressRequest, res: Response, preview: PagePreview): Promise<void>;
  /** Inline CSS hashes for the Content-Security-Policy. */
  styleHashes: string[];
  mode: 'vite' | 'build';
  /** Rendered public documents (built mode with HTML_CACHE on), else null. */
  htmlCache: HtmlCache | null;
  close(): Promise<void>;
}

/** A preview render (docs/decisions/0041-drafts-and-scheduled-publishing.md). */
export interface PagePreview {
  /** The public page to render, path and query. */
  path: string;
  visibility: () => Visibility;
  /** The banner above the page; null renders the page as it is (the not-found page of a dead link). */
  banner: string | null;
}

export interface RendererOptions {
  config: Config;
  db: Knex;
  logger: Logger;
  /** Project root (where dist/ and client/ live). */
  root: string;
  /** 'vite' (npm run dev): sources through Vite's middleware with hot reload; 'build': dist/. */
  mode: 'vite' | 'build';
}

/**
 * The request as page loaders see it: the URL and Save-Data, nothing else. The HTML cache
 * keys documents on exactly these two (decision 0008): a page that read another header,
 * a cookie or a token could serve one visitor's page to another.
 */
function fetchRequest(req: ExpressRequest, signal: AbortSignal, url = req.originalUrl): Request {
  const headers = new Headers();
  if (wantsSaveData(req)) headers.set('save-data', 'on');
  return new Request(new URL(url, 'http://localhost'), { headers, signal });
}

/**
 * Marks a preview document: `noindex` in its head and a banner above the page, outside the
 * root React hydrates, so hydration never sees it.
 */
function markPreview(html: string, banner: string | null): string {
  const marked = html.replace('</head>', '<meta name="robots" content="noindex"></head>');
  if (banner === null) return marked;
  return marked.replace(
    '<body>',
    `<body><p class="preview-banner" role="status"><strong>${escapeHtml(banner)}</strong></p>`,
  );
}

/** The back office is never cached, whatever its routes' handles say. */
const NEVER_CACHED = /^\/(?:admin|login)(?:[/?#]|$)/;

const FAILURE_PAGE =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Erreur</title></head><body><main><h1>Une erreur est survenue</h1>' +
  '<p>Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.</p><a href="/">Retour à l’accueil</a></main></body></html>';

const TOO_MANY_PAGE =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="robots" content="noindex"><title>Trop de requêtes</title></head><body><main><h1>Trop de requêtes</h1>' +
  '<p>Vous avez demandé beaucoup de pages en peu de temps. Réessayez dans une minute.</p><a href="/">Retour à l’accueil</a></main></body></html>';

export async function createRenderer({
  config,
  db,
  logger,
  root,
  mode,
}: RendererOptions): Promise<SsrRenderer> {
  const pageContext = createPageContext(config, db);
  let vite: ViteDevServer | null = null;
  let assets: ClientAssets;
  let loadEntry: () => Promise<ServerEntry>;

  if (mode === 'vite') {
    // Loaded only for `npm run dev`: production images do not ship Vite.
    const { createServer } = await import('vite');
    vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
    const devServer = vite;
    assets = developmentAssets();
    loadEntry = () => devServer.ssrLoadModule('/client/entry-server.tsx') as Promise<ServerEntry>;
  } else {
    assets = productionAssets(path.join(root, 'dist', 'client'));
    const entry = (await import(
      pathToFileURL(path.join(root, 'dist', 'ssr', 'entry-server.js')).href
    )) as ServerEntry;
    loadEntry = async () => entry;
  }
  const { htmlCache: cacheConfig } = config;
  const local = mode === 'build' && cacheConfig.enabled ? createHtmlCache(cacheConfig) : null;
  // Several instances on one Redis empty each other's caches (shared-html-cache.ts).
  const redis = sharedRedis(config);
  const cache = local && redis ? shareEmptying(local, redis) : local;
  // Two renders per core keep both busy while one waits on the database; 100 waiting is a
  // few seconds of work at most.
  const slots = renderSlots(2 * Math.max(1, availableParallelism()), 100);
  // Renders are the expensive answers: one client may have so many per minute. A visitor
  // reading the site is far below it (most pages come from the cache); a robot asking for
  // random searches is stopped here instead of slowing every visitor.
  const rendersPerClient = rateLimit(config, 'renders');

  const limitedRender = async (req: ExpressRequest, res: Response, preview?: PagePreview): Promise<void> => {
    const client = await rendersPerClient.take(clientAddress(req));
    if (!client.granted) {
      res.setHeader('Retry-After', String(client.retryAfterSeconds));
      res.status(429).type('html').send(TOO_MANY_PAGE);
      return;
    }
    try {
      await slots.run(() => render(req, res, preview));
    } catch (error) {
      if (!(error instanceof RendersBusyError) || res.headersSent) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
      res.status(503).type('html').send(FAILURE_PAGE);
    }
  };

  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    await limitedRender(req, res);
  };

  const render = async (req: ExpressRequest, res: Response, preview?: PagePreview): Promise<void> => {
    const controller = new AbortController();
    // Only a client that left before the answer was written stops the loaders: aborting
    // after every answer made an AbortError and ran the request's listeners for nothing.
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    // Read before the loaders run: a write that lands meanwhile makes this render unstorable.
    const generation = cache?.generation ?? 0;
    // Reads that failed during this render, even those a page caught and showed as a message.
    const failures: unknown[] = [];
    try {
      const entry = await loadEntry();
      const outcome = await entry.render(
        fetchRequest(req, controller.signal, preview?.path),
        recordingFailures(
          preview ? createPageContext(config, db, preview.visibility) : pageContext,
          failures,
        ),
      );
      if (outcome.kind === 'response') {
        const location = outcome.headers.get('location');
        if (location) res.setHeader('Location', location);
        res.status(outcome.status).end();
        return;
      }
      for (const error of outcome.errors) req.log.error({ err: error }, 'erreur dans un loader de page');
      // A page that failed because the database or the disk did is a 503 the client may
      // retry, not a 500 (docs/decisions/0012-shutdown-order-and-honest-faults.md).
      const outage = [...outcome.errors, ...failures].some((error) => asUnavailable(error));
      const status = outage && outcome.status >= 500 ? 503 : outcome.status;
      if (status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      const documentAssets = assets.forPage(outcome.app, outcome.islands, outcome.styles);
      if (documentAssets.inlineCssHash) allowInlineStyle(res, documentAssets.inlineCssHash);
      allowDetailsScript(res, outcome.html);
      let html = renderDocument({
        app: outcome.app,
        html: outcome.html,
        headLinks: outcome.headLinks,
        meta: outcome.meta,
        assets: documentAssets,
        site: config.site,
        appUrl: config.appUrl,
        pathname: new URL(preview?.path ?? req.originalUrl, 'http://localhost').pathname,
        hydrationData: outcome.hydrationData,
      });
      if (preview) html = markPreview(html, preview.banner);
      if (vite) html = await vite.transformIndexHtml(req.originalUrl, html);
      // A response that sets a cookie belongs to one visitor: its headers are never replayed.
      // Nor is a page rendered while a read failed: it would outlive the outage.
      const cacheable =
        !preview &&
        outcome.app === 'public' &&
        status === 200 &&
        outcome.errors.length === 0 &&
        failures.length === 0 &&
        !NEVER_CACHED.test(req.originalUrl) &&
        !outcome.meta.private &&
        !res.hasHeader('set-cookie');
      if (cache && cacheable) {
        const key = cacheKey(canonicalPageUrl(req.originalUrl), wantsSaveData(req));
        const replayed = replayableHeaders(res);
        // Only the encoding this client takes: another is made when first asked for. While
        // the core is busy (other requests wait on it), a lighter brotli frees it sooner.
        const entry = buildCachedDocument(
          html,
          cacheConfig.ttlSeconds,
          replayed,
          Date.now(),
          [preferredEncoding(req.headers['accept-encoding'])],
          coreBusy() ? 'light' : 'fast',
        );
        cache.set(key, entry, generation);
        // Compressed at a miss's settings; re-compressed harder only if asked for again
        // (upgradeOnHit in cached-response.ts, decision 0023).
        writeCachedDocument(req, res, entry, ['X-Html-Cache', 'miss'], { direct: true });
        return;
      }
      if (outcome.meta.private || preview) res.setHeader('Referrer-Policy', 'no-referrer');
      // A preview shows what is not public: no search engine, no cache, not even the browser's.
      if (preview) res.setHeader('X-Robots-Tag', 'noindex');
      res
        .status(status)
        .type('html')
        .setHeader('Cache-Control', outcome.meta.private || preview ? 'no-store' : 'no-cache')
        .send(html);
    } catch (error) {
      if (vite && error instanceof Error) vite.ssrFixStacktrace(error);
      req.log.error({ err: error, url: escapeHtml(loggableUrl(req.originalUrl)) }, 'échec du rendu serveur');
      if (res.headersSent) return;
      if (asUnavailable(error) || failures.some((failure) => asUnavailable(failure))) {
        res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS)).status(503);
      } else res.status(500);
      res.type('html').send(FAILURE_PAGE);
    }
  };

  logger.debug({ mode: vite ? 'vite' : 'build' }, 'rendu serveur prêt');
  return {
    devMiddleware: vite ? (vite.middlewares as unknown as RequestHandler) : null,
    handler,
    preview: (req, res, preview) => limitedRender(req, res, preview),
    styleHashes: assets.styleHashes,
    mode,
    htmlCache: cache,
    close: async () => {
      await vite?.close();
    },
  };
}
