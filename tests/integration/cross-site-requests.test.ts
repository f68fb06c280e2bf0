import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { refusedDrafts } from '#server/features/contact-messages/refused-drafts';
import { ADMIN_EMAIL, PASSWORD, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines } from '../helpers/test-db';
import { VALID_FIELDS, pdfBytes } from './submission-fixtures';

/**
 * Writes from another site's page are refused (docs/product-rules.md, "Security";
 * docs/decisions/0033-cross-site-requests.md): a request whose Sec-Fetch-Site says
 * `cross-site` or `same-site`, or whose Origin is not APP_URL's (`http://site.test` in
 * tests), answers 403 before anything is read, stored or e-mailed. Same-origin posts, with
 * or without JavaScript, and API clients sending neither header go through.
 */

const REFUSED = 'Requête refusée : elle ne vient pas du site.';
const SITE = 'http://site.test';
const EVIL = 'https://evil.example';
// What Chromium sends with a form navigation.
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

const CONTACT = {
  name: 'Awa Houénou',
  email: 'awa.houenou@example.bj',
  subject: 'devis',
  message: 'Bonjour, je souhaite un devis pour une clôture de 40 mètres.',
};

type Headers = Record<string, string>;

/** The ways another site's page shows itself, and what a browser sends from our own pages. */
const CROSS_SITE: ReadonlyArray<[string, Headers]> = [
  ['Origin of another site', { Origin: EVIL }],
  ['Origin null (a sandboxed frame, a data: page)', { Origin: 'null' }],
  ['Sec-Fetch-Site cross-site without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
  ['Sec-Fetch-Site cross-site with our Origin', { 'Sec-Fetch-Site': 'cross-site', Origin: SITE }],
  ['a sibling sub-domain (same-site)', { 'Sec-Fetch-Site': 'same-site', Origin: 'http://blog.site.test' }],
  ['our host on another port', { Origin: 'http://site.test:8080' }],
  ['our host over another scheme', { Origin: 'https://site.test' }],
  ['the Host header agreeing with a foreign Origin', { Origin: 'http://evil.example', Host: 'evil.example' }],
];
const SAME_SITE: ReadonlyArray<[string, Headers]> = [
  ['no Origin nor Sec-Fetch-Site (an API client, curl)', {}],
  ['our own page with JavaScript', { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }],
  ['our Origin alone (an older browser)', { Origin: SITE }],
  ['Sec-Fetch-Site none (typed by the user)', { 'Sec-Fetch-Site': 'none' }],
  // Our private pages (Referrer-Policy: no-referrer) make the browser send Origin: null.
  [
    'a form of our no-referrer pages (Origin null, same-origin)',
    { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
  ],
  // Behind a reverse proxy the Host is the proxy's upstream: APP_URL decides, not Host.
  ['our Origin through a proxy that rewrote Host', { Origin: SITE, Host: '127.0.0.1:3000' }],
];

describe.each(testEngines())('cross-site requests on $name', (engine) => {
  let api: ApiHarness;
  let app: express.Express;
  const count = async (table: string) => Number((await api.db.knex(table).count({ n: '*' }).first())?.n);

  beforeAll(async () => {
    api = await openApiHarness(engine, {
      env: {
        CONTACT_RATE_LIMIT: '1000',
        SUBMISSION_RATE_LIMIT: '1000',
        TRACKING_RESEND_LIMIT: '1000',
        TRACKING_RESEND_PER_REQUEST_HOURLY: '1000',
        TRACKING_RESEND_PER_REQUEST_DAILY: '1000',
      },
    });
    app = api.app;
  });
  afterAll(() => api.cleanup());
  beforeEach(async () => {
    await api.db.knex('outbox').del();
    await api.db.knex('contact_messages').del();
    await api.db.knex('login_attempts').del();
  });

  function expectRefusedJson(response: request.Response): void {
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ message: REFUSED });
  }

  const submit = (headers: Headers, accept = 'application/json') => {
    const call = request(app).post('/api/submit-project').set(headers).set('Accept', accept);
    for (const [name, value] of Object.entries(VALID_FIELDS)) call.field(name, value);
    return call.attach('attachments[]', pdfBytes(), 'plan.pdf');
  };

  describe('the project request (multipart API and the form posted without JavaScript)', () => {
    it.each(CROSS_SITE)('refuses %s: 403, nothing stored, no mail', async (_name, headers) => {
      const submissions = await count('project_submissions');
      expectRefusedJson(await submit(headers));
      expect(await count('project_submissions')).toBe(submissions);
      expect(await count('submission_attachments')).toBe(0);
      expect(await count('outbox')).toBe(0);
    });

    it('refuses the browser form posted from another site with a French page, not a redirect', async () => {
      const submissions = await count('project_submissions');
      const response = await submit({ Origin: EVIL }, BROWSER_ACCEPT);
      expect(response.status).toBe(403);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toContain('<html lang="fr">');
      expect(response.text).toContain(REFUSED);
      expect(response.text).toContain(`href="${SITE}/"`);
      expect(await count('project_submissions')).toBe(submissions);
      expect(await count('outbox')).toBe(0);
    });

    it.each(SAME_SITE)('accepts %s', async (_name, headers) => {
      const response = await submit(headers).expect(201);
      expect(response.body.reference).toMatch(/^EDF-\d{4}-\d{5}$/);
      expect(await count('outbox')).toBeGreaterThan(0);
    });

    it('accepts the browser form posted from our own page without JavaScript: 303 to the confirmation', async () => {
      const response = await submit({ Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }, BROWSER_ACCEPT).expect(
        303,
      );
      expect(response.headers.location).toMatch(/^\/submit-project\?/);
    });
  });

  describe('the contact message', () => {
    const send = (headers: Headers) => request(app).post('/api/contact-messages').set(headers).send(CONTACT);

    it.each(CROSS_SITE)('refuses %s: 403, no message, no mail', async (_name, headers) => {
      expectRefusedJson(await send(headers));
      expect(await count('contact_messages')).toBe(0);
      expect(await count('outbox')).toBe(0);
    });

    it.each(SAME_SITE)('accepts %s', async (_name, headers) => {
      await send(headers).expect(201);
      expect(await count('contact_messages')).toBe(1);
    });

    it('refuses the form posted without JavaScript from another site: a French page, no row, no draft kept', async () => {
      const keep = vi.spyOn(refusedDrafts, 'keep');
      try {
        const response = await request(app)
          .post('/api/contact-messages')
          .set('Accept', BROWSER_ACCEPT)
          .set('Origin', EVIL)
          .type('form')
          .send(CONTACT);
        expect(response.status).toBe(403);
        expect(response.headers.location).toBeUndefined();
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.text).toContain(REFUSED);
        expect(await count('contact_messages')).toBe(0);
        expect(await count('outbox')).toBe(0);
        expect(keep).not.toHaveBeenCalled();
      } finally {
        keep.mockRestore();
      }
    });

    it('accepts the form posted without JavaScript from our own page: 303 to the confirmation', async () => {
      const response = await request(app)
        .post('/api/contact-messages')
        .set('Accept', BROWSER_ACCEPT)
        .set('Origin', SITE)
        .set('Sec-Fetch-Site', 'same-origin')
        .type('form')
        .send(CONTACT)
        .expect(303);
      expect(response.headers.location).toMatch(/^\/contact\?envoi=ok/);
      expect(await count('contact_messages')).toBe(1);
    });
  });

  describe('the tracking-link resend (API and the /suivi form posted without JavaScript)', () => {
    let reference: string;
    let hash: () => Promise<string>;

    beforeAll(async () => {
      const stored = await submit({}).expect(201);
      reference = stored.body.reference as string;
      // The link held and a link asked again, pending until it is opened (product rules, Tracking link).
      hash = async () => {
        const row = await api.db
          .knex('project_submissions')
          .where({ reference })
          .first('tracking_token_hash', 'tracking_token_pending_hash');
        return `${row.tracking_token_hash}/${row.tracking_token_pending_hash ?? ''}`;
      };
    });
    const resend = (headers: Headers, accept = 'application/json') =>
      request(app)
        .post('/api/tracking-links/resend')
        .set(headers)
        .set('Accept', accept)
        .type('form')
        .send({ reference, email: VALID_FIELDS.email });

    it.each(CROSS_SITE)('refuses %s: 403, the link unchanged, no mail', async (_name, headers) => {
      const before = await hash();
      expectRefusedJson(await resend(headers));
      expect(await hash()).toBe(before);
      expect(await count('outbox')).toBe(0);
    });

    it('refuses the /suivi form posted from another site with a French page', async () => {
      const before = await hash();
      const response = await resend({ 'Sec-Fetch-Site': 'cross-site' }, BROWSER_ACCEPT);
      expect(response.status).toBe(403);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.text).toContain(REFUSED);
      expect(await hash()).toBe(before);
      expect(await count('outbox')).toBe(0);
    });

    it.each(SAME_SITE)('accepts %s: a new link is mailed', async (_name, headers) => {
      const before = await hash();
      await resend(headers).expect(202);
      // The link is made and mailed after the answer has left (the answer's time tells nothing).
      await expect.poll(() => count('outbox')).toBe(1);
      expect(await hash()).not.toBe(before);
    });

    it('accepts the /suivi form posted from our own page: 303 back to /suivi', async () => {
      const response = await resend({ Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }, BROWSER_ACCEPT).expect(
        303,
      );
      expect(response.headers.location).toBe('/suivi?envoi=ok');
    });
  });

  describe('signing in', () => {
    const signIn = (headers: Headers, password = PASSWORD) =>
      request(app).post('/api/auth/login').set(headers).send({ email: ADMIN_EMAIL, password });

    it.each(CROSS_SITE)('refuses %s, even a wrong password: no attempt counted', async (_name, headers) => {
      expectRefusedJson(await signIn(headers));
      // Another site cannot lock an account by making its visitors' browsers fail sign-ins.
      expectRefusedJson(await signIn(headers, 'pas-le-bon-mot-de-passe'));
      expect(await count('login_attempts')).toBe(0);
    });

    it.each(SAME_SITE)('accepts %s', async (_name, headers) => {
      const response = await signIn(headers).expect(200);
      expect(response.body.access_token).toEqual(expect.any(String));
    });
  });

  describe('the password forms and the back office', () => {
    const passwordHash = async (email: string) =>
      (await api.db.knex('users').where({ email }).first('password_hash'))?.password_hash as
        string | undefined;
    const register = (headers: Headers, email: string) =>
      request(app)
        .post('/api/auth/register')
        .set(headers)
        .set('Authorization', `Bearer ${api.adminToken}`)
        .send({ name: 'Koffi Nouveau', email, password: 'Motdepasse-2026' });

    it('refuses an account created from another site, and accepts it from our own page', async () => {
      expectRefusedJson(await register({ Origin: EVIL }, 'refuse@edifier.test'));
      expect(await passwordHash('refuse@edifier.test')).toBeUndefined();
      await register({ Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }, 'accepte@edifier.test').expect(201);
      await register({}, 'client-api@edifier.test').expect(201);
    });

    it('refuses a password change from another site, and accepts it from our own page', async () => {
      const email = 'profil@edifier.test';
      await register({}, email).expect(201);
      const signedIn = await request(app)
        .post('/api/auth/login')
        .send({ email, password: 'Motdepasse-2026' })
        .expect(200);
      const change = (headers: Headers) =>
        request(app)
          .put('/api/auth/user')
          .set(headers)
          .set('Authorization', `Bearer ${signedIn.body.access_token as string}`)
          .send({
            fullName: 'Koffi Nouveau',
            email,
            currentPassword: 'Motdepasse-2026',
            newPassword: 'Nouveau-secret-2026',
            confirmPassword: 'Nouveau-secret-2026',
          });
      const before = await passwordHash(email);
      for (const [, headers] of CROSS_SITE) {
        expectRefusedJson(await change(headers));
        expect(await passwordHash(email)).toBe(before);
      }
      await change({ Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }).expect(200);
      expect(await passwordHash(email)).not.toBe(before);
    });

    it('refuses a back-office deletion from another site, token or not', async () => {
      await request(app).post('/api/contact-messages').send(CONTACT).expect(201);
      const [row] = await api.db.knex('contact_messages').select('id');
      const remove = (headers: Headers) =>
        request(app)
          .delete(`/api/admin/contact-messages/${row.id as number}`)
          .set(headers)
          .set('Authorization', `Bearer ${api.adminToken}`);
      expectRefusedJson(await remove({ Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' }));
      const trashed = async () =>
        Number(
          (await api.db.knex('contact_messages').whereNotNull('deleted_at').count({ n: '*' }).first())?.n,
        );
      expect(await trashed()).toBe(0);
      await remove({ Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }).expect(200);
      // Moved to the trash (docs/product-rules.md, "Trash"): the deletion went through.
      expect(await trashed()).toBe(1);
    });
  });

  it('leaves reads alone: a GET from another site is answered as usual', async () => {
    await request(app)
      .get('/api/products')
      .set('Origin', EVIL)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(200);
    await request(app).get('/api/health-check').set('Origin', 'null').expect(200);
  });
});
