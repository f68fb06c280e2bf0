import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import type { RequestListener } from 'node:http';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createDrainer, type Drainer } from '#server/http/graceful-shutdown';
import { issueTrackingToken } from '#server/features/tracking';
import { createLogger } from '#server/logger';
import type { SsrRenderer } from '#server/ssr/renderer';
import { deliverOutbox } from '../helpers/outbox-delivery';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aSubmission } from '../helpers/builders';
import { jpeg } from '../helpers/images';
import { openSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { silentLogger, testConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';
import { migrations } from '../../migrations/index';
import { fromDbDateTime } from '#server/db/dialect';
import { VALID_FIELDS, submit } from './submission-fixtures';

/**
 * Private tracking links and the status history (docs/product-rules.md, "Tracking link"
 * and "Status history") on the production build and every engine: the link given when a
 * request is stored, its page and headers, the tokens that open nothing, the link sent
 * again, the staff's changes with a message mailed to a real SMTP server, and logs that
 * never hold a token.
 */

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const TOKEN_URL = /^http:\/\/site\.test\/suivi\/([A-Za-z0-9_-]{32})$/;
const NOT_FOUND = 'Lien de suivi introuvable ou expiré';
const RESEND_ANSWER = "Si cette référence existe, un lien de suivi vient d'être envoyé à cette adresse.";
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testEngines())('tracking links on $name', (engine) => {
  let api: ApiHarness;
  let inbox: SmtpInbox;
  let renderer: SsrRenderer;
  // Wrapped like the process wraps it, so that a test can wait for the work done after an
  // answer (a link asked again: server/http/after-answer.ts).
  let site: RequestListener;
  let drainer: Drainer;
  const logLines: string[] = [];

  const bearer = () => ({ Authorization: `Bearer ${api.adminToken}` });
  const tokenOf = (url: string) => TOKEN_URL.exec(url)?.[1] ?? '';
  async function deliver(): Promise<void> {
    await deliverOutbox(api);
  }
  async function submitted(fields = VALID_FIELDS) {
    const response = await submit(site as never, fields).expect(201);
    return {
      id: response.body.data.id as number,
      reference: response.body.reference as string,
      url: response.body.tracking_url as string,
    };
  }

  beforeAll(async () => {
    inbox = await openSmtpInbox();
    api = await openApiHarness(engine, {
      env: {
        SMTP_URL: inbox.url,
        SUBMISSION_RATE_LIMIT: '1000',
        HTML_CACHE: 'on',
        TRACKING_GUESS_LIMIT: '1000',
        TRACKING_RESEND_LIMIT: '1000',
      },
    });
    renderer = await builtRenderer(api);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    drainer = createDrainer();
    site = drainer.listener(
      createApp({
        config: api.env.config,
        db: api.db.knex,
        logger: createLogger('info', stream),
        root: process.cwd(),
        renderer,
      }),
    );
  });
  afterEach(async () => {
    await drainer.workDone();
    await api.db.knex('outbox').del();
    inbox.messages.length = 0;
  });
  afterAll(async () => {
    await renderer?.close();
    await inbox?.stop();
    await api?.cleanup();
  });

  it('gives a stored request its link: in the answer, in the confirmation e-mail, and only its hash in the database', async () => {
    const { id, reference, url } = await submitted();
    expect(url).toMatch(TOKEN_URL);
    const row = await api.db.knex('project_submissions').where({ id }).first('tracking_token_hash');
    expect(row.tracking_token_hash).toBe(sha256(tokenOf(url)));

    await deliver();
    const confirmation = inbox.messages.find((m) =>
      m.parsed.subject?.startsWith(`Votre demande ${reference}`),
    );
    expect(confirmation?.parsed.text).toContain(url);
    expect(String(confirmation?.parsed.html)).toContain(`href="${url}"`);
  });

  it('shows the page: reference, title, date, status in French, the first name only; private headers, never cached', async () => {
    const { reference, url } = await submitted({ ...VALID_FIELDS, phone: '+33 6 12 34 56 78' });
    const path = new URL(url).pathname;
    for (let round = 0; round < 2; round += 1) {
      const page = await request(site).get(path).expect(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-html-cache']).toBeUndefined();
      expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(page.text).not.toContain('rel="canonical"');
      expect(page.text).toContain(reference);
      expect(page.text).toContain(VALID_FIELDS.projectTitle);
      expect(page.text).toContain('Bonjour Awa,');
      expect(page.text).toContain('Reçue');
      for (const personal of [
        'Houénou',
        'awa.houenou@example.bj',
        '6 12 34 56 78',
        'Cotonou, Fidjrossè',
        '25M',
      ])
        expect(page.text).not.toContain(personal);
    }
    expect(renderer.htmlCache?.size).toBe(0);
    const sitemap = await request(site).get('/sitemap.xml').expect(200);
    expect(sitemap.text).not.toContain('/suivi');
  });

  it('answers 404 for a malformed, an unknown and a replaced token, and the staff’s new link works at once', async () => {
    const { id, url } = await submitted();
    const old = new URL(url).pathname;
    for (const path of ['/suivi/trop-court', `/suivi/${'A'.repeat(32)}`, '/suivi/%E2%80%AE']) {
      const page = await request(site).get(path).expect(404);
      expect(page.text).toContain(NOT_FOUND);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
    const fresh = await request(site)
      .post(`/api/admin/project-submissions/${id}/tracking-link`)
      .set(bearer())
      .send({})
      .expect(201);
    expect(fresh.body.tracking_url).toMatch(TOKEN_URL);
    expect(fresh.body.message).toBe('Nouveau lien de suivi créé : l’ancien ne fonctionne plus.');
    expect((await request(site).get(old).expect(404)).text).toContain(NOT_FOUND);
    await request(site).get(new URL(fresh.body.tracking_url).pathname).expect(200);

    await request(site).post(`/api/admin/project-submissions/999999/tracking-link`).set(bearer()).expect(404);
    await request(site).post(`/api/admin/project-submissions/${id}/tracking-link`).expect(401);
  });

  it('mails a new link from the back office, and records WhatsApp as the contact method', async () => {
    const { id, reference, url } = await submitted();
    const mailed = await request(site)
      .post(`/api/admin/project-submissions/${id}/tracking-link`)
      .set(bearer())
      .send({ channel: 'email' })
      .expect(201);
    await deliver();
    const mail = inbox.messages.find(
      (m) => m.parsed.subject === `Votre lien de suivi pour la demande ${reference}`,
    );
    expect(mail?.envelope.to).toEqual([VALID_FIELDS.email]);
    expect(mail?.parsed.text).toContain(mailed.body.tracking_url);
    expect(mail?.parsed.text).not.toContain(url);

    const whatsapp = await request(site)
      .post(`/api/admin/project-submissions/${id}/tracking-link`)
      .set(bearer())
      .send({ channel: 'whatsapp' })
      .expect(201);
    expect(whatsapp.body.tracking_url).toMatch(TOKEN_URL);
    const row = await api.db.knex('project_submissions').where({ id }).first('contact_method');
    expect(row.contact_method).toBe('whatsapp');
    const refused = await request(site)
      .post(`/api/admin/project-submissions/${id}/tracking-link`)
      .set(bearer())
      .send({ channel: 'pigeon' })
      .expect(422);
    expect(refused.body.errors.channel).toEqual(["Canal d'envoi invalide : email, whatsapp ou vide"]);
  });

  it('records every change in the history, mails the client’s message, and shows it on the page without the internal note', async () => {
    const { id, reference, url } = await submitted();
    const patched = await request(site)
      .patch(`/api/admin/project-submissions/${id}/status`)
      .set(bearer())
      .send({
        status: 'contacted',
        admin_notes: 'Client rappelé, budget à revoir',
        client_message: 'Nous vous avons appelé ce matin.\nUn devis suit.',
      })
      .expect(200);
    expect(patched.body.data.status).toBe('contacted');
    expect(patched.body.data.admin_notes).toBe('Client rappelé, budget à revoir');
    // What was done, said as such: a status and a message here, a status alone next.
    expect(patched.body.message).toBe('Statut mis à jour et message envoyé au client.');
    const quoted = await request(site)
      .patch(`/api/admin/project-submissions/${id}/status`)
      .set(bearer())
      .send({ status: 'quoted', admin_notes: 'Client rappelé, budget à revoir' })
      .expect(200);
    expect(quoted.body.message).toBe('Statut mis à jour avec succès.');

    const events = await request(site)
      .get(`/api/admin/project-submissions/${id}/events`)
      .set(bearer())
      .expect(200);
    expect(events.headers['cache-control']).toBe('no-store');
    expect(
      events.body.data.map((e: Record<string, unknown>) => [
        e.from_status,
        e.to_status,
        e.internal_note,
        e.client_message,
        e.author_name,
      ]),
    ).toEqual([
      [
        'new',
        'contacted',
        'Client rappelé, budget à revoir',
        'Nous vous avons appelé ce matin.\nUn devis suit.',
        'Awa Admin',
      ],
      // The same note saved again is not a new entry.
      ['contacted', 'quoted', null, null, 'Awa Admin'],
    ]);
    expect(Date.parse(events.body.data[0].created_at)).not.toBeNaN();

    await deliver();
    const mail = inbox.messages.find((m) => m.parsed.subject === `Du nouveau sur votre demande ${reference}`);
    expect(mail?.envelope.to).toEqual([VALID_FIELDS.email]);
    expect(mail?.parsed.text).toContain('Nous vous avons appelé ce matin.');
    expect(mail?.parsed.text).toContain('Contactée');
    expect(mail?.parsed.text).not.toContain('budget à revoir');
    // Only one mail: the second change carried no message.
    expect(inbox.messages.filter((m) => m.parsed.subject?.startsWith('Du nouveau'))).toHaveLength(1);

    const page = await request(site).get(new URL(url).pathname).expect(200);
    expect(page.text).toContain('Devis envoyé');
    expect(page.text).toContain('Contactée');
    expect(page.text).toContain('Nous vous avons appelé ce matin.');
    expect(page.text).not.toContain('budget à revoir');
    expect(page.text).not.toContain('Awa Admin');

    await request(site).get(`/api/admin/project-submissions/999999/events`).set(bearer()).expect(404);
    await request(site).get(`/api/admin/project-submissions/${id}/events`).expect(401);
    const tooLong = await request(site)
      .patch(`/api/admin/project-submissions/${id}/status`)
      .set(bearer())
      .send({ status: 'quoted', client_message: 'x'.repeat(2001) })
      .expect(422);
    expect(tooLong.body.errors.client_message).toEqual([
      'Le message au client ne doit pas dépasser 2000 caractères',
    ]);
  });

  it('confirms a message to the client as a message, and a note alone as saved', async () => {
    const { id } = await submitted();
    const message = await request(site)
      .patch(`/api/admin/project-submissions/${id}/status`)
      .set(bearer())
      .send({ status: 'new', client_message: 'Nous étudions vos plans.' })
      .expect(200);
    expect(message.body.message).toBe('Message envoyé au client.');
    const note = await request(site)
      .patch(`/api/admin/project-submissions/${id}/status`)
      .set(bearer())
      .send({ status: 'new', admin_notes: 'Plans reçus en double.' })
      .expect(200);
    expect(note.body.message).toBe('Modifications enregistrées.');
  });

  it('shows the building site’s published updates with their photos under the page’s own path, never a draft', async () => {
    const { id, url } = await submitted();
    const token = tokenOf(url);
    const page = async () => (await request(site).get(`/suivi/${token}`).expect(200)).text;
    // Before approval: no site section at all.
    expect(await page()).not.toContain('Suivi de chantier');

    await request(site)
      .patch(`/api/admin/project-submissions/${id}/status`)
      .set(bearer())
      .send({ status: 'approved' })
      .expect(200);
    expect(await page()).toContain('Les travaux n’ont pas encore commencé');

    const post = (fields: Record<string, string>, photos: Buffer[] = []) => {
      const call = request(site).post(`/api/admin/project-submissions/${id}/updates`).set(bearer());
      for (const [name, value] of Object.entries(fields)) call.field(name, value);
      photos.forEach((data, i) => call.attach('photos[]', data, `chantier-${i}.jpg`));
      return call.expect(201);
    };
    await post(
      {
        date: '2026-11-20',
        phase: 'terrassement',
        progress: '15',
        text: 'Fouilles terminées.',
        published: '1',
      },
      [await jpeg({ width: 800, height: 600 })],
    );
    await post({ date: '2026-11-24', phase: 'elevation', progress: '30', text: 'Brouillon non relu.' });

    const html = await page();
    expect(html).toContain('Suivi de chantier');
    expect(html).toContain('Terrassement et fondations');
    expect(html).toContain('Fouilles terminées.');
    expect(html).not.toContain('Brouillon non relu.');
    const photo = new RegExp(`src="(/suivi/${token}/photos/[\\w-]+-640\\.webp)"`).exec(html)?.[1];
    expect(photo).toBeDefined();
    const served = await request(site).get(photo!).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('sends the link again only when the reference and the e-mail match, always answering 202 the same way', async () => {
    const { reference, url } = await submitted();
    await api.db.knex('outbox').del();
    const wrong = await request(site)
      .post('/api/tracking-links/resend')
      .send({ reference, email: 'quelquun@example.bj' })
      .expect(202);
    const unknown = await request(site)
      .post('/api/tracking-links/resend')
      .send({ reference: 'EDF-1999-00001', email: VALID_FIELDS.email })
      .expect(202);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(RESEND_ANSWER);
    await drainer.workDone();
    expect(Number((await api.db.knex('outbox').count({ n: '*' }).first())?.n)).toBe(0);

    const matched = await request(site)
      .post('/api/tracking-links/resend')
      .send({ reference: reference.toLowerCase(), email: ` ${VALID_FIELDS.email?.toUpperCase()} ` })
      .expect(202);
    expect(matched.body).toEqual(wrong.body);
    await drainer.workDone();
    await deliver();
    expect(inbox.messages).toHaveLength(1);
    const mail = inbox.messages[0];
    expect(mail?.envelope.to).toEqual([VALID_FIELDS.email]);
    const fresh = /http:\/\/site\.test\/suivi\/[A-Za-z0-9_-]{32}/.exec(mail?.parsed.text ?? '')?.[0] ?? '';
    expect(fresh).toMatch(TOKEN_URL);
    expect(fresh).not.toBe(url);
    // Asking voids nothing: the link held keeps working until the new one is opened.
    await request(site).get(new URL(url).pathname).expect(200);
    await request(site).get(new URL(fresh).pathname).expect(200);
    await request(site).get(new URL(url).pathname).expect(404);

    const refused = await request(site)
      .post('/api/tracking-links/resend')
      .send({ reference: 'villa', email: 'x' })
      .expect(422);
    expect(refused.body.errors).toEqual({
      reference: ['Référence invalide : elle ressemble à EDF-2026-00042'],
      email: ['Adresse e-mail invalide'],
    });
    const empty = await request(site).post('/api/tracking-links/resend').send({}).expect(422);
    expect(empty.body.errors).toEqual({
      reference: ['La référence est requise'],
      email: ["L'adresse e-mail est requise"],
    });
  });

  it('takes the /suivi form without JavaScript: a 303 back to the page, which says the same sentence', async () => {
    const { reference } = await submitted();
    const form = await request(site).get('/suivi').expect(200);
    expect(form.text).toContain('action="/api/tracking-links/resend"');
    // The plain form page is a public page, cached; a visitor's post does not empty the cache.
    expect((await request(site).get('/suivi').expect(200)).headers['x-html-cache']).toBe('hit');
    const posted = await request(site)
      .post('/api/tracking-links/resend')
      .set('Accept', BROWSER_ACCEPT)
      .type('form')
      .send({ reference, email: VALID_FIELDS.email })
      .expect(303);
    expect(posted.headers.location).toBe('/suivi?envoi=ok');
    expect((await request(site).get('/suivi').expect(200)).headers['x-html-cache']).toBe('hit');
    const page = await request(site).get('/suivi?envoi=ok').expect(200);
    expect(page.text).toContain(RESEND_ANSWER.replace("'", '&#x27;'));
    expect(page.headers['cache-control']).toBe('no-store');
    const refused = await request(site)
      .post('/api/tracking-links/resend')
      .set('Accept', BROWSER_ACCEPT)
      .type('form')
      .send({ reference: '', email: VALID_FIELDS.email })
      .expect(303);
    expect(refused.headers.location).toBe('/suivi?envoi=erreur&statut=422&champs=reference');
    const again = await request(site).get('/suivi?envoi=erreur&statut=422&champs=reference').expect(200);
    expect(again.text).toContain('Données invalides. Vérifiez vos informations.');
  });

  it('shows the link in the confirmation of a form posted without JavaScript, sealed in the receipt', async () => {
    const call = request(site).post('/api/submit-project').set('Accept', BROWSER_ACCEPT);
    for (const [name, value] of Object.entries(VALID_FIELDS)) call.field(name, value);
    const posted = await call.expect(303);
    const location = posted.headers.location as string;
    const page = await request(site).get(location).expect(200);
    const shown = /http:\/\/site\.test\/suivi\/([A-Za-z0-9_-]{32})/.exec(page.text);
    expect(shown).not.toBeNull();
    expect(location).not.toContain(shown?.[1]);
    const row = await api.db.knex('project_submissions').orderBy('id', 'desc').first('tracking_token_hash');
    expect(row.tracking_token_hash).toBe(sha256(shown?.[1] ?? ''));
    expect(page.text).not.toContain('Copier le lien');
  });

  it('never writes a token into the logs', async () => {
    const { url } = await submitted();
    const token = tokenOf(url);
    logLines.length = 0;
    await request(site).get(new URL(url).pathname).expect(200);
    await request(site)
      .get(`${new URL(url).pathname}?source=mail`)
      .expect(200);
    // One character off the real link: the last one replaced by another (a token ending in
    // 'x' would otherwise stay the real one, once in 64 runs).
    const oneOff = `${token.slice(0, 31)}${token.endsWith('x') ? 'y' : 'x'}`;
    await request(site).get(`/suivi/${oneOff}`).expect(404);
    const logged = logLines.join('\n');
    expect(logged).toContain('"url":"/suivi/[masqué]"');
    expect(logged).toContain('"url":"/suivi/[masqué]?source=mail"');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(0, 31));
  });

  it('rate-limits wrong links per client, never the client following their own link', async () => {
    const limited = testConfig(api.db.database, { TRACKING_GUESS_LIMIT: '3', APP_URL: 'http://site.test' });
    try {
      const app = createApp({
        config: limited.config,
        db: api.db.knex,
        logger: silentLogger(),
        root: process.cwd(),
        renderer,
      });
      const { id } = await aSubmission(api.db, { reference: 'EDF-2026-09999' });
      const token = await issueTrackingToken(api.db.knex, id);
      for (let i = 0; i < 5; i += 1) await request(app).get(`/suivi/${token}`).expect(200);
      for (let i = 0; i < 3; i += 1)
        await request(app)
          .get(`/suivi/${'B'.repeat(31)}${i}`)
          .expect(404);
      const stopped = await request(app)
        .get(`/suivi/${'C'.repeat(32)}`)
        .expect(429);
      expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
      expect(stopped.text).toContain('Trop de liens de suivi essayés depuis cette connexion.');
      // Another page of the site is not affected.
      await request(app).get('/suivi').expect(200);
    } finally {
      limited.dispose();
    }
  });
});

describe.each(testEngines())('link requests rate limit on $name', (engine) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { TRACKING_RESEND_LIMIT: '2' } });
  });
  afterAll(() => api?.cleanup());

  it('stops a client after the limit with a 429, a typing mistake not counting', async () => {
    const body = { reference: 'EDF-2026-00001', email: 'a@example.bj' };
    await request(api.app).post('/api/tracking-links/resend').send({ reference: 'x' }).expect(422);
    await request(api.app).post('/api/tracking-links/resend').send(body).expect(202);
    await request(api.app).post('/api/tracking-links/resend').send(body).expect(202);
    const stopped = await request(api.app).post('/api/tracking-links/resend').send(body).expect(429);
    expect(stopped.body.message).toBe(
      'Trop de demandes de lien envoyées depuis cette connexion. Veuillez réessayer plus tard.',
    );
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe.each(testEngines())('the status history migration on $name', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(() => db?.cleanup());

  it('turns existing notes into the first entry of each request’s history, dated by its last update', async () => {
    const until = migrations.findIndex((migration) => migration.name === '010-tracking-links');
    for (const migration of migrations.slice(0, until + 1)) await migration.up(db.knex);
    const row = (title: string, status: string, admin_notes: string | null) => ({
      reference: `EDF-2026-0000${title}`,
      first_name: 'Awa',
      last_name: 'Houénou',
      email: 'awa@example.bj',
      phone: '+229 01 97 12 34 56',
      project_title: title,
      project_type: 'Rénovation',
      location: 'Cotonou',
      budget: '5M - 10M FCFA',
      description: 'Une demande.',
      status,
      admin_notes,
      created_at: '2026-01-10 08:00:00',
      updated_at: '2026-02-03 09:30:00',
    });
    await db
      .knex('project_submissions')
      .insert([
        row('1', 'quoted', 'Devis envoyé par WhatsApp'),
        row('2', 'new', null),
        row('3', 'new', 'À rappeler'),
      ]);
    const eleven = migrations[until + 1];
    expect(eleven?.name).toBe('011-submission-events');
    await eleven?.up(db.knex);

    const events = await db
      .knex('submission_events as e')
      .join('project_submissions as s', 's.id', 'e.submission_id')
      .orderBy('s.project_title')
      .select('s.project_title', 'e.from_status', 'e.to_status', 'e.internal_note', 'e.created_at');
    expect(
      events.map((e) => [
        e.project_title,
        e.from_status,
        e.to_status,
        e.internal_note,
        fromDbDateTime(e.created_at)?.toISOString(),
      ]),
    ).toEqual([
      ['1', 'new', 'quoted', 'Devis envoyé par WhatsApp', '2026-02-03T09:30:00.000Z'],
      ['3', 'new', 'new', 'À rappeler', '2026-02-03T09:30:00.000Z'],
    ]);
  });
});
