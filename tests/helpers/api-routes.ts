import type express from 'express';
import type { Access } from '#shared/roles';

/**
 * Every route of the app's /api router, read from the router itself when a test runs, so
 * that a route added later is found without anyone listing it (the 401 sweep and the role
 * matrix, tests/integration/route-guard-sweep.test.ts and role-matrix.test.ts). With each
 * route, the accesses its guards carry (server/http/require-auth.ts: `guard.access`), those
 * of the route's own handlers and of any guard a router mounts in front of it.
 *
 *   const routes = apiRoutes(app);   // [{ method: 'get', key: 'GET /products/:id', url: '/api/products/1', accesses: [] }, ...]
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export const ALL_METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

/** Method and path as registered, every `:param` written `:id`. */
export const PUBLIC_ROUTES = new Set([
  // Product rules, Corrections of the original: the catalogue, categories,
  // promotions and offers load without a token; projects are the public portfolio.
  ...[
    '/products',
    '/categories',
    '/promotions',
    '/projects',
    '/parcels',
    '/flotte-immobiliere',
    '/biens-immobiliers',
  ].flatMap((base) => [`GET ${base}`, `GET ${base}/:id`]),
  // docs/product-rules.md, "Testimonials": the published ones are read without a token.
  'GET /testimonials',
  'GET /testimonials/:id',
  // Product rules, API: images are read without a token.
  'GET /serve-image/*path',
  'GET /images/*path',
  // Liveness and readiness (product rules: /health-check is public).
  'GET /health-check',
  'GET /ready',
  // Product rules: the writes without a token (docs/product-rules.md, "Contact form" and
  // "Tracking link" for the last two).
  'POST /auth/login',
  'POST /submit-project',
  'POST /contact-messages',
  'POST /tracking-links/resend',
  // docs/product-rules.md, "Staff accounts": the one-use links' pages and the forgotten password.
  'POST /auth/accept-invitation',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
]);

export interface ApiRoute {
  method: Method;
  /** As registered, e.g. `/products/:id`. */
  path: string;
  /** Registered path with every param written `:id`, as PUBLIC_ROUTES. */
  key: string;
  /** A concrete URL under /api. */
  url: string;
  /** The accesses of the route's guards, in order; empty for a route without a guard. */
  accesses: Access[];
}

/** The parts of Express 5 (router 2) layers the walk reads. */
interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean | undefined>; stack?: LayerLike[] };
  handle?: { stack?: LayerLike[]; access?: Access };
}

function mountPaths(raw: unknown): string[] {
  if (raw === undefined || raw === '/') return [''];
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.flatMap(mountPaths);
  // A RegExp or anything else: the walk could not build a URL, so it must not guess.
  throw new Error(`Chemin de route non pris en charge par le balayage : ${String(raw)}`);
}

function methodsOf(route: NonNullable<LayerLike['route']>): Method[] {
  const declared = Object.keys(route.methods).filter((m) => route.methods[m]);
  if (declared.includes('_all')) return ALL_METHODS;
  const unknown = declared.filter((m) => m !== 'head' && !ALL_METHODS.includes(m as Method));
  if (unknown.length > 0)
    throw new Error(`Méthode non balayée : ${unknown.join(', ')} sur ${String(route.path)}`);
  return declared.filter((m): m is Method => ALL_METHODS.includes(m as Method));
}

const accessOf = (layer: LayerLike): Access[] => (layer.handle?.access ? [layer.handle.access] : []);

type Found = Omit<ApiRoute, 'key' | 'url'>;

/**
 * A guard a router mounts with `use` (`router.use('/admin', guard)`) runs before the routes
 * registered after it under its path: those routes carry its access too.
 */
function collectRoutes(
  stack: LayerLike[],
  prefix = '',
  inherited: { under: string; access: Access }[] = [],
): Found[] {
  const routes: Found[] = [];
  const guards = [...inherited];
  for (const layer of stack) {
    if (layer.route) {
      const own = (layer.route.stack ?? []).flatMap(accessOf);
      for (const routePath of mountPaths(layer.route.path)) {
        const path = `${prefix}${routePath}`;
        const before = guards.filter(
          (g) => path === g.under || path.startsWith(`${g.under}/`) || g.under === '',
        );
        for (const method of methodsOf(layer.route))
          routes.push({ method, path, accesses: [...before.map((g) => g.access), ...own] });
      }
    } else if (layer.handle?.stack) {
      for (const mount of mountPaths(layer.rawPath))
        routes.push(...collectRoutes(layer.handle.stack, `${prefix}${mount}`, guards));
    } else if (layer.handle?.access) {
      for (const mount of mountPaths(layer.rawPath))
        guards.push({ under: `${prefix}${mount}`, access: layer.handle.access });
    }
    // Other layers are middleware (body parsers, the JSON 404): not routes.
  }
  return routes;
}

/** path-to-regexp 8 syntax: `:name` params, `*name` wildcards, `{...}` optional parts. */
function concreteUrl(routePath: string): string {
  return `/api${routePath
    .replace(/[{}]/g, '')
    .replace(/:(\w+)/g, '1')
    .replace(/\*(\w+)/g, 'products/absent.jpg')}`;
}

export function apiRoutes(app: express.Express): ApiRoute[] {
  const appStack = (app as unknown as { router: { stack: LayerLike[] } }).router.stack;
  const apiLayer = appStack.find((layer) => layer.rawPath === '/api' && layer.handle?.stack);
  if (!apiLayer?.handle?.stack) throw new Error('Routeur /api introuvable');
  return collectRoutes(apiLayer.handle.stack).map((route) => ({
    ...route,
    key: `${route.method.toUpperCase()} ${route.path.replace(/:(\w+)/g, ':id')}`,
    url: concreteUrl(route.path),
  }));
}
