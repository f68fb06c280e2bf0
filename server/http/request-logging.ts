import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { Logger } from '#server/logger';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: an incoming X-Request-Id (from a proxy) when well-formed, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Query parameters whose values are secrets: never written to a log. */
const SECRET_PARAMETER = /^(access_?token|token|jwt|auth|authorization|password|secret|key|api_?key)$/i;

/**
 * Path segments that are secrets: the token of a private tracking link, `/suivi/{token}`
 * (docs/product-rules.md, "Tracking link"), whatever its shape, so a mistyped link that
 * is one character off a real one is not logged either.
 */
const SECRET_PATH = /^(\/suivi\/)[^/?#]+/i;

/**
 * The URL as logged: a tracking link's token and the value of any secret-looking query
 * parameter are masked (a token pasted into a link must not end up in the access log).
 * Also used for the cached pages' log line (server/ssr/cached-response.ts) and the
 * renderer's errors.
 */
export function loggableUrl(raw: string): string {
  const url = raw.replace(SECRET_PATH, '$1[masqué]');
  const query = url.indexOf('?');
  if (query === -1) return url;
  const masked = url
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
      return SECRET_PARAMETER.test(decoded) && pair.includes('=') ? `${name}=[masqué]` : pair;
    })
    .join('&');
  return `${url.slice(0, query)}?${masked}`;
}

/**
 * One log line per request, and `req.log` bound to the request id so every line a handler
 * writes carries it. An incoming X-Request-Id (from a proxy) is kept when well-formed.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    genReqId(req, res) {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(req, res, err) {
      // A client that left mid-request (a cancelled upload or download) is not a failure of
      // ours: `info`, whatever the status the answer nobody read would have had.
      if (req.readableAborted || !res.writableEnded) return 'info';
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    // Only what an operator needs; headers (cookies, tokens) stay out of the logs.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: loggableUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
