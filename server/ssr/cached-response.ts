import type { Request, RequestHandler, Response } from 'express';
import { cacheKey, type CachedDocument, type Encoding, type HtmlCache } from './html-cache';

/**
 * How cached documents reach the browser, and how back-office writes empty the cache.
 * Mounted after the security headers (a hit carries the same CSP as a render) and before
 * the compression middleware (the bodies are already compressed).
 */

/** Save-Data as the pages see it: the renderer forwards the header only when this is true. */
export function wantsSaveData(req: Request): boolean {
  return req.headers['save-data'] === 'on';
}

/** br, then gzip, then the plain body, as the client's Accept-Encoding allows (q=0 refuses). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
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

/** Writes a cached document: the body in the best encoding the client takes, or 304. */
export function sendCachedDocument(req: Request, res: Response, entry: CachedDocument, state: 'hit' | 'miss'): void {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // Browsers revalidate every time (a change must show on the next request); the ETag
  // makes that revalidation a 304 without a body.
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding, Save-Data');
  res.setHeader('ETag', entry.etag);
  res.setHeader('X-Html-Cache', state);
  if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = entry.bodies[encoding];
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Answers GET and HEAD from the cache; everything else goes on to the routes. */
export function cachedPages(cache: HtmlCache): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const entry = cache.get(cacheKey(req.originalUrl, wantsSaveData(req)));
    if (!entry) return next();
    sendCachedDocument(req, res, entry, 'hit');
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that change no public page: signing in and out, tokens, accounts, and a
 * visitor's project submission (private until an administrator reads it).
 */
function changesNoPage(req: Request): boolean {
  return req.path.startsWith('/auth/') || req.path === '/submit-project';
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
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      if (status < 400) cache.clear();
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
