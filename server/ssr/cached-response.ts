import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Express, Request, RequestHandler } from 'express';
import { loggableUrl, requestIdFor } from '#server/http/request-logging';
import type { Metrics } from '#server/features/metrics/metrics';
import type { Logger } from '#server/logger';
import { canonicalPageUrl } from '#shared/page-query';
import { cacheKey, type CachedDocument, type Encoding, type HeaderList, type HtmlCache } from './html-cache';
import { upgradeOnHit, withEncoding } from './html-compression';

/**
 * How cached documents reach the browser, and how back-office writes empty the cache
 * (decision 0008).
 */

/** Save-Data as the pages see it: the renderer forwards the header only when this is true. */
export function wantsSaveData(req: IncomingMessage): boolean {
  return req.headers['save-data'] === 'on';
}

/** br, then gzip, then the plain body, as the client's Accept-Encoding allows (q=0 refuses). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  // Browsers send a handful of distinct values: parse each once (bounded, hits run hot).
  const known = choices.get(header);
  if (known) return known;
  if (choices.size >= 64) choices.clear();
  const choice = parseEncoding(header);
  choices.set(header, choice);
  return choice;
}
const choices = new Map<string, Encoding>();

function parseEncoding(header: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}

/** Set per answer or per document, never replayed from the rendering response. */
const NOT_REPLAYED = new Set([
  'x-request-id',
  'x-html-cache',
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'vary',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The headers the middleware stack (helmet: CSP and the others) put on the response that
 * rendered a document, for its cache hits to carry the very same ones.
 */
export function replayableHeaders(res: ServerResponse): HeaderList {
  const list: HeaderList = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (NOT_REPLAYED.has(name) || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) list.push(name, String(item));
  }
  return list;
}

/**
 * Writes a cached document: 304 when the browser's copy is current, else the body in the
 * best encoding the client takes, compressed now if no earlier client took that encoding
 * (withEncoding). `extra` holds the per-answer headers. Answers the document as it now
 * is, for the cache to keep the body it may have gained.
 */
export function writeCachedDocument(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedDocument,
  extra: HeaderList,
  { direct = false }: { direct?: boolean } = {},
): CachedDocument {
  // `direct`: past the wrappers middleware put on this response (the compression
  // middleware's), which would only find the body already encoded and copy the headers one
  // by one to learn it (docs/bench/2026-11-27-cache-miss-rounds.md, "Misses, third round").
  const writeHead = direct ? ServerResponse.prototype.writeHead : res.writeHead;
  const end = (direct ? ServerResponse.prototype.end : res.end) as (
    this: ServerResponse,
    body?: Buffer,
  ) => ServerResponse;
  if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
    writeHead.call(res, 304, entry.notModified.concat(extra));
    end.call(res);
    return entry;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const answered = withEncoding(entry, encoding);
  writeHead.call(res, 200, (answered.headers[encoding] ?? answered.headers.identity).concat(extra));
  if (req.method === 'HEAD') end.call(res);
  else end.call(res, answered.bodies[encoding] ?? answered.bodies.identity);
  return answered;
}

/**
 * Answers cache hits before Express: no routing, no middleware, one write, so that a
 * cached page costs about what replaying bytes from memory costs (product rules, Performance targets: target). The
 * headers are those the full stack produced for the same document (replayableHeaders);
 * the request id and, when enabled, the access log line are kept.
 */
export function serveCachedFirst(
  app: Express,
  cache: HtmlCache,
  logger: Logger,
  metrics: Metrics | null = null,
  /** Told of each hit once answered: the audience count (server/features/audience). */
  onServed: ((req: IncomingMessage, res: ServerResponse) => void) | null = null,
): void {
  // Express's app function calls app.handle for every request (app.listen and supertest alike).
  const target = app as unknown as {
    handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
  };
  const handle = target.handle.bind(app);
  target.handle = (req, res, next) => {
    const method = req.method;
    const key =
      method === 'GET' || method === 'HEAD'
        ? cacheKey(canonicalPageUrl(req.url ?? '/'), wantsSaveData(req))
        : null;
    const entry = key === null ? undefined : cache.get(key);
    if (!entry || key === null) return handle(req, res, next);
    const started = metrics ? process.hrtime.bigint() : 0n;
    const id = requestIdFor(req.headers['x-request-id']);
    const answered = writeCachedDocument(req, res, entry, ['X-Html-Cache', 'hit', 'X-Request-Id', id]);
    if (answered !== entry) cache.upgrade(key, entry, answered);
    onServed?.(req, res);
    // A page asked for a second time in brotli is worth its best brotli copy (after this
    // answer), whether its miss was compressed fast or light; tested here so that hits of
    // pages already upgraded allocate nothing.
    if (answered.compression !== 'best' && preferredEncoding(req.headers['accept-encoding']) === 'br')
      void upgradeOnHit(cache, key, answered);
    if (metrics) {
      metrics.countPage('hit');
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest('page (cache)', method ?? 'GET', res.statusCode, seconds);
    }
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          req: { id, method, url: loggableUrl(req.url ?? '/') },
          res: { statusCode: res.statusCode },
          htmlCache: 'hit',
        },
        'request completed',
      );
    }
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that change no public page: signing in and out, tokens, accounts, a visitor's
 * project submission or contact message (private until an administrator reads it), the
 * inbox's own changes, and new tracking links (their pages are never cached): a visitor's
 * public post must not empty the cache for everyone.
 */
const TRACKING_LINK_WRITE = /^\/admin\/project-submissions\/[^/]+\/tracking-link$/;

function changesNoPage(req: Request): boolean {
  return (
    req.path.startsWith('/auth/') ||
    // A preview link changes nothing (docs/decisions/0041-drafts-and-scheduled-publishing.md).
    req.path.startsWith('/admin/preview/') ||
    req.path === '/submit-project' ||
    req.path === '/contact-messages' ||
    req.path.startsWith('/admin/contact-messages/') ||
    req.path === '/tracking-links/resend' ||
    TRACKING_LINK_WRITE.test(req.path)
  );
}

/**
 * Mounted on /api: a write that succeeds (status below 400) empties the cache. The cache
 * is emptied when the response's head is written, that is after the handler committed and
 * before the client can learn of the change, so the next request renders afresh.
 */
export function emptyOnWrite(cache: HtmlCache): RequestHandler {
  return (req, res, next) => {
    if (!WRITES.has(req.method) || changesNoPage(req)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      if (status < 400) cache.clear();
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
