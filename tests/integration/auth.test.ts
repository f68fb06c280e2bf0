import express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { upsertAdministrator } from '#server/auth/admin-account';
import { hashPassword, verifyPassword } from '#server/auth/passwords';
import { fromDbDateTime, toDbDateTime } from '#server/db/dialect';
import { errorHandler } from '#server/http/error-handler';
import {
  authOf,
  optionalAuth,
  optionalAuthOf,
  readsAsStaff,
  requireAccess,
  requireAdmin,
  requireUser,
} from '#server/http/require-auth';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * /api/auth on every engine (product rules, API; product rules, Security). bcrypt at cost
 * 12 takes a quarter of a second, so accounts share one hash made once, and each situation
 * uses its own account so that lockouts and password changes do not leak into other tests.
 */

const PASSWORD = 'Chantier-2011!';
// Written out rather than imported from shared/schemas/auth.ts: a typo there must fail here.
const MESSAGES = {
  invalidCredentials: 'Identifiants incorrects. Veuillez réessayer.',
  tooManyAttempts: 'Trop de tentatives. Réessayez dans quelques minutes.',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
  tokenExpired: 'Session expirée. Veuillez vous reconnecter.',
  tokenInvalid: "Jeton d'authentification invalide. Veuillez vous reconnecter.",
  sessionRevoked: 'Session révoquée. Veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
};
const EIGHT_HOURS = 8 * 3600;
const THIRTY_DAYS = 30 * 24 * 3600;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(testEngines())('authentication on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let app: express.Express;
  let sharedHash: string;
  const ids: Record<string, number> = {};

  /** An account with the shared password; `role` defaults to admin. */
  async function account(key: string, email: string, role = 'admin'): Promise<void> {
    const stamp = toDbDateTime(new Date());
    const [id] = await db.knex('users').insert({
      name: `Compte ${key}`,
      email,
      password_hash: sharedHash,
      role,
      created_at: stamp,
      updated_at: stamp,
    });
    ids[key] = Number(id);
  }

  function login(email: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
    return request(app)
      .post('/api/auth/login')
      .send({ email, password, ...extra });
  }

  async function tokenFor(email: string, password = PASSWORD): Promise<string> {
    const response = await login(email, password).expect(200);
    return response.body.access_token as string;
  }

  const failuresOf = (email: string) =>
    db
      .knex('login_attempts')
      .where({ email, succeeded: false })
      .count({ n: '*' })
      .first()
      .then((row) => Number(row?.n));

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database);
    app = createApp({ config: env.config, db: db.knex, logger: silentLogger(), root: process.cwd() });
    // The administrator script's path for the main account; the others share one hash.
    await upsertAdministrator(db.knex, {
      email: 'Admin@Edifier.test',
      password: PASSWORD,
      name: 'Awa Admin',
    });
    ids.admin = Number((await db.knex('users').where({ email: 'admin@edifier.test' }).first('id')).id);
    sharedHash = await hashPassword(PASSWORD);
    await account('locked', 'verrou@edifier.test');
    await account('burst', 'rafale@edifier.test');
    // A role shared/roles.ts does not know: signed in, but every guard refuses it.
    await account('editor', 'redacteur@edifier.test', 'editor');
    await account('chantier', 'chantier@edifier.test', 'chantier');
    await account('commercial', 'commercial@edifier.test', 'commercial');
    await account('profile', 'profil@edifier.test');
    await account('password', 'motdepasse@edifier.test');
    await account('doomed', 'supprime@edifier.test');
    await account('long', 'long@edifier.test');
  });
  afterAll(async () => {
    await db.cleanup();
    env.dispose();
  });

  describe('POST /auth/login', () => {
    it('signs in with trimmed, case-insensitive e-mail and answers user, an 8-hour HS256 token and a recorded success', async () => {
      const response = await login('  ADMIN@edifier.TEST ').expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Object.keys(response.body).sort()).toEqual(['access_token', 'expires_in', 'token_type', 'user']);
      expect(response.body.user).toEqual({
        id: ids.admin,
        name: 'Awa Admin',
        email: 'admin@edifier.test',
        role: 'admin',
      });
      expect(response.body.token_type).toBe('Bearer');
      expect(response.body.expires_in).toBe(EIGHT_HOURS);

      const decoded = jwt.decode(response.body.access_token, { complete: true });
      expect(decoded?.header.alg).toBe('HS256');
      const payload = jwt.verify(response.body.access_token, env.config.jwtSecret, {
        algorithms: ['HS256'],
      }) as jwt.JwtPayload;
      expect(payload.sub).toBe(String(ids.admin));
      expect(payload.jti).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(payload.remember).toBe(false);
      expect(payload.exp! - payload.iat!).toBe(EIGHT_HOURS);
      expect(Math.abs(payload.iat! - nowSeconds())).toBeLessThanOrEqual(2);

      const rows = await db.knex('login_attempts').where({ email: 'admin@edifier.test' });
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].succeeded)).toBe(1);
    });

    it("keeps the session 30 days when 'Se souvenir de moi' is ticked", async () => {
      const response = await login('admin@edifier.test', PASSWORD, { remember: true }).expect(200);
      expect(response.body.expires_in).toBe(THIRTY_DAYS);
      const payload = jwt.decode(response.body.access_token) as jwt.JwtPayload;
      expect(payload.exp! - payload.iat!).toBe(THIRTY_DAYS);
      expect(payload.remember).toBe(true);
    });

    it('answers a wrong password and an unknown e-mail with the same 401, and records both as failures', async () => {
      const wrong = await login('admin@edifier.test', 'pas-le-bon-mot').expect(401);
      const unknown = await login('personne@edifier.test', PASSWORD).expect(401);
      expect(wrong.body).toEqual({ message: MESSAGES.invalidCredentials });
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.headers['content-length']).toBe(wrong.headers['content-length']);
      expect(await failuresOf('admin@edifier.test')).toBe(1);
      expect(await failuresOf('personne@edifier.test')).toBe(1);

      // A success forgets the account's failures.
      await login('admin@edifier.test').expect(200);
      expect(await failuresOf('admin@edifier.test')).toBe(0);
    });

    it('refuses a password longer than 72 bytes even when its first 72 bytes are right', async () => {
      const long = 'x'.repeat(72);
      await db
        .knex('users')
        .where({ id: ids.long })
        .update({ password_hash: await hashPassword(long) });
      await login('long@edifier.test', `${long}-suite`).expect(401, { message: MESSAGES.invalidCredentials });
      await login('long@edifier.test', long).expect(200);
    });

    it('refuses bad input with 422 and French messages, and records nothing', async () => {
      const before = await db.knex('login_attempts').count({ n: '*' }).first();
      const empty = await request(app).post('/api/auth/login').send({}).expect(422);
      expect(empty.body).toEqual({
        message: 'Erreur de validation',
        errors: { email: ["L'adresse email est requise"], password: ['Le mot de passe est requis'] },
      });
      const invalid = await login('pas-un-email', '').expect(422);
      expect(invalid.body.errors).toEqual({
        email: ['Adresse email invalide'],
        password: ['Le mot de passe est requis'],
      });
      const noBody = await request(app).post('/api/auth/login').expect(422);
      expect(noBody.body.errors.email).toEqual(["L'adresse email est requise"]);
      const after = await db.knex('login_attempts').count({ n: '*' }).first();
      expect(Number(after?.n)).toBe(Number(before?.n));
    });
  });

  describe('lockout', () => {
    it('refuses the sixth attempt with 429 and Retry-After even with the right password, until the window passes', async () => {
      for (let i = 0; i < 5; i += 1) {
        await login('verrou@edifier.test', `mauvais-${i}`).expect(401, {
          message: MESSAGES.invalidCredentials,
        });
      }
      const locked = await login('verrou@edifier.test').expect(429);
      expect(locked.body).toEqual({ message: MESSAGES.tooManyAttempts });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(590);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Refused attempts are not counted: the lock never outlives the window.
      expect(await failuresOf('verrou@edifier.test')).toBe(5);
      expect(
        await db.knex('login_attempts').where({ email: 'verrou@edifier.test', succeeded: true }).first(),
      ).toBeUndefined();

      // Another account is not affected.
      await login('admin@edifier.test').expect(200);

      // Ten minutes later (the rows are moved back in time), the right password works again
      // and the failures are forgotten.
      await db
        .knex('login_attempts')
        .where({ email: 'verrou@edifier.test' })
        .update({ attempted_at: toDbDateTime(new Date(Date.now() - 11 * 60_000)) });
      await login('verrou@edifier.test').expect(200);
      expect(await failuresOf('verrou@edifier.test')).toBe(0);
    });

    it('counts Retry-After from the oldest of the five failures', async () => {
      const email = 'fenetre@edifier.test';
      const at = (minutesAgo: number) => toDbDateTime(new Date(Date.now() - minutesAgo * 60_000));
      await db.knex('login_attempts').insert(
        [9, 8, 3, 2, 1].map((minutesAgo) => ({
          email,
          ip: '10.0.0.1',
          succeeded: false,
          attempted_at: at(minutesAgo),
        })),
      );
      const locked = await login(email).expect(429);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(61);
    });

    it('locks an unknown e-mail the same way, without revealing that no account has it', async () => {
      for (let i = 0; i < 5; i += 1) await login('fantome@edifier.test', `essai-${i}`).expect(401);
      const locked = await login('fantome@edifier.test', PASSWORD).expect(429);
      expect(locked.body).toEqual({ message: MESSAGES.tooManyAttempts });
      expect(locked.headers['retry-after']).toMatch(/^\d+$/);
    });

    it('holds a burst of parallel guesses to the limit', async () => {
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, i) => login('rafale@edifier.test', `parallele-${i}`)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
      expect(await failuresOf('rafale@edifier.test')).toBe(5);
      await login('rafale@edifier.test').expect(429);
    });
  });

  describe('token checks', () => {
    const me = (token: string) => request(app).get('/api/auth/user').set('Authorization', `Bearer ${token}`);

    it('answers the current user without any password data', async () => {
      const token = await tokenFor('admin@edifier.test');
      const response = await me(token).expect(200);
      expect(response.body).toEqual({
        user: { id: ids.admin, name: 'Awa Admin', email: 'admin@edifier.test', role: 'admin' },
      });
      expect(response.text).not.toMatch(/password|hash|\$2[aby]\$/i);
    });

    it('asks to sign in without a bearer token', async () => {
      await request(app).get('/api/auth/user').expect(401, { message: MESSAGES.notAuthenticated });
      await request(app)
        .get('/api/auth/user')
        .set('Authorization', 'Basic YWRtaW46YWRtaW4=')
        .expect(401, { message: MESSAGES.notAuthenticated });
    });

    it('refuses alg none, a wrong secret, another algorithm, missing claims and garbage', async () => {
      const now = nowSeconds();
      const claims = {
        sub: String(ids.admin),
        jti: 'n'.repeat(32),
        iat: now,
        exp: now + 3600,
        remember: false,
      };
      const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
      const wrongSecret = jwt.sign(claims, 'un-autre-secret-tout-aussi-long-1234567890', {
        algorithm: 'HS256',
      });
      const hs512 = jwt.sign(claims, env.config.jwtSecret, { algorithm: 'HS512' });
      const { jti: _dropped, ...withoutJti } = claims;
      const noJti = jwt.sign(withoutJti, env.config.jwtSecret, { algorithm: 'HS256' });
      for (const token of [none, wrongSecret, hs512, noJti, 'pas.un.jeton', 'garbage']) {
        await me(token).expect(401, { message: MESSAGES.tokenInvalid });
      }
    });

    it('refuses an expired token with its own message', async () => {
      const past = nowSeconds() - 10 * 3600;
      const expired = jwt.sign(
        { sub: String(ids.admin), jti: 'e'.repeat(32), iat: past, exp: past + EIGHT_HOURS, remember: false },
        env.config.jwtSecret,
        { algorithm: 'HS256' },
      );
      await me(expired).expect(401, { message: MESSAGES.tokenExpired });
    });

    it('refuses the token of a deleted account', async () => {
      const token = await tokenFor('supprime@edifier.test');
      await me(token).expect(200);
      await db.knex('users').where({ id: ids.doomed }).delete();
      await me(token).expect(401, { message: MESSAGES.sessionRevoked });
    });

    it('refuses every token issued up to an administrator reset by the script, even in the same second', async () => {
      const token = await tokenFor('admin@edifier.test');
      await me(token).expect(200);
      expect(await upsertAdministrator(db.knex, { email: 'admin@edifier.test', password: PASSWORD })).toBe(
        'reset',
      );
      await me(token).expect(401, { message: MESSAGES.sessionRevoked });
      // A token dated the very second of the reset cannot be told from one issued just
      // before it (both are whole seconds): refused too.
      const resetAt = fromDbDateTime(
        (await db.knex('users').where({ id: ids.admin }).first()).tokens_valid_after,
      )!;
      const sameSecond = Math.floor(resetAt.getTime() / 1000);
      const forged = jwt.sign(
        {
          sub: String(ids.admin),
          jti: 's'.repeat(32),
          iat: sameSecond,
          exp: sameSecond + EIGHT_HOURS,
          remember: false,
        },
        env.config.jwtSecret,
        { algorithm: 'HS256' },
      );
      await me(forged).expect(401, { message: MESSAGES.sessionRevoked });
      // A sign-in right after the reset is dated after it, and works at once.
      await me(await tokenFor('admin@edifier.test')).expect(200);
    });
  });

  describe('POST /auth/logout and /auth/refresh', () => {
    it('revokes the token until its expiry, purges expired revocations, and refuses the token afterwards', async () => {
      await db.knex('revoked_tokens').insert({
        jti: 'vieux'.padEnd(32, '0'),
        user_id: ids.admin,
        expires_at: toDbDateTime(new Date(Date.now() - 60_000)),
      });
      const token = await tokenFor('admin@edifier.test');
      const { jti, exp } = jwt.decode(token) as jwt.JwtPayload;

      const response = await request(app)
        .post('/api/auth/logout')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(response.body).toEqual({ message: 'Déconnexion réussie' });

      const row = await db.knex('revoked_tokens').where({ jti }).first();
      expect(Number(row.user_id)).toBe(ids.admin);
      expect(fromDbDateTime(row.expires_at)?.getTime()).toBe(exp! * 1000);
      expect(
        await db
          .knex('revoked_tokens')
          .where({ jti: 'vieux'.padEnd(32, '0') })
          .first(),
      ).toBeUndefined();

      await request(app)
        .get('/api/auth/user')
        .set('Authorization', `Bearer ${token}`)
        .expect(401, { message: MESSAGES.sessionRevoked });
      await request(app).post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(401);
    });

    it('renews a remembered session with a working token of the same class and kills the old one', async () => {
      const old = (await login('admin@edifier.test', PASSWORD, { remember: true }).expect(200)).body
        .access_token as string;
      const response = await request(app)
        .post('/api/auth/refresh')
        .set('Authorization', `Bearer ${old}`)
        .expect(200);
      expect(response.body.user).toEqual({
        id: ids.admin,
        name: 'Awa Admin',
        email: 'admin@edifier.test',
        role: 'admin',
      });
      expect(response.body.token_type).toBe('Bearer');
      expect(response.body.expires_in).toBe(THIRTY_DAYS);
      const fresh = response.body.access_token as string;
      expect(fresh).not.toBe(old);
      const claims = jwt.verify(fresh, env.config.jwtSecret, { algorithms: ['HS256'] }) as jwt.JwtPayload;
      expect(claims.remember).toBe(true);
      expect(claims.exp! - claims.iat!).toBe(THIRTY_DAYS);

      expect(
        await db
          .knex('revoked_tokens')
          .where({ jti: (jwt.decode(old) as jwt.JwtPayload).jti })
          .first(),
      ).toBeDefined();
      await request(app).get('/api/auth/user').set('Authorization', `Bearer ${fresh}`).expect(200);
      await request(app).get('/api/auth/user').set('Authorization', `Bearer ${old}`).expect(401);
      await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${old}`).expect(401);
    });

    it('keeps an ordinary session at 8 hours when renewed', async () => {
      const token = await tokenFor('admin@edifier.test');
      const response = await request(app)
        .post('/api/auth/refresh')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(response.body.expires_in).toBe(EIGHT_HOURS);
      expect((jwt.decode(response.body.access_token) as jwt.JwtPayload).remember).toBe(false);
    });
  });

  describe('PUT /auth/user (profile)', () => {
    const put = (token: string, body: Record<string, unknown>) =>
      request(app).put('/api/auth/user').set('Authorization', `Bearer ${token}`).send(body);

    it('refuses invalid fields with the messages of product rules, Validation and changes nothing', async () => {
      const token = await tokenFor('profil@edifier.test');
      const before = await db.knex('users').where({ id: ids.profile }).first();

      const response = await put(token, {
        fullName: 'Al',
        email: 'pas-une-adresse',
        newPassword: 'NouveauMot-1',
        confirmPassword: 'Autre-chose-1',
      }).expect(422);
      expect(response.body).toEqual({
        message: 'Erreur de validation',
        errors: {
          fullName: ['Le nom complet doit contenir au moins 3 caractères'],
          email: ['Adresse email invalide'],
          currentPassword: ['Le mot de passe actuel est requis pour changer de mot de passe'],
          confirmPassword: ['Les mots de passe ne correspondent pas'],
        },
      });

      const short = await put(token, {
        fullName: 'Profil Test',
        email: 'profil@edifier.test',
        currentPassword: PASSWORD,
        newPassword: 'court',
        confirmPassword: 'court',
      }).expect(422);
      expect(short.body.errors).toEqual({
        newPassword: ['Le mot de passe doit contenir au moins 8 caractères'],
      });
      const accented = 'é'.repeat(37);
      const long = await put(token, {
        fullName: 'Profil Test',
        email: 'profil@edifier.test',
        currentPassword: PASSWORD,
        newPassword: accented,
        confirmPassword: accented,
      }).expect(422);
      expect(long.body.errors.newPassword[0]).toMatch(/72 octets/);

      expect(await db.knex('users').where({ id: ids.profile }).first()).toEqual(before);
    });

    it('refuses a wrong current password on currentPassword and keeps the old hash', async () => {
      const token = await tokenFor('profil@edifier.test');
      const response = await put(token, {
        fullName: 'Profil Test',
        email: 'profil@edifier.test',
        currentPassword: 'pas-le-bon',
        newPassword: 'NouveauMot-1',
        confirmPassword: 'NouveauMot-1',
      }).expect(422);
      expect(response.body.errors).toEqual({ currentPassword: ['Le mot de passe actuel est incorrect'] });
      const row = await db.knex('users').where({ id: ids.profile }).first();
      expect(row.password_hash).toBe(sharedHash);
      expect(row.tokens_valid_after).toBeNull();
      await request(app).get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(200);
    });

    it('refuses an e-mail another account uses, whatever its case', async () => {
      const token = await tokenFor('profil@edifier.test');
      const response = await put(token, {
        fullName: 'Profil Test',
        email: ' ADMIN@edifier.test ',
        currentPassword: PASSWORD,
      }).expect(422);
      expect(response.body.errors).toEqual({
        email: ['Cette adresse email est déjà utilisée par un autre compte.'],
      });
      expect((await db.knex('users').where({ id: ids.profile }).first()).email).toBe('profil@edifier.test');
    });

    it('asks for the current password to change the e-mail, and refuses a wrong one', async () => {
      const token = await tokenFor('profil@edifier.test');
      const before = await db.knex('users').where({ id: ids.profile }).first();
      const without = await put(token, { fullName: 'Profil Test', email: 'autre@edifier.test' }).expect(422);
      expect(without.body.errors).toEqual({
        currentPassword: ["Le mot de passe actuel est requis pour changer d'adresse e-mail"],
      });
      const wrong = await put(token, {
        fullName: 'Profil Test',
        email: 'autre@edifier.test',
        currentPassword: 'pas-le-bon',
      }).expect(422);
      expect(wrong.body.errors).toEqual({ currentPassword: ['Le mot de passe actuel est incorrect'] });
      expect(await db.knex('users').where({ id: ids.profile }).first()).toEqual(before);
    });

    it('stops guesses of the current password after the lockout count, with 429 and Retry-After', async () => {
      await account('guesses', 'devinettes@edifier.test');
      const token = await tokenFor('devinettes@edifier.test');
      const guess = (currentPassword: string) =>
        put(token, { fullName: 'Compte guesses', email: 'devine@edifier.test', currentPassword });
      for (let i = 0; i < env.config.limits.loginMaxAttempts; i += 1) await guess(`essai-${i}`).expect(422);
      const refused = await guess(PASSWORD).expect(429);
      expect(refused.body).toEqual({ message: 'Trop de tentatives. Réessayez dans quelques minutes.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const row = await db.knex('users').where({ id: ids.guesses }).first();
      expect(row.email).toBe('devinettes@edifier.test');
    });

    it('updates name and e-mail with the current password, without touching the session', async () => {
      const token = await tokenFor('profil@edifier.test');
      const response = await put(token, {
        fullName: '  Koffi Mensah ',
        email: 'Koffi@Edifier.test',
        currentPassword: PASSWORD,
        newPassword: '',
        confirmPassword: '',
      }).expect(200);
      expect(response.body).toEqual({
        message: 'Profil mis à jour',
        user: { id: ids.profile, name: 'Koffi Mensah', email: 'koffi@edifier.test', role: 'admin' },
      });
      const row = await db.knex('users').where({ id: ids.profile }).first();
      expect(row).toMatchObject({
        name: 'Koffi Mensah',
        email: 'koffi@edifier.test',
        password_hash: sharedHash,
        tokens_valid_after: null,
      });
      await request(app).get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(200);
      await login('koffi@edifier.test').expect(200);
    });

    it('changes the password: every earlier token dies, the fresh one works, and only the new password signs in', async () => {
      const mine = await tokenFor('motdepasse@edifier.test');
      const elsewhere = await tokenFor('motdepasse@edifier.test');
      const response = await put(mine, {
        fullName: 'Compte password',
        email: 'motdepasse@edifier.test',
        currentPassword: PASSWORD,
        newPassword: 'Nouveau-Mot-2025',
        confirmPassword: 'Nouveau-Mot-2025',
      }).expect(200);
      expect(response.body).toMatchObject({
        message: 'Profil mis à jour',
        user: { id: ids.password, name: 'Compte password', email: 'motdepasse@edifier.test', role: 'admin' },
        token_type: 'Bearer',
        expires_in: EIGHT_HOURS,
      });
      const fresh = response.body.access_token as string;

      const row = await db.knex('users').where({ id: ids.password }).first();
      expect(await verifyPassword('Nouveau-Mot-2025', row.password_hash)).toBe(true);
      expect(fromDbDateTime(row.tokens_valid_after)).not.toBeNull();

      const me = (token: string) =>
        request(app).get('/api/auth/user').set('Authorization', `Bearer ${token}`);
      await me(mine).expect(401, { message: MESSAGES.sessionRevoked });
      await me(elsewhere).expect(401, { message: MESSAGES.sessionRevoked });
      await me(fresh).expect(200);

      await login('motdepasse@edifier.test').expect(401, { message: MESSAGES.invalidCredentials });
      const again = await login('motdepasse@edifier.test', 'Nouveau-Mot-2025').expect(200);
      await me(again.body.access_token).expect(200);
    });

    it('is open to every staff role for its own account, and refused to a role the table does not know', async () => {
      const token = await tokenFor('redacteur@edifier.test');
      await put(token, { fullName: 'Rédacteur', email: 'redacteur@edifier.test' }).expect(403, {
        message: MESSAGES.forbidden,
      });
      expect((await db.knex('users').where({ id: ids.editor }).first()).name).toBe('Compte editor');

      const siteManager = await tokenFor('chantier@edifier.test');
      await put(siteManager, { fullName: 'Chantal Chantier', email: 'chantier@edifier.test' }).expect(200);
      const row = await db.knex('users').where({ id: ids.chantier }).first();
      expect({ name: row.name, role: row.role }).toEqual({ name: 'Chantal Chantier', role: 'chantier' });
    });
  });

  describe('POST /auth/register', () => {
    const newcomer = { name: 'Nadia Houngbo', email: 'Nadia@Edifier.test', password: 'Bienvenue-2025' };

    it('needs a token, then an administrator', async () => {
      await request(app)
        .post('/api/auth/register')
        .send(newcomer)
        .expect(401, { message: MESSAGES.notAuthenticated });
      const commercial = await tokenFor('commercial@edifier.test');
      const me = await request(app)
        .get('/api/auth/user')
        .set('Authorization', `Bearer ${commercial}`)
        .expect(200);
      expect(me.body.user).toEqual({
        id: ids.commercial,
        name: 'Compte commercial',
        email: 'commercial@edifier.test',
        role: 'commercial',
      });
      await request(app)
        .post('/api/auth/register')
        .set('Authorization', `Bearer ${commercial}`)
        .send(newcomer)
        .expect(403, { message: MESSAGES.forbidden });
      await request(app).post('/api/auth/logout').set('Authorization', `Bearer ${commercial}`).expect(200);
      // A role the table does not know reads not even its own account.
      const editor = await tokenFor('redacteur@edifier.test');
      await request(app)
        .get('/api/auth/user')
        .set('Authorization', `Bearer ${editor}`)
        .expect(403, { message: MESSAGES.forbidden });
      await request(app).post('/api/auth/logout').set('Authorization', `Bearer ${editor}`).expect(403);
      expect(await db.knex('users').where({ email: 'nadia@edifier.test' }).first()).toBeUndefined();
    });

    it('creates an administrator account that can sign in, and refuses the same e-mail twice', async () => {
      const token = await tokenFor('admin@edifier.test');
      const response = await request(app)
        .post('/api/auth/register')
        .set('Authorization', `Bearer ${token}`)
        .send(newcomer)
        .expect(201);
      const row = await db.knex('users').where({ email: 'nadia@edifier.test' }).first();
      expect(response.body).toEqual({
        user: { id: Number(row.id), name: 'Nadia Houngbo', email: 'nadia@edifier.test', role: 'admin' },
      });
      expect(row.password_hash).toMatch(/^\$2[aby]\$12\$/);
      expect(row.password_hash).not.toContain(newcomer.password);
      await login('nadia@edifier.test', 'Bienvenue-2025').expect(200);

      const duplicate = await request(app)
        .post('/api/auth/register')
        .set('Authorization', `Bearer ${token}`)
        .send({ ...newcomer, email: 'NADIA@edifier.test' })
        .expect(422);
      expect(duplicate.body.errors).toEqual({
        email: ['Cette adresse email est déjà utilisée par un autre compte.'],
      });
      expect(
        await db
          .knex('users')
          .where({ email: 'nadia@edifier.test' })
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
      ).toBe(1);
    });

    it('refuses a short name, a short password and an unknown role with 422', async () => {
      const token = await tokenFor('admin@edifier.test');
      const response = await request(app)
        .post('/api/auth/register')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Jo', email: 'jo@edifier.test', password: 'court', role: 'superviseur' })
        .expect(422);
      expect(response.body.errors).toEqual({
        name: ['Le nom doit contenir au moins 3 caractères'],
        password: ['Le mot de passe doit contenir au moins 8 caractères'],
        role: ['Rôle invalide'],
      });
      expect(await db.knex('users').where({ email: 'jo@edifier.test' }).first()).toBeUndefined();
    });
  });

  describe('route guards for later features', () => {
    let guarded: express.Express;
    beforeAll(() => {
      const deps = { config: env.config, db: db.knex };
      guarded = express();
      guarded.get('/admin-only', requireAdmin(deps), (_req, res) => {
        const { user, claims } = authOf(res);
        res.json({ user, jti: claims.jti });
      });
      guarded.get('/public', optionalAuth(deps), (_req, res) => {
        res.json({ staff: readsAsStaff(res), email: optionalAuthOf(res)?.user.email ?? null });
      });
      guarded.get('/forgot-the-guard', (_req, res) => {
        res.json(authOf(res));
      });
      guarded.use(errorHandler);
    });

    it('requireAdmin hands the verified account and claims to the handler', async () => {
      const token = await tokenFor('admin@edifier.test');
      const response = await request(guarded)
        .get('/admin-only')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(response.body).toEqual({
        user: { id: ids.admin, name: 'Awa Admin', email: 'admin@edifier.test', role: 'admin' },
        jti: (jwt.decode(token) as jwt.JwtPayload).jti,
      });
      await request(guarded).get('/admin-only').expect(401, { message: MESSAGES.notAuthenticated });
      const editor = await tokenFor('redacteur@edifier.test');
      await request(guarded)
        .get('/admin-only')
        .set('Authorization', `Bearer ${editor}`)
        .expect(403, { message: MESSAGES.forbidden });
    });

    it("carries each guard's access where the route table can read it", () => {
      const deps = { config: env.config, db: db.knex };
      expect(requireAccess(deps, 'leads').access).toBe('leads');
      expect(requireAdmin(deps).access).toBe('operator');
      expect(requireUser(deps).access).toBe('dashboard');
    });

    it('optionalAuth treats a missing, stale or forged token as anonymous and still recognises a valid one', async () => {
      await request(guarded).get('/public').expect(200, { staff: false, email: null });
      const past = nowSeconds() - 10 * 3600;
      const expired = jwt.sign(
        { sub: String(ids.admin), jti: 'p'.repeat(32), iat: past, exp: past + 60, remember: false },
        env.config.jwtSecret,
      );
      for (const token of [expired, 'garbage']) {
        await request(guarded)
          .get('/public')
          .set('Authorization', `Bearer ${token}`)
          .expect(200, { staff: false, email: null });
      }
      const admin = await tokenFor('admin@edifier.test');
      await request(guarded)
        .get('/public')
        .set('Authorization', `Bearer ${admin}`)
        .expect(200, { staff: true, email: 'admin@edifier.test' });
      const commercial = await tokenFor('commercial@edifier.test');
      await request(guarded)
        .get('/public')
        .set('Authorization', `Bearer ${commercial}`)
        .expect(200, { staff: true, email: 'commercial@edifier.test' });
      const siteManager = await tokenFor('chantier@edifier.test');
      await request(guarded)
        .get('/public')
        .set('Authorization', `Bearer ${siteManager}`)
        .expect(200, { staff: false, email: 'chantier@edifier.test' });
      const editor = await tokenFor('redacteur@edifier.test');
      await request(guarded)
        .get('/public')
        .set('Authorization', `Bearer ${editor}`)
        .expect(200, { staff: false, email: 'redacteur@edifier.test' });
    });

    it('turns a handler that reads the session without a guard into a 500, never a silent anonymous write', async () => {
      await request(guarded).get('/forgot-the-guard').expect(500);
    });
  });
});
