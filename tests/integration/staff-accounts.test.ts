import { Writable } from 'node:stream';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { toDbDateTime } from '#server/db/dialect';
import { createLogger } from '#server/logger';
import { deliverOutbox } from '../helpers/outbox-delivery';
import { ADMIN_EMAIL, EDITOR_EMAIL, PASSWORD, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { openSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { testEngines } from '../helpers/test-db';

/**
 * Staff accounts (docs/product-rules.md, "Staff accounts"): invitations and password resets
 * end to end through the API, the outbox's sender and a real SMTP server; the last
 * administrator; deactivation in the middle of a session; and no token or password at rest
 * in the outbox, the activity log or the request log.
 */

const INVITATION_GONE = "Ce lien d'invitation n'est plus valable. Demandez-en un nouveau.";
const RESET_GONE = "Ce lien de réinitialisation n'est plus valable. Demandez-en un nouveau.";
const FORGOT_ANSWER =
  "Si un compte existe pour cette adresse, un lien de réinitialisation vient d'y être envoyé.";
const NEW_PASSWORD = 'Nouveau-mot-2026!';
const INVITATION_LINK = /http:\/\/site\.test\/invitation\/([A-Za-z0-9_-]{32})/;
const RESET_LINK = /http:\/\/site\.test\/reinitialiser\/([A-Za-z0-9_-]{32})/;

describe.each(testEngines())('staff accounts on $name', (engine) => {
  let api: ApiHarness;
  let inbox: SmtpInbox;
  let logged: string[];
  let loggedApp: express.Express;
  /** Every token and password this file has seen: none may be stored or logged. */
  const secrets: string[] = [NEW_PASSWORD, PASSWORD];
  let clientNumber = 0;
  /** Each test its own client address (TRUST_PROXY): the per-client limits stay apart. */
  const client = () => ({ 'X-Forwarded-For': `10.0.0.${++clientNumber}` });
  const bearer = (token = api.adminToken) => ({ Authorization: `Bearer ${token}` });

  async function deliver(): Promise<void> {
    await deliverOutbox(api);
  }
  const mailsTo = (address: string) => inbox.messages.filter((mail) => mail.envelope.to.includes(address));
  function lastLink(address: string, pattern: RegExp): string {
    const mails = mailsTo(address);
    const text = mails[mails.length - 1]?.parsed.text ?? '';
    const token = pattern.exec(text)?.[1] ?? '';
    expect(token).toHaveLength(32);
    secrets.push(token);
    return token;
  }
  /** Work done after the answer (forgot-password): waits until the outbox holds `count` rows. */
  async function outboxCount(count: number): Promise<void> {
    for (let i = 0; i < 100; i += 1) {
      const row = (await api.db.knex('outbox').count({ n: '*' }).first()) as { n: number | string };
      if (Number(row.n) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const outboxTotal = async () =>
    Number(((await api.db.knex('outbox').count({ n: '*' }).first()) as { n: number | string }).n);

  async function invite(name: string, email: string, role = 'commercial') {
    const answer = await request(api.app).post('/api/admin/users').set(bearer()).send({ name, email, role });
    expect(answer.status).toBe(201);
    return answer.body.data as { id: number; invitation_pending: boolean; active: boolean };
  }
  function accept(token: string, password = NEW_PASSWORD) {
    return request(api.app)
      .post('/api/auth/accept-invitation')
      .set(client())
      .send({ token, password, confirmPassword: password });
  }
  /** An invited colleague who accepted: their id and a session token. */
  async function colleague(name: string, email: string, role = 'commercial') {
    const user = await invite(name, email, role);
    await deliver();
    const session = await accept(lastLink(email, INVITATION_LINK)).expect(200);
    return { id: user.id, token: session.body.access_token as string };
  }

  beforeAll(async () => {
    inbox = await openSmtpInbox();
    api = await openApiHarness(engine, { env: { SMTP_URL: inbox.url, TRUST_PROXY: 'true' } });
    logged = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    loggedApp = createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: createLogger('info', sink as never),
      root: process.cwd(),
    });
  });
  afterAll(async () => {
    await inbox?.stop();
    await api?.cleanup();
  });

  it('refuses to demote or deactivate the last active administrator, themself included (409)', async () => {
    const me = await request(api.app).get('/api/auth/user').set(bearer()).expect(200);
    const id = me.body.user.id as number;
    for (const body of [{ active: false }, { role: 'commercial' }]) {
      const refused = await request(api.app).patch(`/api/admin/users/${id}`).set(bearer()).send(body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/dernier administrateur actif/);
    }
    const row = await api.db.knex('users').where({ id }).first('role', 'active');
    expect(row.role).toBe('admin');
    expect(Boolean(Number(row.active))).toBe(true);
    // A second administrator, invited but not accepted yet, does not count.
    const pending = await invite('Adèle Adjointe', 'adele@edifier.test', 'admin');
    await request(api.app).patch(`/api/admin/users/${id}`).set(bearer()).send({ active: false }).expect(409);
    // Once she accepted, the first may step down.
    await deliver();
    await accept(lastLink('adele@edifier.test', INVITATION_LINK)).expect(200);
    await request(api.app)
      .patch(`/api/admin/users/${pending.id}`)
      .set(bearer())
      .send({ role: 'editeur' })
      .expect(200);
    const other = await request(api.app)
      .patch(`/api/admin/users/${pending.id}`)
      .set(bearer())
      .send({ role: 'admin' });
    expect(other.status).toBe(200);
    expect(other.body.data).toMatchObject({ role: 'admin', role_label: 'Administrateur', active: true });
  });

  it('invites: 201 without secrets, a mail with a working link, signed in on acceptance, the link then 410', async () => {
    const created = await request(api.app)
      .post('/api/admin/users')
      .set(bearer())
      .send({ name: 'Chloé Commerciale', email: ' Chloe@Example.bj ', role: 'commercial' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Chloé Commerciale',
      email: 'chloe@example.bj',
      role: 'commercial',
      role_label: 'Commercial',
      active: false,
      deactivated: false,
      invitation_pending: true,
      last_login_at: null,
    });
    expect(Date.parse(created.body.data.invitation_expires_at) - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(JSON.stringify(created.body)).not.toMatch(/password|hash|token/i);

    // The stored mail holds a placeholder, the link only sealed.
    const stored = await api.db.knex('outbox').orderBy('id', 'desc').first('text', 'html', 'secret');
    expect(stored.text).toContain('{{lien-de-suivi}}');
    expect(stored.text + stored.html).not.toMatch(/\/invitation\/[A-Za-z0-9_-]{32}/);
    expect(stored.secret).toMatch(/^v1:/);

    // The invited person cannot sign in yet, even with the password typed by chance.
    await request(api.app)
      .post('/api/auth/login')
      .send({ email: 'chloe@example.bj', password: PASSWORD })
      .expect(401);

    await deliver();
    const mail = mailsTo('chloe@example.bj')[0]!;
    expect(mail.parsed.subject).toContain('EDIFIER BTP & Immobilier');
    expect(mail.parsed.text).toContain('Awa Admin');
    expect(mail.parsed.text).toContain('Commercial');
    expect(mail.parsed.text).toContain('72 heures');
    const token = lastLink('chloe@example.bj', INVITATION_LINK);

    // The confirmation follows the profile's rules.
    const mismatch = await request(api.app)
      .post('/api/auth/accept-invitation')
      .set(client())
      .send({ token, password: NEW_PASSWORD, confirmPassword: 'autre-chose' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.confirmPassword).toEqual(['Les mots de passe ne correspondent pas']);
    const short = await accept(token, 'court');
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();

    const session = await accept(token);
    expect(session.status).toBe(200);
    expect(Object.keys(session.body).sort()).toEqual(['access_token', 'expires_in', 'token_type', 'user']);
    expect(session.body.user).toMatchObject({ email: 'chloe@example.bj', role: 'commercial' });
    const me = await request(api.app)
      .get('/api/auth/user')
      .set(bearer(session.body.access_token))
      .expect(200);
    expect(me.body.user.email).toBe('chloe@example.bj');
    await request(api.app)
      .post('/api/auth/login')
      .send({ email: 'chloe@example.bj', password: NEW_PASSWORD })
      .expect(200);

    const reused = await accept(token);
    expect(reused.status).toBe(410);
    expect(reused.body).toEqual({ message: INVITATION_GONE });
    const unknown = await accept('x'.repeat(32));
    expect(unknown.status).toBe(410);

    const list = await request(api.app).get('/api/admin/users').set(bearer()).expect(200);
    expect(list.body.data).toMatchObject({ current_page: 1, from: 1 });
    const listed = (list.body.data.data as { email: string; last_login_at: string | null }[]).find(
      (u) => u.email === 'chloe@example.bj',
    );
    expect(listed).toMatchObject({ active: true, invitation_pending: false, invitation_expires_at: null });
    expect(listed?.last_login_at).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash|"token/i);
  });

  it('answers 410 to an expired invitation, and a resent one voids the previous link', async () => {
    const user = await invite('Edgar Expiré', 'edgar@example.bj');
    await deliver();
    const first = lastLink('edgar@example.bj', INVITATION_LINK);
    await api.db
      .knex('account_links')
      .where({ user_id: user.id })
      .update({ expires_at: toDbDateTime(new Date(Date.now() - 1000)) });
    expect((await accept(first)).body).toEqual({ message: INVITATION_GONE });

    const resent = await request(api.app)
      .post(`/api/admin/users/${user.id}/invitation`)
      .set(bearer())
      .expect(200);
    expect(resent.body.data.invitation_pending).toBe(true);
    await deliver();
    const second = lastLink('edgar@example.bj', INVITATION_LINK);
    await request(api.app).post(`/api/admin/users/${user.id}/invitation`).set(bearer()).expect(200);
    await deliver();
    const third = lastLink('edgar@example.bj', INVITATION_LINK);
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await accept(second)).status).toBe(410);
    expect((await accept(third)).status).toBe(200);
    const again = await request(api.app).post(`/api/admin/users/${user.id}/invitation`).set(bearer());
    expect(again.status).toBe(409);
  });

  it('deactivation mid-session: the next call is 401, sign-in refused like a wrong password; reactivation lets them back', async () => {
    const { id, token } = await colleague('Dora Désactivée', 'dora@example.bj', 'chantier');
    await request(api.app).get('/api/auth/user').set(bearer(token)).expect(200);
    const off = await request(api.app).patch(`/api/admin/users/${id}`).set(bearer()).send({ active: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ active: false, deactivated: true });
    await request(api.app).get('/api/auth/user').set(bearer(token)).expect(401);
    const refused = await request(api.app)
      .post('/api/auth/login')
      .send({ email: 'dora@example.bj', password: NEW_PASSWORD });
    const wrong = await request(api.app)
      .post('/api/auth/login')
      .send({ email: 'dora@example.bj', password: 'faux-mot-de-passe' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(wrong.body);
    expect(await api.db.knex('users').where({ id }).first('id')).toBeDefined();

    const on = await request(api.app).patch(`/api/admin/users/${id}`).set(bearer()).send({ active: true });
    expect(on.body.data).toMatchObject({ active: true, deactivated: false });
    await request(api.app).get('/api/auth/user').set(bearer(token)).expect(401);
    await request(api.app)
      .post('/api/auth/login')
      .send({ email: 'dora@example.bj', password: NEW_PASSWORD })
      .expect(200);

    // An invited person deactivated, then reactivated, still needs an invitation.
    const invited = await invite('Ivan Invité', 'ivan@example.bj');
    await deliver();
    const link = lastLink('ivan@example.bj', INVITATION_LINK);
    await request(api.app)
      .patch(`/api/admin/users/${invited.id}`)
      .set(bearer())
      .send({ active: false })
      .expect(200);
    const back = await request(api.app)
      .patch(`/api/admin/users/${invited.id}`)
      .set(bearer())
      .send({ active: true });
    expect(back.body.data).toMatchObject({ active: false, invitation_pending: true, deactivated: false });
    expect((await accept(link)).status).toBe(410);
  });

  it('forgot password: 202 for a known, an unknown and a deactivated address, a mail for the active one only', async () => {
    const { id } = await colleague('Fanny Fermée', 'fanny@example.bj');
    await request(api.app).patch(`/api/admin/users/${id}`).set(bearer()).send({ active: false }).expect(200);
    const before = await outboxTotal();
    const from = client();
    for (const email of ['personne@example.bj', 'fanny@example.bj', ADMIN_EMAIL]) {
      const answer = await request(api.app).post('/api/auth/forgot-password').set(from).send({ email });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ success: true, message: FORGOT_ANSWER });
    }
    await outboxCount(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxTotal()).toBe(before + 1);
    await deliver();
    expect(mailsTo('personne@example.bj')).toHaveLength(0);
    expect(mailsTo('fanny@example.bj').filter((m) => RESET_LINK.test(m.parsed.text ?? ''))).toHaveLength(0);
    expect(mailsTo(ADMIN_EMAIL)).toHaveLength(1);
    expect(mailsTo(ADMIN_EMAIL)[0]!.parsed.text).toContain('30 minutes');
  });

  it('reset: a new request voids the older link; the reset ends every session, lifts the lockout, then 410', async () => {
    const { token: oldSession } = await colleague('Rémi Reset', 'remi@example.bj');
    const from = client();
    const before = await outboxTotal();
    await request(api.app)
      .post('/api/auth/forgot-password')
      .set(from)
      .send({ email: 'remi@example.bj' })
      .expect(202);
    await outboxCount(before + 1);
    await deliver();
    const older = lastLink('remi@example.bj', RESET_LINK);
    await request(api.app)
      .post('/api/auth/forgot-password')
      .set(from)
      .send({ email: 'REMI@example.bj' })
      .expect(202);
    await outboxCount(before + 2);
    await deliver();
    const newer = lastLink('remi@example.bj', RESET_LINK);

    // Locked out by wrong guesses.
    for (let i = 0; i < 5; i += 1)
      await request(api.app)
        .post('/api/auth/login')
        .send({ email: 'remi@example.bj', password: 'mauvais-mot' })
        .expect(401);
    await request(api.app)
      .post('/api/auth/login')
      .send({ email: 'remi@example.bj', password: NEW_PASSWORD })
      .expect(429);

    const reset = (token: string) =>
      request(api.app)
        .post('/api/auth/reset-password')
        .set(client())
        .send({ token, password: 'Encore-un-autre-9', confirmPassword: 'Encore-un-autre-9' });
    secrets.push('Encore-un-autre-9');
    expect((await reset(older)).body).toEqual({ message: RESET_GONE });
    const done = await reset(newer);
    expect(done.status).toBe(200);
    expect(done.body.success).toBe(true);
    expect(done.body.message).toMatch(/mot de passe a été modifié/);
    expect(done.body.access_token).toBeUndefined();
    await request(api.app).get('/api/auth/user').set(bearer(oldSession)).expect(401);
    await request(api.app)
      .post('/api/auth/login')
      .send({ email: 'remi@example.bj', password: 'Encore-un-autre-9' })
      .expect(200);
    expect((await reset(newer)).status).toBe(410);
  });

  it('limits forgot-password and failed link uses per client address: 429 with Retry-After', async () => {
    const from = client();
    for (let i = 0; i < 5; i += 1)
      await request(api.app)
        .post('/api/auth/forgot-password')
        .set(from)
        .send({ email: `x${i}@example.bj` })
        .expect(202);
    const refused = await request(api.app)
      .post('/api/auth/forgot-password')
      .set(from)
      .send({ email: 'y@example.bj' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/Trop de demandes/);

    const guesser = client();
    const guess = () =>
      request(api.app)
        .post('/api/auth/reset-password')
        .set(guesser)
        .send({ token: 'a'.repeat(32), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    for (let i = 0; i < 10; i += 1) expect((await guess()).status).toBe(410);
    const stopped = await guess();
    expect(stopped.status).toBe(429);
    expect(stopped.headers['retry-after']).toBeDefined();
  });

  it('validates the invitation form and refuses a duplicate e-mail with French 422s', async () => {
    const bad = await request(api.app)
      .post('/api/admin/users')
      .set(bearer())
      .send({ name: 'A', email: 'pas-une-adresse', role: 'patron' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      name: [expect.any(String)],
      email: ['Adresse email invalide'],
      role: ['Rôle invalide'],
    });
    const taken = await request(api.app)
      .post('/api/admin/users')
      .set(bearer())
      .send({ name: 'Double', email: ADMIN_EMAIL, role: 'editeur' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['Cette adresse email est déjà utilisée par un autre compte.']);
    await request(api.app).get('/api/admin/users').set(bearer(api.editorToken)).expect(403);
    await request(api.app).get('/api/admin/users').expect(401);
    await request(api.app)
      .post('/api/auth/register')
      .set(bearer())
      .send({ name: 'Rôle inconnu', email: 'r@example.bj', password: NEW_PASSWORD, role: 'patron' })
      .expect(422);
    const registered = await request(api.app)
      .post('/api/auth/register')
      .set(bearer())
      .send({ name: 'Édith Éditrice', email: 'edith@example.bj', password: NEW_PASSWORD, role: 'editeur' });
    expect(registered.status).toBe(201);
    expect(registered.body.user.role).toBe('editeur');
    void EDITOR_EMAIL;
  });

  it('records the activity, and keeps every token and password out of the outbox, the activity log and the logs', async () => {
    const email = 'logan@example.bj';
    await request(loggedApp)
      .post('/api/admin/users')
      .set(bearer())
      .send({ name: 'Logan Log', email, role: 'editeur' })
      .expect(201);
    await deliver();
    const token = lastLink(email, INVITATION_LINK);
    await request(loggedApp).get(`/invitation/${token}`).set(client());
    await request(loggedApp).get(`/reinitialiser/${token}?token=${token}`).set(client());
    await request(loggedApp)
      .post('/api/auth/accept-invitation')
      .set(client())
      .send({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
      .expect(200);
    const page = await request(loggedApp).get(`/invitation/${token}`).set(client());
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(logged.join('\n')).toContain('/invitation/[masqué]');
    expect(logged.join('\n')).toContain('/reinitialiser/[masqué]');

    const actions = (await api.db.knex('activity_log').select('action')).map(
      (row: { action: string }) => row.action,
    );
    for (const action of [
      'create',
      'invitation',
      'invitation_accepted',
      'login',
      'login_failed',
      'password_reset',
      'role_change',
      'deactivate',
      'reactivate',
    ])
      expect(actions).toContain(action);
    const roleChange = await api.db.knex('activity_log').where({ action: 'role_change' }).first('changes');
    expect(JSON.parse(roleChange.changes as string)).toHaveProperty('role');

    const atRest =
      JSON.stringify(await api.db.knex('outbox').select('*')) +
      JSON.stringify(await api.db.knex('activity_log').select('*')) +
      JSON.stringify(await api.db.knex('account_links').select('*'));
    const logs = logged.join('\n');
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      expect(atRest).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
