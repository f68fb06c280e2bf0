import { readdirSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { upsertAdministrator } from '#server/auth/admin-account';
import { hasherThreadIds } from '#server/auth/password-hasher';
import { createLogger } from '#server/logger';
import { testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * One anonymous client against the sign-in: the per-client limit (its default here, not
 * the test configuration's raised one), password checks in worker threads, and no token
 * written to the access log.
 */
describe.each(testEngines())('sign-in flood on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let app: express.Express;
  const logLines: string[] = [];
  const PASSWORD = 'Chantier-2011!';

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database, {
      LOGIN_CLIENT_MAX_ATTEMPTS: '20',
      LOGIN_CLIENT_WINDOW_MINUTES: '15',
      LOG_LEVEL: 'info',
      // Clients are told apart by X-Forwarded-For, as behind the production proxy.
      TRUST_PROXY: 'true',
    });
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = createApp({
      config: env.config,
      db: db.knex,
      logger: createLogger('info', capture),
      root: process.cwd(),
    });
    await upsertAdministrator(db.knex, {
      email: 'admin@edifier.test',
      password: PASSWORD,
      name: 'Awa Admin',
    });
  });

  afterAll(async () => {
    await db.cleanup();
    env.dispose();
  });

  const login = (email: string, password: string, ip = '203.0.113.7') =>
    request(app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });

  it('checks passwords in worker threads, never on the thread that answers requests', async () => {
    await login('admin@edifier.test', PASSWORD).expect(200);
    const threads = hasherThreadIds();
    expect(threads.length).toBeGreaterThan(0);
    // The main thread's id is 0: every hasher is another thread.
    expect(threads.every((id) => id > 0)).toBe(true);
  });

  it('runs the hashing threads at the lowest scheduling priority, so pages win a busy core', async () => {
    await login('admin@edifier.test', PASSWORD).expect(200);
    // The nice value of every thread of this process: field 19 of /proc/self/task/<id>/stat,
    // the 17th after the command name's closing parenthesis.
    const niceValues = readdirSync('/proc/self/task').map((task) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
    expect(niceValues.filter((nice) => nice === 19).length).toBeGreaterThanOrEqual(hasherThreadIds().length);
    // The thread answering requests keeps its priority.
    expect(niceValues[0]).toBe(0);
  });

  it('stops one client trying random e-mails after the per-client limit, with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1)
      statuses.push((await login(`inconnu-${i}-${Math.random()}@exemple.test`, 'mauvais-mot')).status);
    // Each e-mail is new, so no account lockout applies: only the per-client limit can stop it.
    expect(statuses.every((status) => status === 401)).toBe(true);
    const refused = await login('encore@exemple.test', 'mauvais-mot').expect(429);
    expect(refused.body).toEqual({ message: 'Trop de tentatives. Réessayez dans quelques minutes.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits: the client is the one being limited.
    await login('admin@edifier.test', PASSWORD).expect(429);
    // Nothing was written for the refused attempts.
    const rows = await db.knex('login_attempts').where({ email: 'encore@exemple.test' }).count({ n: '*' });
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('keeps other clients signing in while one is limited', async () => {
    await login('admin@edifier.test', PASSWORD, '198.51.100.9').expect(200);
  });

  it('writes no token passed in a query string to the access log', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.secret-part.signature';
    await request(app).get(`/api/health-check?token=${secret}&access_token=${secret}&page=2`).expect(200);
    const line = logLines.find((text) => text.includes('/api/health-check'));
    expect(line).toBeDefined();
    expect(line).toContain('token=[masqué]');
    expect(line).toContain('page=2');
    expect(logLines.join('')).not.toContain('secret-part');
  });
});
