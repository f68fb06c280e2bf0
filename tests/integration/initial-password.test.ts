import { existsSync, readFileSync, statSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { upsertAdministrator } from '#server/auth/admin-account';
import { initialPasswordPath } from '#server/auth/initial-password';
import { ensureAdmin } from '#server/seed/seed-admin';
import { ensureStorageLayout, storageLayout } from '#server/storage/layout';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The generated administrator password is kept in storage/ for its owner only, until that
 * account signs in (docs/decisions/0013-typescript-configs-and-runtime-image.md).
 */
describe.each(testEngines())('the generated administrator password file on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let file: string;
  let printed = '';

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database);
    ensureStorageLayout(storageLayout(env.config.storageDir));
    file = initialPasswordPath(env.config.storageDir);
    const outcome = await ensureAdmin(db.knex, env.config, {
      stdout: (text) => void (printed += text),
      stderr: (text) => void (printed += text),
    });
    expect(outcome).toEqual({ status: 'created', email: 'admin@edifier-btp.bj', password: 'generated' });
  });

  afterAll(async () => {
    await db?.cleanup();
    env?.dispose();
  });

  it('writes the printed password to storage/ with mode 0600, keeps it through other sign-ins, and deletes it at the first sign-in of that account', async () => {
    const password = /Mot de passe : (\S+)/.exec(printed)?.[1] ?? '';
    expect(password).toHaveLength(16);
    expect(printed).toContain(file);

    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('admin@edifier-btp.bj');
    expect(text).toContain(`Mot de passe : ${password}`);

    const app = createApp({ config: env.config, db: db.knex, logger: silentLogger(), root: process.cwd() });
    const signIn = (email: string, pass: string) =>
      request(app).post('/api/auth/login').send({ email, password: pass });

    // A wrong password and another account's sign-in leave the file where it is.
    await signIn('admin@edifier-btp.bj', 'pas-le-bon-mot-de-passe').expect(401);
    await upsertAdministrator(db.knex, {
      email: 'autre@edifier.test',
      password: 'Chantier-2011!',
      name: 'Autre',
    });
    await signIn('autre@edifier.test', 'Chantier-2011!').expect(200);
    expect(existsSync(file)).toBe(true);

    const answer = await signIn('admin@edifier-btp.bj', password).expect(200);
    expect(answer.body.access_token).toEqual(expect.any(String));
    expect(existsSync(file)).toBe(false);
  });
});
