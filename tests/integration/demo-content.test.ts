import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '#server/config';
import { migrateLatest, migrateUpTo } from '#server/db/migrate';
import { seedDatabase } from '#server/seed/seed-database';
import { SEEDED_TABLES, seedIsNeeded } from '#server/seed/seed-needed';
import { seedOnStart } from '#server/seed/seed-on-start';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * Demo content only when asked for (docs/product-rules.md, "Demo content";
 * docs/decisions/0038-demo-content-once.md): the first start of a database decides, records
 * its decision in `site_state`, and no later start adds demo content, whatever DEMO_CONTENT
 * then says and whichever tables the staff emptied. `seedOnStart` is what server/index.ts
 * runs on every start; `seedDatabase` is what `npm run seed` runs.
 */

/** Everything a visitor or the staff could see as content, the seeded tables and their children. */
const CONTENT_TABLES = [
  ...SEEDED_TABLES,
  'project_images',
  'submission_attachments',
  'submission_events',
  'site_updates',
  'contact_messages',
] as const;

/** Deleted children first: a category still holding products cannot go (RESTRICT). */
const EMPTYING_ORDER = [
  'testimonials',
  'project_submissions',
  'projects',
  'promotions',
  'miscellaneous_goods',
  'fleet_properties',
  'parcels',
  'products',
  'categories',
] as const;

/** Drawing the demo's images takes a while on a busy 2-core machine (seed.test.ts waits as long). */
const SEEDING_MS = 180_000;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A configuration with its own storage, as a start would read it from the environment. */
function startConfig(env: Record<string, string> = {}): Config {
  const dir = mkdtempSync(path.join(tmpdir(), 'edifier-demo-'));
  dirs.push(dir);
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-1234567890',
    STORAGE_DIR: path.join(dir, 'storage'),
    ADMIN_EMAIL: 'direction@edifier.test',
    ADMIN_PASSWORD: 'mot-de-passe-solide',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

const quiet = { output: { stdout: () => {}, stderr: () => {} } };

async function counts(db: TestDb): Promise<Record<string, number>> {
  const entries = await Promise.all(
    [...CONTENT_TABLES, 'users'].map(async (table) => {
      const row = await db.knex(table).count({ n: '*' }).first();
      return [table, Number(row?.n)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const zeroContent = Object.fromEntries(CONTENT_TABLES.map((table) => [table, 0]));

async function recorded(db: TestDb): Promise<string | null> {
  const row = await db.knex('site_state').where({ name: 'initial_content' }).first('value');
  return (row?.value as string | undefined) ?? null;
}

describe.each(testEngines())('demo content on $name', (engine) => {
  describe('DEMO_CONTENT=on', () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await engine.open({ migrate: true });
    });
    afterAll(() => db?.cleanup());

    it('the first start adds the demo content once and records it', { timeout: SEEDING_MS }, async () => {
      const config = startConfig({ DEMO_CONTENT: 'on' });
      expect(await seedIsNeeded(db.knex)).toBe(true);
      const first = await seedOnStart(db.knex, config, quiet);
      expect(first).toEqual({
        admin: { status: 'created', email: 'direction@edifier.test', password: 'from-config' },
        demo: 'added',
      });
      const after = await counts(db);
      for (const table of SEEDED_TABLES) expect(after[table], table).toBeGreaterThan(0);
      expect(after.users).toBe(1);
      expect(await recorded(db)).toBe('demo');
      // The cheap check of every later start: nothing to do.
      expect(await seedIsNeeded(db.knex)).toBe(false);

      expect(await seedOnStart(db.knex, config, quiet)).toEqual({ admin: null, demo: 'decided-before' });
      expect(await counts(db)).toEqual(after);
    });

    it('restarts after the staff emptied every seeded table add nothing, whatever DEMO_CONTENT says', async () => {
      for (const table of EMPTYING_ORDER) await db.knex(table).del();
      expect(await counts(db)).toEqual({ ...zeroContent, users: 1 });

      const restarts: Array<Record<string, string>> = [{ DEMO_CONTENT: 'on' }, { DEMO_CONTENT: 'on' }, {}];
      for (const env of restarts) {
        expect(await seedIsNeeded(db.knex)).toBe(false);
        await seedOnStart(db.knex, startConfig(env), quiet);
        expect(await counts(db)).toEqual({ ...zeroContent, users: 1 });
      }
      expect(await recorded(db)).toBe('demo');
    });
  });

  describe('DEMO_CONTENT=off', () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await engine.open({ migrate: true });
    });
    afterAll(() => db?.cleanup());

    it('the first start of an empty database creates the administrator and no content, and records it', async () => {
      const lines: string[] = [];
      const outcome = await seedOnStart(db.knex, startConfig({ DEMO_CONTENT: 'off' }), {
        ...quiet,
        log: (line) => lines.push(line),
      });
      expect(outcome).toEqual({
        admin: { status: 'created', email: 'direction@edifier.test', password: 'from-config' },
        demo: 'declined',
      });
      expect(await counts(db)).toEqual({ ...zeroContent, users: 1 });
      expect(await recorded(db)).toBe('none');
      expect(lines).toEqual([
        expect.stringContaining('Contenu de démonstration non ajouté (DEMO_CONTENT=off)'),
      ]);
    });

    it('a later start with DEMO_CONTENT=on still adds nothing', async () => {
      expect(await seedIsNeeded(db.knex)).toBe(false);
      for (let start = 0; start < 2; start++) {
        await seedOnStart(db.knex, startConfig({ DEMO_CONTENT: 'on' }), quiet);
        expect(await counts(db)).toEqual({ ...zeroContent, users: 1 });
      }
      expect(await recorded(db)).toBe('none');
    });

    it(
      'npm run seed adds the demo content on demand even so, and records it',
      { timeout: SEEDING_MS },
      async () => {
        const report = await seedDatabase(db.knex, startConfig({ DEMO_CONTENT: 'off' }), quiet);
        expect(report.admin).toEqual({ status: 'existing' });
        const after = await counts(db);
        for (const table of SEEDED_TABLES) {
          expect(after[table], table).toBeGreaterThan(0);
          expect(report.inserted[table], table).toBe(after[table]);
        }
        expect(await recorded(db)).toBe('demo');
      },
    );
  });

  describe('production without an administrator password', () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await engine.open({ migrate: true });
    });
    afterAll(() => db?.cleanup());

    it('records the decision at the first start, so the start that finally creates the administrator adds no demo', async () => {
      const production = { NODE_ENV: 'production', ADMIN_PASSWORD: '', ADMIN_EMAIL: '' };
      const first = await seedOnStart(db.knex, startConfig(production), quiet);
      expect(first).toEqual({ admin: { status: 'missing' }, demo: 'declined' });
      expect(await recorded(db)).toBe('none');
      // No account yet: the next start still has something to do, the administrator only.
      expect(await seedIsNeeded(db.knex)).toBe(true);
      const second = await seedOnStart(db.knex, startConfig({ DEMO_CONTENT: 'on' }), quiet);
      expect(second.demo).toBe('decided-before');
      expect(second.admin).toMatchObject({ status: 'created' });
      expect(await counts(db)).toEqual({ ...zeroContent, users: 1 });
    });
  });

  describe('a database migrated from before the record existed', () => {
    let db: TestDb;
    afterEach(() => db?.cleanup());

    it('has its users, is recorded as decided by the migration, and never gets the demo content', async () => {
      db = await engine.open();
      await migrateUpTo(db.knex, '022-activity-log');
      const stamp = '2026-01-05 10:00:00';
      await db.knex('users').insert({
        name: 'Gérante',
        email: 'gerante@edifier.test',
        password_hash: 'x',
        role: 'admin',
        created_at: stamp,
        updated_at: stamp,
      });
      await migrateLatest(db.knex);
      expect(await recorded(db)).toBe('before-trash-migration');
      expect(await seedIsNeeded(db.knex)).toBe(false);
      for (let start = 0; start < 2; start++) {
        await seedOnStart(db.knex, startConfig({ DEMO_CONTENT: 'on' }), quiet);
        expect(await counts(db)).toEqual({ ...zeroContent, users: 1 });
      }
    });
  });
});
