import { readdirSync } from 'node:fs';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '#server/db/dialect';
import { seedDatabase } from '#server/seed/seed-database';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The security regression sweep of product rules, API (product rules, Security): every
 * route of the /api router, read from the router itself when the test runs, so a route
 * added later is swept without anyone listing it. Each answers 401 without a token and 403
 * to a signed-in user who is not an administrator, unless it is one of the public routes
 * below; the public ones answer neither 401 nor 403, with or without a token.
 * Neither sweep may change a row or a file.
 *
 * Adding a public route means adding it here, on purpose, next to the product rule that allows it.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Method and path as registered, every `:param` written `:id`. */
const PUBLIC_ROUTES = new Set([
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

/** Any valid session, whatever its role, may read its own account (requireUser). */
const SIGNED_IN_ROUTES = new Set(['GET /auth/user']);

/** Routes that must be found, so that a walker that finds nothing cannot pass. */
const KNOWN_ROUTES = [
  'GET /health-check',
  'POST /auth/login',
  'POST /auth/register',
  'GET /auth/user',
  'GET /images/*path',
  'POST /upload-image',
  'GET /test-images',
  'GET /diagnostic/system',
  'GET /diagnostic/images',
  'POST /diagnostic/repair-storage',
];

const ALL_METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

interface SweptRoute {
  method: Method;
  /** As registered, e.g. `/products/:id`. */
  path: string;
  /** Registered path with every param written `:id`, as the lists above. */
  key: string;
  /** A concrete URL under /api. */
  url: string;
}

/** The parts of Express 5 (router 2) layers the walk reads. */
interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  handle?: { stack?: LayerLike[] };
}

function mountPaths(raw: unknown): string[] {
  if (raw === undefined || raw === '/') return [''];
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.flatMap(mountPaths);
  // A RegExp or anything else: the sweep could not build a URL, so it must not guess.
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

function collectRoutes(stack: LayerLike[], prefix = ''): Omit<SweptRoute, 'key' | 'url'>[] {
  const routes: Omit<SweptRoute, 'key' | 'url'>[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const routePath of mountPaths(layer.route.path)) {
        for (const method of methodsOf(layer.route)) routes.push({ method, path: `${prefix}${routePath}` });
      }
    } else if (layer.handle?.stack) {
      for (const mount of mountPaths(layer.rawPath))
        routes.push(...collectRoutes(layer.handle.stack, `${prefix}${mount}`));
    }
    // Other layers are middleware (body parsers, guards, the JSON 404): not routes.
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

function apiRoutes(app: express.Express): SweptRoute[] {
  const appStack = (app as unknown as { router: { stack: LayerLike[] } }).router.stack;
  const apiLayer = appStack.find((layer) => layer.rawPath === '/api' && layer.handle?.stack);
  if (!apiLayer?.handle?.stack) throw new Error('Routeur /api introuvable');
  return collectRoutes(apiLayer.handle.stack).map((route) => ({
    ...route,
    key: `${route.method.toUpperCase()} ${route.path.replace(/:(\w+)/g, ':id')}`,
    url: concreteUrl(route.path),
  }));
}

describe.each(testEngines())('route guard sweep on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let routes: SweptRoute[];
  let editorToken: string;

  function send(route: SweptRoute, method: Method | 'head' = route.method, token?: string) {
    let req = request(app)[method](route.url);
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    return method === 'get' || method === 'head' || method === 'delete' ? req : req.send({});
  }

  /** Every row of every table and every stored file, to prove a refused call changed nothing. */
  async function snapshot(): Promise<{ rows: Record<string, number>; files: number }> {
    const tables: string[] =
      engineOf(db.knex) === 'sqlite'
        ? await db
            .knex('sqlite_master')
            .where({ type: 'table' })
            .whereNot('name', 'like', 'sqlite_%')
            .pluck('name')
        : (
            await db.knex.raw(
              'select table_name as name from information_schema.tables where table_schema = database()',
            )
          )[0].map((row: { name: string }) => row.name);
    const rows: Record<string, number> = {};
    for (const table of tables.sort())
      rows[table] = Number((await db.knex(table).count({ n: '*' }).first())?.n);
    const files = readdirSync(api.layout.root, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    ).length;
    return { rows, files };
  }

  beforeAll(async () => {
    api = await openApiHarness(engine, {
      // Submissions are rate-limited per client: the sweep must not trip it (product rules: a setting).
      env: { SUBMISSION_RATE_LIMIT: '1000' },
      // Real rows (ids 1 and up exist), so a refused DELETE or update would have something to harm.
      prepare: (testDb, env) =>
        seedDatabase(testDb.knex, env.config, { output: { stdout: () => {}, stderr: () => {} } }),
    });
    ({ db, app, editorToken } = api);
    routes = apiRoutes(app);
  }, 120_000);
  afterAll(() => api.cleanup());

  it('finds every route of the /api router, nested routers included', () => {
    const keys = routes.map((r) => r.key);
    for (const known of KNOWN_ROUTES) expect(keys, known).toContain(known);
    expect(new Set(routes.map((r) => r.url)).size).toBeGreaterThanOrEqual(KNOWN_ROUTES.length - 1);
  });

  it('answers 401 without a token on every route but the public ones, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of routes) {
      const methods: (Method | 'head')[] = route.method === 'get' ? ['get', 'head'] : [route.method];
      for (const method of methods) {
        const response = await send(route, method);
        const isPublic = PUBLIC_ROUTES.has(route.key);
        if (isPublic && (response.status === 401 || response.status === 403))
          failures.push(`${method} ${route.url} public mais ${response.status}`);
        if (!isPublic && response.status !== 401)
          failures.push(`${method} ${route.url} : ${response.status} au lieu de 401`);
        if (
          !isPublic &&
          method !== 'head' &&
          response.body?.message !== 'Non authentifié. Veuillez vous connecter.'
        ) {
          failures.push(`${method} ${route.url} : message ${JSON.stringify(response.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 to a signed-in non-administrator on every route but the public and own-account ones, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of routes) {
      const response = await send(route, route.method, editorToken);
      if (PUBLIC_ROUTES.has(route.key) || SIGNED_IN_ROUTES.has(route.key)) {
        if (response.status === 401 || response.status === 403)
          failures.push(`${route.key} : ${response.status} pour un éditeur`);
      } else if (response.status !== 403 || response.body?.message !== 'Accès réservé aux administrateurs.') {
        failures.push(`${route.method} ${route.url} : ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a route added after the fact, proving the sweep reads the live router', async () => {
    // A throw-away app with one unguarded write: the walker must list it.
    const probe = express();
    const api = express.Router();
    const nested = express.Router();
    nested.delete('/:id', (_req, res) => void res.json({}));
    api.use('/nouveau', nested);
    probe.use('/api', api);
    expect(apiRoutes(probe).map((r) => `${r.key} -> ${r.url}`)).toEqual([
      'DELETE /nouveau/:id -> /api/nouveau/1',
    ]);
  });
});
