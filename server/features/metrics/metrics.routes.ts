import { timingSafeEqual } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import type { Metrics } from './metrics';

/**
 * Counts every request that reaches Express once its answer is finished (or the client
 * left), under the route template that answered it. Requests no route matched are grouped
 * by kind, so random URLs add no label.
 */
export function countRequests(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const template = recordRouteTemplate(req);
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = template.value ?? kindOf(req, String(res.getHeader('content-type') ?? ''));
      metrics.observeRequest(route, req.method, res.statusCode, seconds);
      // The renderer marks a page it has just put into the cache (server/ssr/renderer.ts).
      if (res.getHeader('x-html-cache') === 'miss') metrics.countPage('miss');
    });
    next();
  };
}

/**
 * The route template, read when Express assigns `req.route`: at that moment `req.baseUrl`
 * is the mount path of the router that matched (`/api/auth`). Read later, after an error
 * went back up through the routers, `baseUrl` has been restored to the outer one.
 */
function recordRouteTemplate(req: Request): { value: string | null } {
  const template: { value: string | null } = { value: null };
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value && typeof value.path === 'string') template.value = `${req.baseUrl}${value.path}`;
    },
  });
  return template;
}

/** Requests no route answered, grouped by kind. */
function kindOf(req: Request, contentType: string): string {
  if (req.originalUrl.startsWith('/api/')) return '/api (sans route)';
  if (contentType.startsWith('text/html')) return 'page';
  return 'static';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN. Anyone else
 * gets the site's plain 404: the endpoint's existence is not advertised.
 */
export function metricsRoutes(metrics: Metrics, token: string): Router {
  const router = Router();
  router.get('/metrics', async (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) return next();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
