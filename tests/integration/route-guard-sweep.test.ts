import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '#server/seed/seed-database';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { apiRoutes, PUBLIC_ROUTES, type ApiRoute, type Method } from '../helpers/api-routes';
import { snapshot } from '../helpers/db-snapshot';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The security regression sweep of product rules, API (product rules, Security): every
 * route of the /api router, read from the router itself when the test runs
 * (tests/helpers/api-routes.ts), so a route added later is swept without anyone listing it.
 * Each answers 401 without a token, and 403 to a signed-in account whose role is none of
 * the staff's (docs/product-rules.md, "Roles and access"), unless it is one of the public
 * routes; the public ones answer neither 401 nor 403, with or without a token. Neither
 * sweep may change a row or a file. Which staff role reaches which route is the role
 * matrix's (role-matrix.test.ts).
 *
 * Adding a public route means adding it to PUBLIC_ROUTES, on purpose, next to the product
 * rule that allows it.
 */

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

const FORBIDDEN = { message: "Vous n'avez pas les droits nécessaires pour cette action." };

describe.each(testEngines())('route guard sweep on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let routes: ApiRoute[];
  let editorToken: string;

  function send(route: ApiRoute, method: Method | 'head' = route.method, token?: string) {
    let req = request(app)[method](route.url);
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    return method === 'get' || method === 'head' || method === 'delete' ? req : req.send({});
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
    const before = await snapshot(db.knex, api.layout.root);
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
    expect(await snapshot(db.knex, api.layout.root)).toEqual(before);
  });

  it('answers 403 to a signed-in account of no staff role on every route but the public ones, and changes nothing', async () => {
    const before = await snapshot(db.knex, api.layout.root);
    const failures: string[] = [];
    for (const route of routes) {
      const response = await send(route, route.method, editorToken);
      if (PUBLIC_ROUTES.has(route.key)) {
        if (response.status === 401 || response.status === 403)
          failures.push(`${route.key} : ${response.status} pour un compte sans rôle`);
      } else if (response.status !== 403 || JSON.stringify(response.body) !== JSON.stringify(FORBIDDEN)) {
        failures.push(`${route.method} ${route.url} : ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(db.knex, api.layout.root)).toEqual(before);
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
