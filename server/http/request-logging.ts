import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
// Its declarations give every request `id` and `log`, which this module sets.
import type {} from 'pino-http';
import type { Logger } from '#server/logger';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: an incoming X-Request-Id (from a proxy) when well-formed, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Query parameters whose values are secrets: never written to a log. */
const SECRET_PARAMETER = /^(access_?token|token|jwt|auth|authorization|password|secret|key|api_?key)$/i;

/**
 * A tracking link's token (docs/product-rules.md, "Tracking link"): whatever follows a
 * `suivi` segment, in any case, read after percent-decoding (as many times as it was
 * encoded), with backslashes taken as slashes, as the renderer would read them. Whatever
 * its shape: a mistyped link one character off a real one is as sensitive.
 */
const TRACKING_PATH = /(^|\/)(suivi)\/+[^/]/i;

/**
 * Every path holding a one-use link's token: a tracking link, and the staff accounts'
 * invitation and password reset pages (docs/product-rules.md, "Staff accounts"), masked
 * the same way in any spelling.
 */
const SECRET_LINK_PATH = /(^|\/)(suivi|invitation|reinitialiser)\/+[^/]/i;

/** What a URL reads as once decoded: ASCII is enough to find `suivi/` and its slashes. */
function unveiled(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round += 1) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === current) break;
    current = next;
  }
  return current.replace(/\\/g, '/');
}

/** Whether a path or a query holds a tracking link, in any spelling. */
export function holdsTrackingLink(text: string): boolean {
  return TRACKING_PATH.test(unveiled(text));
}

/** Whether a path or a query holds any one-use link (tracking, invitation, reset). */
function holdsSecretLink(text: string): boolean {
  return SECRET_LINK_PATH.test(unveiled(text));
}

/** The path as logged: up to `suivi/` (or `invitation/`, `reinitialiser/`), then `[masqué]` in place of everything after it. */
function loggablePath(path: string): string {
  const plain = unveiled(path);
  const found = SECRET_LINK_PATH.exec(plain);
  if (!found) return path;
  const head = plain.slice(0, found.index + found[1]!.length + found[2]!.length);
  const rest = plain.slice(head.length).replace(/^\/+[^/]+/, '');
  // A photo's own name is no secret, and tells which photo was asked for.
  const photo = /^\/photos\/[\w-]+\.webp$/.exec(rest)?.[0] ?? (rest === '' ? '' : '/…');
  return `${head}/[masqué]${photo}`;
}

/**
 * The URL as logged: a tracking link's token, in the path in any spelling or anywhere in
 * the query, and the value of any secret-looking query parameter are masked (a token
 * pasted into a link must not end up in the access log). Also used for the cached pages'
 * log line (server/ssr/cached-response.ts) and the renderer's errors.
 */
export function loggableUrl(raw: string): string {
  const query = raw.indexOf('?');
  const url = loggablePath(query === -1 ? raw : raw.slice(0, query));
  if (query === -1) return url;
  const masked = raw
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      if (SECRET_PARAMETER.test(decoded) && pair.includes('=')) return `${name}=[masqué]`;
      // A one-use link given as a parameter (`?retour=/suivi/…`, encoded or not).
      if (holdsSecretLink(pair.replace(/\+/g, ' ')))
        return pair.includes('=') ? `${name}=[masqué]` : '[masqué]';
      return pair;
    })
    .join('&');
  return `${url}?${masked}`;
}

/**
 * One log line per request, and `req.log` bound to the request id so every line a handler
 * writes carries it. An incoming X-Request-Id (from a proxy) is kept when well-formed.
 *
 * The line is the one pino-http wrote (same fields in the same order: `reqId`, `req`,
 * `res`, `responseTime`, `msg`; same levels), written without its two child loggers per
 * request: `req.log` is made the first time a handler asks for it (most requests never
 * do), and the request's fields are serialised only when the line is written, not at all
 * when the level drops it (docs/bench/2026-11-27-cache-miss-rounds.md, "Misses, third round").
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = Date.now();
    const id = requestIdFor(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    req.id = id;
    // Read when the request arrives, as pino-http bound them (a router may rewrite req.url).
    const method = req.method;
    const url = req.originalUrl || req.url;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get() {
        const child = logger.child({ reqId: id });
        Object.defineProperty(req, 'log', {
          value: child,
          writable: true,
          configurable: true,
          enumerable: true,
        });
        return child;
      },
      set(value: Logger) {
        Object.defineProperty(req, 'log', { value, writable: true, configurable: true, enumerable: true });
      },
    });
    let done = false;
    const complete = (err?: unknown) => {
      if (done) return;
      done = true;
      res.off('close', complete).off('finish', complete).off('error', complete);
      const level = levelOf(req, res, err);
      if (!logger.isLevelEnabled(level)) return;
      const fields = {
        reqId: id,
        req: { id, method, url: loggableUrl(url) },
        // As pino's serializer wrote it: no status before the head left.
        res: { statusCode: res.headersSent ? res.statusCode : null },
      };
      const responseTime = Date.now() - started;
      if (err || res.statusCode >= 500) {
        const error = err ?? new Error(`failed with status code ${res.statusCode}`);
        logger[level]({ ...fields, err: error, responseTime }, 'request errored');
        return;
      }
      const message = !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
      logger[level]({ ...fields, responseTime }, message);
    };
    res.on('close', complete).on('finish', complete).on('error', complete);
    next();
  };
}

function levelOf(req: IncomingMessage, res: ServerResponse, err: unknown): 'info' | 'warn' | 'error' {
  // A client that left mid-request (a cancelled upload or download) is not a failure of
  // ours: `info`, whatever the status the answer nobody read would have had.
  if (req.readableAborted || !res.writableEnded) return 'info';
  if (err || res.statusCode >= 500) return 'error';
  if (res.statusCode >= 400) return 'warn';
  return 'info';
}
