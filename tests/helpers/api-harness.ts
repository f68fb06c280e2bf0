import type express from 'express';
import type { Knex } from 'knex';
import request from 'supertest';
import type { Role } from '#shared/roles';
import { createApp } from '#server/app';
import { upsertAdministrator } from '#server/auth/admin-account';
import { toDbDateTime } from '#server/db/dialect';
import { ensureStorageLayout, type StorageLayout } from '#server/storage/layout';
import { storageFor } from '#server/storage/storage-for';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { silentLogger, testConfig, type TestConfig } from './test-config';
import type { TestDb, TestEngine } from './test-db';

/**
 * The API under test on one engine: a migrated throw-away database, a test configuration
 * with its own storage folder, the app, two signed-in accounts, an administrator and an
 * account whose role is none of the four (`editorToken`, for the 403 cases: every guard
 * refuses it), and one account per staff role, signed in on demand with `tokenFor(role)`.
 *
 *   describe.each(testEngines())('products on $name', (engine) => {
 *     let api: ApiHarness;
 *     beforeAll(async () => { api = await openApiHarness(engine); });
 *     afterAll(() => api.cleanup());
 *   });
 */

export const PASSWORD = 'Chantier-2011!';
export const ADMIN_EMAIL = 'admin@edifier.test';
/** The account whose role, 'editor', is not one of shared/roles.ts: a signed-in outsider. */
export const EDITOR_EMAIL = 'editeur@edifier.test';
/** The account of each staff role (the administrator's is ADMIN_EMAIL). */
export const ROLE_EMAILS: Record<Role, string> = {
  admin: ADMIN_EMAIL,
  commercial: 'commercial@edifier.test',
  chantier: 'chantier@edifier.test',
  editeur: 'role-editeur@edifier.test',
};
export const ROLE_NAMES: Record<Role, string> = {
  admin: 'Awa Admin',
  commercial: 'Clément Commercial',
  chantier: 'Chantal Chantier',
  editeur: 'Édith Éditrice',
};

export interface ApiHarnessOptions {
  /** Extra environment for the configuration, e.g. `{ SUBMISSION_RATE_LIMIT: '1000' }`. */
  env?: Record<string, string>;
  /** Create the storage folders before the app starts (default true). */
  ensureStorage?: boolean;
  /** Runs on the migrated database before the accounts and the app, e.g. the seed. */
  prepare?: (db: TestDb, env: TestConfig) => Promise<unknown>;
}

export interface ApiHarness {
  db: TestDb;
  env: TestConfig;
  layout: StorageLayout;
  app: express.Express;
  adminToken: string;
  editorToken: string;
  /** A signed-in token of the role's account (ROLE_EMAILS), signed in once per harness. */
  tokenFor(role: Role): Promise<string>;
  /** Drops the database and removes the storage folder. Call once, in afterAll. */
  cleanup(): Promise<void>;
}

/** The administrator as the admin script makes it, and the outsider with the same password. */
async function createAccounts(knex: Knex): Promise<void> {
  await upsertAdministrator(knex, { email: ADMIN_EMAIL, password: PASSWORD, name: 'Awa Admin' });
  // Same password hash (bcrypt is slow: one hash per file).
  const admin = await knex('users').where({ email: ADMIN_EMAIL }).first('password_hash');
  const stamp = toDbDateTime(new Date());
  await knex('users').insert({
    name: 'Éric Éditeur',
    email: EDITOR_EMAIL,
    password_hash: admin.password_hash,
    role: 'editor',
    created_at: stamp,
    updated_at: stamp,
  });
}

/**
 * The account of a staff role, created the first time a test asks for it (so that the
 * files that never do keep the two accounts they count on), with the administrator's hash.
 */
async function signInAs(app: express.Express, knex: Knex, role: Role): Promise<string> {
  const admin = await knex('users').where({ email: ADMIN_EMAIL }).first('password_hash');
  const stamp = toDbDateTime(new Date());
  await knex('users').insert({
    name: ROLE_NAMES[role],
    email: ROLE_EMAILS[role],
    password_hash: admin.password_hash,
    role,
    created_at: stamp,
    updated_at: stamp,
  });
  return login(app, ROLE_EMAILS[role]);
}

/** Signs in through the API, as a client would. */
export async function login(app: express.Express, email: string): Promise<string> {
  const response = await request(app).post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
  return response.body.access_token as string;
}

export async function openApiHarness(
  engine: TestEngine,
  options: ApiHarnessOptions = {},
): Promise<ApiHarness> {
  const db = await engine.open({ migrate: true });
  const env = testConfig(db.database, options.env);
  const cleanup = async () => {
    await db.cleanup();
    env.dispose();
  };
  try {
    const layout = storageFor(env.config);
    if (options.ensureStorage ?? true) ensureStorageLayout(layout);
    await options.prepare?.(db, env);
    const app = createApp({ config: env.config, db: db.knex, logger: silentLogger(), root: process.cwd() });
    await createAccounts(db.knex);
    const adminToken = await login(app, ADMIN_EMAIL);
    const tokens = new Map<Role, Promise<string>>([['admin', Promise.resolve(adminToken)]]);
    return {
      db,
      env,
      layout,
      app,
      adminToken,
      editorToken: await login(app, EDITOR_EMAIL),
      tokenFor(role) {
        if (!tokens.has(role)) tokens.set(role, signInAs(app, db.knex, role));
        return tokens.get(role)!;
      },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The production build's renderer on the harness's database and configuration (`npm run build` first). */
export function builtRenderer(api: ApiHarness): Promise<SsrRenderer> {
  return createRenderer({
    config: api.env.config,
    db: api.db.knex,
    logger: silentLogger(),
    root: process.cwd(),
    mode: 'build',
  });
}
