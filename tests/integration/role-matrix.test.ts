import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '#shared/roles';
import { requireAccess } from '#server/http/require-auth';
import { seedDatabase } from '#server/seed/seed-database';
import { login, openApiHarness, ROLE_EMAILS, type ApiHarness } from '../helpers/api-harness';
import { apiRoutes, PUBLIC_ROUTES, type ApiRoute } from '../helpers/api-routes';
import { snapshot } from '../helpers/db-snapshot';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The role matrix (docs/product-rules.md, "Roles and access"; docs/decisions/0034-staff-roles.md):
 * every route of the live /api router (tests/helpers/api-routes.ts) against the policy
 * written below, route by route and role by role, three ways:
 * - every route that is not public carries a guard's access (a route added without one fails);
 * - the roles its guards let through (shared/roles.ts) are the policy's, no more, no less;
 * - signed in as each role, a role outside the policy gets 403 with the exact message and
 *   changes no row and no file; a role inside gets neither 401 nor 403.
 * The policy is written out here, apart from shared/roles.ts, so that widening an access
 * there without meaning to fails here.
 */

const FORBIDDEN = { message: "Vous n'avez pas les droits nécessaires pour cette action." };

const EVERY_ROLE: readonly Role[] = ['admin', 'commercial', 'chantier', 'editeur'];
const ADMIN: readonly Role[] = ['admin'];
const LEADS: readonly Role[] = ['admin', 'commercial'];
const CATALOGUE: readonly Role[] = ['admin', 'editeur'];
const CATALOGUE_READ: readonly Role[] = ['admin', 'editeur', 'commercial'];
const SITES_READ: readonly Role[] = ['admin', 'commercial', 'chantier'];
const SITES_WRITE: readonly Role[] = ['admin', 'chantier'];
const TRASH: readonly Role[] = ['admin', 'editeur', 'chantier'];
const STATISTICS: readonly Role[] = ['admin', 'commercial'];

const allowed = (roles: readonly Role[], keys: string[]) => keys.map((key) => [key, roles] as const);

const SUBMISSION = '/admin/project-submissions/:id';
const SITE_UPDATES = `${SUBMISSION}/updates`;

/** Route key (method and path, every param `:id`) -> the roles that may call it. */
const POLICY = new Map<string, readonly Role[]>([
  // One's own account and session, and the dashboard (each role its own counts).
  ...allowed(EVERY_ROLE, [
    'GET /auth/user',
    'PUT /auth/user',
    'POST /auth/logout',
    'POST /auth/refresh',
    'GET /admin/stats',
    // The one search: every role, each finding only its kinds (docs/product-rules.md, "Search across the back office").
    'GET /admin/search',
  ]),
  // The administrator's own: accounts, outbox, diagnostics, and what destroys a client's record.
  ...allowed(ADMIN, [
    'POST /auth/register',
    'GET /admin/users',
    'POST /admin/users',
    'PATCH /admin/users/:id',
    'POST /admin/users/:id/invitation',
    'GET /admin/activity',
    'GET /admin/activity/export.csv',
    'GET /admin/activity/users',
    'GET /admin/outbox',
    'POST /admin/outbox/:id/retry',
    'POST /admin/outbox/bulk',
    'GET /test-images',
    'GET /diagnostic/system',
    'GET /diagnostic/smtp',
    'GET /diagnostic/legal-identity',
    'GET /diagnostic/redis',
    'GET /diagnostic/images',
    'POST /diagnostic/repair-storage',
    `DELETE ${SUBMISSION}`,
    'DELETE /admin/contact-messages/:id',
    // Purging the trash for good (docs/product-rules.md, "Trash").
    'DELETE /admin/trash',
    'DELETE /admin/trash/:id/:id',
  ]),
  // The site's audience and conversions: the people who sell (docs/product-rules.md, "The statistics screen").
  ...allowed(STATISTICS, [
    'GET /admin/stats/traffic',
    'GET /admin/stats/conversions',
    'GET /admin/stats/export.csv',
  ]),
  // The trash: every role that deletes something; each sees and restores its own kinds.
  ...allowed(TRASH, ['GET /admin/trash', 'POST /admin/trash/:id/:id/restore']),
  // Requests and messages: the commercial's work, with the clients' personal data.
  ...allowed(LEADS, [
    'GET /admin/project-submissions',
    'GET /admin/project-submissions/export.csv',
    `GET ${SUBMISSION}`,
    `PATCH ${SUBMISSION}/status`,
    `GET ${SUBMISSION}/download`,
    `GET ${SUBMISSION}/events`,
    `POST ${SUBMISSION}/tracking-link`,
    'GET /admin/contact-messages',
    'GET /admin/contact-messages/export.csv',
    'GET /admin/contact-messages/:id',
    'PATCH /admin/contact-messages/:id',
    'GET /admin/assignees',
    `PATCH ${SUBMISSION}/assignee`,
    'PATCH /admin/contact-messages/:id/assignee',
    // Bulk actions: the leads' own; their 'delete' asks for operator inside (403 otherwise).
    'POST /admin/project-submissions/bulk',
    'POST /admin/contact-messages/bulk',
  ]),
  // Building sites: read by whoever follows them, written by the site manager.
  ...allowed(SITES_READ, [
    'GET /admin/site-updates',
    `GET ${SITE_UPDATES}`,
    `GET ${SITE_UPDATES}/photos/:id`,
  ]),
  ...allowed(SITES_WRITE, [
    `POST ${SITE_UPDATES}`,
    `POST ${SITE_UPDATES}/:id`,
    `PUT ${SITE_UPDATES}/:id`,
    `DELETE ${SITE_UPDATES}/:id`,
  ]),
  // A preview link of a draft: whoever reads the drafts (docs/product-rules.md, "Drafts and scheduled publishing").
  ...allowed(CATALOGUE_READ, ['POST /admin/preview/:id/:id']),
  // The catalogue and the content: the editor's work.
  // The versions of the catalogue's items: read as the staff read it, restored by its writers.
  ...allowed(CATALOGUE_READ, ['GET /admin/revisions/:id/:id']),
  // The content's lists read on the server, and their bulk actions (docs/product-rules.md, "Bulk actions").
  ...allowed(CATALOGUE_READ, ['GET /admin/projects', 'GET /admin/promotions', 'GET /admin/testimonials']),
  ...allowed(CATALOGUE, [
    'POST /admin/projects/bulk',
    'POST /admin/promotions/bulk',
    'POST /admin/testimonials/bulk',
  ]),
  // The offers' server lists (docs/product-rules.md, "Lists of the back office"): read as the
  // staff read the catalogue, acted on in bulk by its writers.
  ...allowed(
    CATALOGUE_READ,
    ['/parcels', '/flotte-immobiliere', '/biens-immobiliers'].map((base) => `GET /admin${base}`),
  ),
  ...allowed(
    CATALOGUE,
    ['/parcels', '/flotte-immobiliere', '/biens-immobiliers'].map((base) => `POST /admin${base}/bulk`),
  ),
  // The back office's catalogue lists, read on the server, and their bulk actions
  // (docs/product-rules.md, "Lists of the back office", "Bulk actions").
  ...allowed(CATALOGUE_READ, ['GET /admin/products', 'GET /admin/categories']),
  ...allowed(CATALOGUE, ['POST /admin/products/bulk', 'POST /admin/categories/bulk']),
  ...allowed(CATALOGUE, [
    'POST /admin/revisions/:id/restore',
    'POST /upload-image',
    'POST /categories',
    'PUT /categories/:id',
    'DELETE /categories/:id',
    'PATCH /testimonials/:id/published',
    ...[
      '/products',
      '/projects',
      '/promotions',
      '/testimonials',
      '/parcels',
      '/flotte-immobiliere',
      '/biens-immobiliers',
    ].flatMap((base) => [`POST ${base}`, `POST ${base}/:id`, `PUT ${base}/:id`, `DELETE ${base}/:id`]),
  ]),
]);

/** These end the session they are called with: each allowed call gets a fresh sign-in. */
const ENDS_SESSION = new Set(['POST /auth/logout', 'POST /auth/refresh']);

const sorted = (roles: readonly string[]) => [...roles].sort();

describe.each(testEngines())('role matrix on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let routes: ApiRoute[];
  let guarded: ApiRoute[];
  const tokens = {} as Record<Role, string>;

  function send(route: ApiRoute, token: string) {
    const req = request(app)[route.method](route.url).set('Authorization', `Bearer ${token}`);
    return route.method === 'get' || route.method === 'delete' ? req : req.send({});
  }

  beforeAll(async () => {
    api = await openApiHarness(engine, {
      env: { SUBMISSION_RATE_LIMIT: '1000' },
      // Real rows (ids 1 and up exist), so a refused write would have something to harm.
      prepare: (testDb, env) =>
        seedDatabase(testDb.knex, env.config, { output: { stdout: () => {}, stderr: () => {} } }),
    });
    ({ db, app } = api);
    // Request 1 approved: the site manager's calls then reach the handlers, not the 404 of
    // a request outside its reach.
    await db.knex('project_submissions').where({ id: 1 }).update({ status: 'approved' });
    for (const role of ROLES) tokens[role] = await api.tokenFor(role);
    routes = apiRoutes(app);
    guarded = routes.filter((route) => !PUBLIC_ROUTES.has(route.key));
  }, 120_000);
  afterAll(() => api.cleanup());

  it('finds a guard with its access on every route that is not public', () => {
    expect(guarded.length).toBeGreaterThan(50);
    expect(guarded.filter((route) => route.accesses.length === 0).map((route) => route.key)).toEqual([]);
  });

  it("reads a guard's access on the route or on a router mounted in front of it, and sees a route without one", () => {
    const deps = { config: api.env.config, db: db.knex };
    const probe = express();
    const router = express.Router();
    const privateOnes = express.Router();
    privateOnes.use(requireAccess(deps, 'leads'));
    privateOnes.get('/fiches/:id', (_req, res) => void res.json({}));
    router.use('/prive', privateOnes);
    router.delete('/produits/:id', requireAccess(deps, 'catalogue'), (_req, res) => void res.json({}));
    router.post('/oubli', (_req, res) => void res.json({}));
    probe.use('/api', router);
    expect(apiRoutes(probe).map((route) => `${route.key} [${route.accesses.join(', ')}]`)).toEqual([
      'GET /prive/fiches/:id [leads]',
      'DELETE /produits/:id [catalogue]',
      'POST /oubli []',
    ]);
  });

  it('has a policy for every guarded route, and none for a route that does not exist', () => {
    const keys = new Set(guarded.map((route) => route.key));
    expect([...keys].filter((key) => !POLICY.has(key)).sort(), 'routes sans politique').toEqual([]);
    expect([...POLICY.keys()].filter((key) => !keys.has(key)).sort(), 'politique sans route').toEqual([]);
  });

  it("lets through, by each route's guards, exactly the policy's roles", () => {
    const mismatches = guarded
      .map((route) => ({
        key: route.key,
        guards: sorted(ROLES.filter((role) => route.accesses.every((access) => can(role, access)))),
        policy: sorted(POLICY.get(route.key) ?? []),
      }))
      .filter((row) => JSON.stringify(row.guards) !== JSON.stringify(row.policy));
    expect(mismatches).toEqual([]);
  });

  it('answers 403 with the message to every role outside the policy, and changes nothing', async () => {
    const before = await snapshot(db.knex, api.layout.root);
    const failures: string[] = [];
    let calls = 0;
    for (const route of guarded) {
      const outside = ROLES.filter((role) => !POLICY.get(route.key)?.includes(role));
      // The roles of one route at once: refused calls touch nothing, so they cannot collide.
      const answers = await Promise.all(outside.map((role) => send(route, tokens[role])));
      calls += answers.length;
      answers.forEach((response, i) => {
        if (response.status !== 403 || JSON.stringify(response.body) !== JSON.stringify(FORBIDDEN))
          failures.push(`${outside[i]} ${route.key} : ${response.status} ${JSON.stringify(response.body)}`);
      });
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(100);
    expect(await snapshot(db.knex, api.layout.root)).toEqual(before);
  });

  it('answers neither 401 nor 403 to every role inside the policy', async () => {
    const failures: string[] = [];
    // The administrator last: its deletions would leave the others' calls nothing to reach.
    for (const role of ['chantier', 'editeur', 'commercial', 'admin'] as const) {
      const mine = guarded.filter((route) => POLICY.get(route.key)?.includes(role));
      // The session-ending calls after the others, each with a sign-in of its own.
      const ordered = [
        ...mine.filter((route) => !ENDS_SESSION.has(route.key)),
        ...mine.filter((route) => ENDS_SESSION.has(route.key)),
      ];
      for (const route of ordered) {
        const token = ENDS_SESSION.has(route.key) ? await login(app, ROLE_EMAILS[role]) : tokens[role];
        const response = await send(route, token);
        if (response.status === 401 || response.status === 403)
          failures.push(`${role} ${route.key} : ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
