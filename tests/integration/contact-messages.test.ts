import { parse } from 'csv-parse/sync';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusedDrafts } from '#server/features/contact-messages/refused-drafts';
import { toDbDateTime } from '#server/db/dialect';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines } from '../helpers/test-db';

/**
 * The contact form's API and the messages inbox (docs/product-rules.md, "Contact form",
 * "Messages inbox" and "CSV exports"), on every engine. Messages are written out here: a
 * typo in the app must fail.
 */

const M = {
  nameTooShort: 'Le nom complet doit contenir au moins 3 caractères',
  nameTooLong: 'Le nom complet ne doit pas dépasser 100 caractères',
  contactRequired: 'Indiquez une adresse e-mail ou un numéro de téléphone',
  emailInvalid: 'Adresse e-mail invalide',
  phoneInvalid: 'Numéro de téléphone invalide : 8 à 15 chiffres, précédés éventuellement de +',
  subjectRequired: 'Le sujet est requis',
  subjectInvalid:
    'Sujet invalide : choisissez parmi Renseignement, Demande de devis, Achat de produit, Offre immobilière, Autre',
  messageTooShort: 'Le message doit contenir au moins 10 caractères',
  messageTooLong: 'Le message ne doit pas dépasser 5000 caractères',
  tooMany: 'Trop de messages envoyés depuis cette connexion. Veuillez réessayer plus tard.',
  notFound: 'Message introuvable.',
};

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';
const REFERENCE = /^MSG-\d{4}-\d{5}$/;

const VALID = {
  name: 'Awa Houénou',
  email: 'awa.houenou@example.bj',
  phone: '+229 01 97 12 34 56',
  subject: 'devis',
  message: 'Bonjour, je souhaite un devis pour une clôture de 40 mètres.',
};

interface CsvFile {
  bom: boolean;
  rows: string[][];
}

function readCsv(body: Buffer): CsvFile {
  const text = body.toString('utf8');
  return { bom: text.startsWith('\uFEFF'), rows: parse(text, { bom: true, delimiter: ';' }) as string[][] };
}

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(testEngines())('contact messages on $name', (engine) => {
  let api: ApiHarness;
  let app: express.Express;
  const auth = () => ({ Authorization: `Bearer ${api.adminToken}` });
  const rows = () => api.db.knex('contact_messages').select('*').orderBy('id');

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { CONTACT_RATE_LIMIT: '1000' } });
    app = api.app;
  });
  afterAll(() => api.cleanup());
  beforeEach(async () => {
    await api.db.knex('contact_messages').del();
  });

  describe('POST /api/contact-messages', () => {
    it('stores a JSON message: 201 with its id and reference, the subject as its code, the phone without spaces', async () => {
      const response = await request(app).post('/api/contact-messages').send(VALID).expect(201);
      expect(Object.keys(response.body).sort()).toEqual(['id', 'reference']);
      expect(response.body.reference).toMatch(REFERENCE);
      const [row] = await rows();
      expect(row).toMatchObject({
        id: response.body.id,
        reference: response.body.reference,
        name: VALID.name,
        email: VALID.email,
        phone: '+2290197123456',
        subject: 'devis',
        message: VALID.message,
        status: 'unread',
      });
      expect(response.body.reference.slice(4, 8)).toBe(String(new Date().getUTCFullYear()));
    });

    it('stores form data too, takes the subject by its label, and gives each message its own reference', async () => {
      const first = await request(app)
        .post('/api/contact-messages')
        .type('form')
        .send({ ...VALID, email: '', subject: 'Offre immobilière' })
        .expect(201);
      const second = await request(app)
        .post('/api/contact-messages')
        .type('form')
        .send({ ...VALID, phone: '', subject: 'autre' })
        .expect(201);
      expect(first.body.reference).not.toBe(second.body.reference);
      const stored = await rows();
      expect(stored.map((row) => [row.subject, row.email, row.phone])).toEqual([
        ['immobilier', null, '+2290197123456'],
        ['autre', VALID.email, null],
      ]);
    });

    it.each([
      ['a name of 2 characters', { name: ' Aw ' }, { name: [M.nameTooShort] }],
      ['a missing name', { name: undefined }, { name: [M.nameTooShort] }],
      ['a name of 101 characters', { name: 'A'.repeat(101) }, { name: [M.nameTooLong] }],
      [
        'neither e-mail nor phone',
        { email: '', phone: ' ' },
        { email: [M.contactRequired], phone: [M.contactRequired] },
      ],
      ['an invalid e-mail', { email: 'awa@' }, { email: [M.emailInvalid] }],
      ['a phone of 7 digits', { phone: '+229 01 97' }, { phone: [M.phoneInvalid] }],
      ['a phone of 16 digits', { phone: '1234567890123456' }, { phone: [M.phoneInvalid] }],
      ['a phone with letters', { phone: '01 97 AB 34 56' }, { phone: [M.phoneInvalid] }],
      ['a + inside the phone', { phone: '0197+123456' }, { phone: [M.phoneInvalid] }],
      ['a missing subject', { subject: '' }, { subject: [M.subjectRequired] }],
      ['an unknown subject', { subject: 'Plainte' }, { subject: [M.subjectInvalid] }],
      ['a message of 9 characters', { message: '  Bonjour! ' }, { message: [M.messageTooShort] }],
      ['a message of 5001 characters', { message: 'x'.repeat(5001) }, { message: [M.messageTooLong] }],
    ])('refuses %s with 422 and its French message, storing nothing', async (_label, change, errors) => {
      const response = await request(app)
        .post('/api/contact-messages')
        .send({ ...VALID, ...change })
        .expect(422);
      expect(response.body).toEqual({ message: 'Erreur de validation', errors });
      expect(await rows()).toEqual([]);
    });

    it('accepts the limits themselves: 3 and 100 characters of name, 8 and 15 digits, 10 and 5000 of message', async () => {
      for (const change of [
        { name: 'Awa', phone: '01971234', message: 'x'.repeat(10) },
        { name: 'A'.repeat(100), phone: '+123 456 789 012 345', message: 'y'.repeat(5000) },
      ])
        await request(app)
          .post('/api/contact-messages')
          .send({ ...VALID, ...change })
          .expect(201);
      expect((await rows()).map((row) => row.phone)).toEqual(['01971234', '+123456789012345']);
    });

    it('stores the line breaks of a form post as LF, and counts them as one character', async () => {
      const text = `Ligne une,\r\n${'x'.repeat(4984)}\r\nfin.`;
      expect(text.replace(/\r\n/g, '\n')).toHaveLength(5000);
      await request(app)
        .post('/api/contact-messages')
        .type('form')
        .send({ ...VALID, message: text })
        .expect(201);
      const [row] = await rows();
      expect(row.message).toBe(text.replace(/\r\n/g, '\n'));
    });

    it('gives every field its message at once', async () => {
      const response = await request(app).post('/api/contact-messages').send({}).expect(422);
      expect(response.body.errors).toEqual({
        name: [M.nameTooShort],
        email: [M.contactRequired],
        phone: [M.contactRequired],
        subject: [M.subjectRequired],
        message: [M.messageTooShort],
      });
    });

    it('queues the staff notice and the sender’s receipt in the outbox with the message, the subject by its label', async () => {
      await api.db.knex('outbox').del();
      const sent = await request(app).post('/api/contact-messages').send(VALID).expect(201);
      const mails = await api.db
        .knex('outbox')
        .where({ about_type: 'contact_message', about_id: sent.body.id })
        .orderBy('id')
        .select('recipients', 'reply_to', 'subject', 'status', 'html');
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Nouveau message ${sent.body.reference} : Demande de devis`,
        `Votre message ${sent.body.reference} a bien été reçu`,
      ]);
      expect(mails.map((mail) => mail.status)).toEqual(['pending', 'pending']);
      expect(mails[0].reply_to).toBe(VALID.email);
      expect(mails[1].recipients).toContain(VALID.email);
      expect(mails[0].html).toContain(`/admin/messages?message=${sent.body.id}`);

      // No e-mail given: the staff is told, nobody else.
      const { email: _email, ...phoneOnly } = VALID;
      const byPhone = await request(app).post('/api/contact-messages').send(phoneOnly).expect(201);
      const phoneMails = await api.db
        .knex('outbox')
        .where({ about_type: 'contact_message', about_id: byPhone.body.id })
        .pluck('subject');
      expect(phoneMails).toEqual([`Nouveau message ${byPhone.body.reference} : Demande de devis`]);

      // A filled honeypot stores nothing and queues nothing.
      const before = Number((await api.db.knex('outbox').count({ n: '*' }).first())?.n);
      await request(app)
        .post('/api/contact-messages')
        .send({ ...VALID, website: 'https://spam.example' })
        .expect(201);
      expect(Number((await api.db.knex('outbox').count({ n: '*' }).first())?.n)).toBe(before);
    });

    it('confirms to the sender’s address nothing they typed but a short name; the staff read every word', async () => {
      // Nobody verified that address: quoting the message would carry a stranger's text to it.
      const phishing = 'Régularisez : https://evil.example/login';
      const longName = `Service client ${'de la banque '.repeat(6)}`.trim();
      const sent = await request(app)
        .post('/api/contact-messages')
        .send({ name: longName, email: 'target@example.com', subject: 'autre', message: phishing })
        .expect(201);
      const [staff, client] = await api.db
        .knex('outbox')
        .where({ about_type: 'contact_message', about_id: sent.body.id })
        .orderBy('id')
        .select('recipients', 'subject', 'html', 'text');
      expect(client.recipients).toBe('target@example.com');
      for (const part of [client.subject, client.html, client.text]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Régularisez');
        expect(part).not.toContain(longName);
      }
      expect(client.text).toContain(sent.body.reference);
      expect(client.text).toContain(`Bonjour ${Array.from(longName).slice(0, 39).join('').trimEnd()}…,`);
      for (const part of [staff.html, staff.text]) {
        expect(part).toContain('https://evil.example/login');
        expect(part).toContain(longName);
      }
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const response = await request(app)
        .post('/api/contact-messages')
        .send({ ...VALID, website: 'https://spam.example' })
        .expect(201);
      expect(response.body.reference).toMatch(REFERENCE);
      expect(await rows()).toEqual([]);
    });

    it('answers a browser’s own post with a 303 to the contact page and the reference', async () => {
      const response = await request(app)
        .post('/api/contact-messages')
        .set('Accept', BROWSER_ACCEPT)
        .type('form')
        .send(VALID)
        .expect(303);
      const [row] = await rows();
      expect(response.headers.location).toBe(
        `/contact?envoi=ok&reference=${row.reference}#formulaire-contact`,
      );
    });

    it('sends a refused browser post back with the fields at fault and keeps what was typed under a token', async () => {
      const typed = { ...VALID, email: 'awa@', phone: '12', message: 'Un message à garder tel quel.' };
      const response = await request(app)
        .post('/api/contact-messages')
        .set('Accept', BROWSER_ACCEPT)
        .type('form')
        .send(typed)
        .expect(303);
      expect(response.headers['cache-control']).toBe('no-store');
      const location = new URL(String(response.headers.location), 'http://localhost');
      expect(location.pathname).toBe('/contact');
      expect(location.searchParams.get('envoi')).toBe('erreur');
      expect(location.searchParams.get('statut')).toBe('422');
      expect(location.searchParams.get('champs')).toBe('email,phone');
      // Nothing typed travels in the URL.
      expect(response.headers.location).not.toContain('garder');
      const draft = refusedDrafts.read(location.searchParams.get('brouillon') ?? '');
      expect(draft).toEqual({
        values: { name: typed.name, email: 'awa@', phone: '12', subject: 'devis', message: typed.message },
        errors: { email: M.emailInvalid, phone: M.phoneInvalid },
      });
      expect(await rows()).toEqual([]);
    });
    it.each([
      ['a message of 150 KB', { message: `Bonjour, ${'é'.repeat(25_000)} ${'a'.repeat(100_000)}` }],
      ['valid fields followed by 200 KB of padding', { filler: 'x'.repeat(200_000) }],
    ])(
      'sends a browser post over the 100 KB body limit (%s) back to the form with what was typed, not JSON',
      async (_, extra) => {
        const typed = { ...VALID, ...extra };
        const response = await request(app)
          .post('/api/contact-messages')
          .set('Accept', BROWSER_ACCEPT)
          .type('form')
          .send(typed)
          .expect(303);
        const location = new URL(String(response.headers.location), 'http://localhost');
        expect(location.pathname).toBe('/contact');
        expect(location.searchParams.get('envoi')).toBe('erreur');
        expect(location.searchParams.get('champs')).toBe('message');
        const draft = refusedDrafts.read(location.searchParams.get('brouillon') ?? '');
        expect(draft?.errors).toEqual({ message: M.messageTooLong });
        expect(draft?.values).toMatchObject({
          name: VALID.name,
          email: VALID.email,
          phone: VALID.phone,
          subject: 'devis',
        });
        // The message's beginning comes back, as far as the form keeps it.
        expect(draft?.values.message.startsWith(typed.message.slice(0, 5_000))).toBe(true);
        expect(await rows()).toEqual([]);
      },
    );

    it('still answers a JSON client over the body limit with a 413 in JSON', async () => {
      const response = await request(app)
        .post('/api/contact-messages')
        .send({ ...VALID, message: 'a'.repeat(150_000) })
        .expect(413);
      expect(response.headers['content-type']).toMatch(/json/);
    });
  });

  describe('the per-client limit', () => {
    let limited: ApiHarness;
    beforeAll(async () => {
      limited = await openApiHarness(engine, {
        env: { CONTACT_RATE_LIMIT: '2', CONTACT_RATE_WINDOW_MINUTES: '60' },
      });
    });
    afterAll(() => limited.cleanup());

    it('answers 429 with Retry-After past CONTACT_RATE_LIMIT; refused messages do not count', async () => {
      await request(limited.app)
        .post('/api/contact-messages')
        .send({ ...VALID, name: '' })
        .expect(422);
      await request(limited.app).post('/api/contact-messages').send(VALID).expect(201);
      await request(limited.app).post('/api/contact-messages').send(VALID).expect(201);
      const refused = await request(limited.app).post('/api/contact-messages').send(VALID).expect(429);
      expect(refused.body).toEqual({ message: M.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      // A browser is sent back to the page with the status.
      const browser = await request(limited.app)
        .post('/api/contact-messages')
        .set('Accept', BROWSER_ACCEPT)
        .type('form')
        .send(VALID)
        .expect(303);
      expect(browser.headers.location).toMatch(/^\/contact\?envoi=erreur&statut=429&brouillon=/);
      expect(await limited.db.knex('contact_messages').count({ n: '*' }).first()).toMatchObject({ n: 2 });
    });
  });

  describe('the inbox API', () => {
    const at = (day: number) => toDbDateTime(new Date(Date.UTC(2026, 0, day, 10, 0, 0)));

    async function fill(): Promise<number[]> {
      const base = [
        {
          name: 'Koffi Mensah',
          email: 'koffi@example.bj',
          phone: null,
          subject: 'devis',
          message: 'Devis pour un duplex.',
          status: 'unread',
        },
        {
          name: 'Awa Houénou',
          email: null,
          phone: '+2290197000001',
          subject: 'achat',
          message: 'Je cherche du ciment.',
          status: 'read',
        },
        {
          name: 'Jean Dossou',
          email: 'jean@example.bj',
          phone: '0196000002',
          subject: 'immobilier',
          message: 'La parcelle de Calavi est-elle libre ?',
          status: 'archived',
        },
      ];
      const all = Array.from({ length: 20 }, (_, i) => ({
        ...base[i % 3]!,
        reference: `MSG-2026-${String(i + 1).padStart(5, '0')}`,
        created_at: at(i + 1),
        updated_at: at(i + 1),
      }));
      await api.db.knex('contact_messages').insert(all);
      return (await api.db.knex('contact_messages').select('id').orderBy('created_at', 'desc')).map((r) =>
        Number(r.id),
      );
    }

    it('pages by 15, newest first, with the submissions list’s shape and the stats', async () => {
      const ids = await fill();
      const first = await request(app).get('/api/admin/contact-messages').set(auth()).expect(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.body.success).toBe(true);
      expect(first.body.data).toMatchObject({
        current_page: 1,
        last_page: 2,
        per_page: 15,
        total: 20,
        from: 1,
        to: 15,
      });
      expect(first.body.data.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 15));
      expect(first.body.stats).toEqual({ total: 20, unread: 7, archived: 6 });
      expect(first.body.data.data[0]).toMatchObject({
        reference: 'MSG-2026-00020',
        subject: 'achat',
        subject_label: 'Achat de produit',
        status: 'read',
        status_label: 'Lu',
        created_at: '2026-01-20T10:00:00.000Z',
      });
      const second = await request(app).get('/api/admin/contact-messages?page=2').set(auth()).expect(200);
      expect(second.body.data).toMatchObject({ current_page: 2, from: 16, to: 20 });
      const wide = await request(app).get('/api/admin/contact-messages?per_page=100').set(auth()).expect(200);
      expect(wide.body.data.data).toHaveLength(20);
      const tooWide = await request(app)
        .get('/api/admin/contact-messages?per_page=101')
        .set(auth())
        .expect(422);
      expect(tooWide.body.errors.per_page).toEqual(['Le nombre par page doit être un entier entre 1 et 100']);
    });

    it('filters by status and searches name, e-mail, phone, reference and the message text', async () => {
      await fill();
      const count = async (query: string) =>
        (await request(app).get(`/api/admin/contact-messages?per_page=100&${query}`).set(auth()).expect(200))
          .body.data.total as number;
      expect(await count('status=unread')).toBe(7);
      expect(await count('status=read')).toBe(7);
      expect(await count('status=archived')).toBe(6);
      expect(await count('status=all')).toBe(20);
      expect(await count('search=koffi')).toBe(7);
      expect(await count('search=jean%40example')).toBe(6);
      expect(await count('search=0197000001')).toBe(7);
      expect(await count('search=MSG-2026-00013')).toBe(1);
      expect(await count('search=parcelle%20calavi')).toBe(6);
      expect(await count('search=ciment&status=unread')).toBe(0);
      const bad = await request(app).get('/api/admin/contact-messages?status=lu').set(auth()).expect(422);
      expect(bad.body.errors.status).toEqual(['Filtre de statut invalide : all, unread, read ou archived']);
    });

    it('reads one message, changes its status (read, archived, back) and deletes it', async () => {
      const [id] = await fill();
      const one = await request(app).get(`/api/admin/contact-messages/${id}`).set(auth()).expect(200);
      expect(one.body.data).toMatchObject({ id, status: 'read', read_at: null });

      const archived = await request(app)
        .patch(`/api/admin/contact-messages/${id}`)
        .set(auth())
        .send({ status: 'archived' })
        .expect(200);
      expect(archived.body).toMatchObject({
        message: 'Message mis à jour avec succès.',
        data: { id, status: 'archived', status_label: 'Archivé' },
      });
      expect(archived.body.data.read_at).not.toBeNull();
      const back = await request(app)
        .patch(`/api/admin/contact-messages/${id}`)
        .set(auth())
        .send({ status: 'read' })
        .expect(200);
      expect(back.body.data.status).toBe('read');
      const unread = await request(app)
        .patch(`/api/admin/contact-messages/${id}`)
        .set(auth())
        .send({ status: 'unread' })
        .expect(200);
      expect(unread.body.data).toMatchObject({ status: 'unread', read_at: null });

      const bad = await request(app)
        .patch(`/api/admin/contact-messages/${id}`)
        .set(auth())
        .send({ status: 'spam' })
        .expect(422);
      expect(bad.body.errors).toEqual({ status: ['Statut invalide : unread, read ou archived'] });

      const deleted = await request(app).delete(`/api/admin/contact-messages/${id}`).set(auth()).expect(200);
      expect(deleted.body).toEqual({ success: true, message: 'Message supprimé avec succès.' });
      // In the trash: kept, marked, out of every read until restored.
      expect((await api.db.knex('contact_messages').where({ id }).first()).deleted_at).not.toBeNull();
      for (const call of [
        request(app).get(`/api/admin/contact-messages/${id}`),
        request(app).patch(`/api/admin/contact-messages/${id}`).send({ status: 'read' }),
        request(app).delete(`/api/admin/contact-messages/${id}`),
        request(app).get('/api/admin/contact-messages/abc'),
      ]) {
        const missing = await call.set(auth()).expect(404);
        expect(missing.body).toEqual({ message: M.notFound });
      }
    });

    it('moves a message to the trash, out of the list, counts, export and dashboard, then back, then purged', async () => {
      await fill();
      const target = await api.db.knex('contact_messages').where({ status: 'unread' }).orderBy('id').first();
      const id = Number(target.id);
      const list = async () =>
        (await request(app).get('/api/admin/contact-messages?per_page=100').set(auth()).expect(200)).body;
      const csv = async () =>
        (await request(app).get('/api/admin/contact-messages/export.csv').set(auth()).expect(200)).text;
      const unreadOnDashboard = async () =>
        (await request(app).get('/api/admin/stats').set(auth()).expect(200)).body.unread_messages as number;
      const dashboard = await unreadOnDashboard();

      await request(app)
        .delete(`/api/admin/contact-messages/${id}`)
        .set(auth())
        .expect(200, { success: true, message: 'Message supprimé avec succès.' });
      expect((await api.db.knex('contact_messages').where({ id }).first()).deleted_at).not.toBeNull();
      expect((await api.db.knex('trash').where({ kind: 'message', entity_id: id }).first()).label).toBe(
        `${target.reference} — ${target.name}`,
      );
      const trashed = await list();
      expect(trashed.stats).toEqual({ total: 19, unread: 6, archived: 6 });
      expect(trashed.data.data.map((row: { id: number }) => row.id)).not.toContain(id);
      expect(await csv()).not.toContain(target.reference);
      expect(await unreadOnDashboard()).toBe(dashboard - 1);
      await request(app).get(`/api/admin/contact-messages/${id}`).set(auth()).expect(404);
      await request(app)
        .patch(`/api/admin/contact-messages/${id}`)
        .set(auth())
        .send({ status: 'read' })
        .expect(404);
      await request(app)
        .patch(`/api/admin/contact-messages/${id}/assignee`)
        .set(auth())
        .send({ user_id: null })
        .expect(404);

      await request(app).post(`/api/admin/trash/message/${id}/restore`).set(auth()).expect(200);
      expect((await list()).stats).toEqual({ total: 20, unread: 7, archived: 6 });
      expect(await csv()).toContain(target.reference);
      expect(await unreadOnDashboard()).toBe(dashboard);

      await request(app).delete(`/api/admin/contact-messages/${id}`).set(auth()).expect(200);
      await request(app).delete(`/api/admin/trash/message/${id}`).set(auth()).expect(200);
      expect(await api.db.knex('contact_messages').where({ id }).first()).toBeUndefined();
    });

    it('requires an administrator on every inbox route', async () => {
      const [id] = await fill();
      const calls = () => [
        request(app).get('/api/admin/contact-messages'),
        request(app).get('/api/admin/contact-messages/export.csv'),
        request(app).get(`/api/admin/contact-messages/${id}`),
        request(app).patch(`/api/admin/contact-messages/${id}`).send({ status: 'read' }),
        request(app).delete(`/api/admin/contact-messages/${id}`),
        request(app).get('/api/admin/project-submissions/export.csv'),
      ];
      for (const call of calls()) await call.expect(401);
      for (const call of calls()) await call.set({ Authorization: `Bearer ${api.editorToken}` }).expect(403);
      expect(await api.db.knex('contact_messages').count({ n: '*' }).first()).toMatchObject({ n: 20 });
    });
  });

  describe('CSV exports', () => {
    it('exports every message the filters keep: BOM, ";", French headers, Cotonou dates, formulas neutralised', async () => {
      await api.db.knex('contact_messages').insert([
        {
          reference: 'MSG-2026-00001',
          name: '=HYPERLINK("http://evil.example","clic")',
          email: 'awa@example.bj',
          phone: '+2290197123456',
          subject: 'devis',
          message: 'Ligne 1; avec "guillemets"\net une deuxième ligne',
          status: 'unread',
          // 23:30 UTC is already the next day in Cotonou (UTC+1).
          created_at: '2026-03-01 23:30:00',
          updated_at: '2026-03-01 23:30:00',
        },
        {
          reference: 'MSG-2026-00002',
          name: '@Koffi',
          email: null,
          phone: '0196000002',
          subject: 'autre',
          message: '-1 commande',
          status: 'archived',
          created_at: '2026-02-10 08:05:00',
          updated_at: '2026-02-10 08:05:00',
        },
      ]);
      const response = await request(app)
        .get('/api/admin/contact-messages/export.csv')
        .set(auth())
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="messages-contact-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const csv = readCsv(response.body as Buffer);
      expect(csv.bom).toBe(true);
      expect(csv.rows[0]).toEqual([
        'Référence',
        'Date',
        'Heure',
        'Nom complet',
        'E-mail',
        'Téléphone',
        'Sujet',
        'Message',
        'Statut',
      ]);
      expect(csv.rows.slice(1)).toEqual([
        [
          'MSG-2026-00001',
          '02/03/2026',
          '00:30',
          `'=HYPERLINK("http://evil.example","clic")`,
          'awa@example.bj',
          "'+2290197123456",
          'Demande de devis',
          'Ligne 1; avec "guillemets"\net une deuxième ligne',
          'Non lu',
        ],
        [
          'MSG-2026-00002',
          '10/02/2026',
          '09:05',
          "'@Koffi",
          '',
          '0196000002',
          'Autre',
          "'-1 commande",
          'Archivé',
        ],
      ]);
      const archived = await request(app)
        .get('/api/admin/contact-messages/export.csv?status=archived')
        .set(auth())
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(readCsv(archived.body as Buffer).rows.map((row) => row[0])).toEqual([
        'Référence',
        'MSG-2026-00002',
      ]);
      const bad = await request(app)
        .get('/api/admin/contact-messages/export.csv?status=x')
        .set(auth())
        .expect(422);
      expect(bad.body.errors.status).toBeDefined();
    });

    it('exports 5,000 messages, each once, newest first', async () => {
      const stamp = (i: number) => toDbDateTime(new Date(Date.UTC(2026, 0, 1) + i * 60_000));
      const all = Array.from({ length: 5000 }, (_, i) => ({
        reference: `MSG-2026-${String(i + 1).padStart(5, '0')}`,
        name: `Client ${i + 1}`,
        email: `client${i + 1}@example.bj`,
        subject: 'renseignement',
        message: 'Une question sur vos services.',
        status: 'unread',
        created_at: stamp(i),
        updated_at: stamp(i),
      }));
      for (let i = 0; i < all.length; i += 500)
        await api.db.knex('contact_messages').insert(all.slice(i, i + 500));
      const response = await request(app)
        .get('/api/admin/contact-messages/export.csv')
        .set(auth())
        .buffer(true)
        .parse(binary)
        .expect(200);
      const { rows: lines } = readCsv(response.body as Buffer);
      expect(lines).toHaveLength(5001);
      const references = lines.slice(1).map((row) => row[0]);
      expect(new Set(references).size).toBe(5000);
      expect(references[0]).toBe('MSG-2026-05000');
      expect(references[4999]).toBe('MSG-2026-00001');
    });

    it('exports the project submissions with the list’s search, status and sort, every page', async () => {
      await api.db.knex('project_submissions').del();
      const stamp = (i: number) => toDbDateTime(new Date(Date.UTC(2026, 0, 1) + i * 60_000));
      const all = Array.from({ length: 5000 }, (_, i) => ({
        reference: `EDF-2026-${String(i + 1).padStart(5, '0')}`,
        first_name: i === 0 ? '+Awa' : 'Awa',
        last_name: `Dossou ${i + 1}`,
        email: `client${i + 1}@example.bj`,
        phone: '0197000000',
        company: null,
        project_title: i % 2 === 0 ? `Villa ${i + 1}` : `Immeuble ${i + 1}`,
        project_type: 'Autre',
        location: 'Cotonou',
        budget: 'Moins de 5M FCFA',
        description: i === 0 ? '=1+1' : 'Une demande.',
        start_date: i === 0 ? '2026-07-14' : null,
        status: i % 2 === 0 ? 'new' : 'quoted',
        contact_method: i === 0 ? 'whatsapp' : null,
        admin_notes: null,
        created_at: stamp(i),
        updated_at: stamp(i),
      }));
      for (let i = 0; i < all.length; i += 500)
        await api.db.knex('project_submissions').insert(all.slice(i, i + 500));

      const everything = await request(app)
        .get('/api/admin/project-submissions/export.csv')
        .set(auth())
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(everything.headers['content-disposition']).toMatch(
        /filename="soumissions-projets-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const csv = readCsv(everything.body as Buffer);
      expect(csv.bom).toBe(true);
      expect(csv.rows[0]).toEqual([
        'Référence',
        'Date',
        'Heure',
        'Prénom',
        'Nom',
        'E-mail',
        'Téléphone',
        'Entreprise',
        'Titre du projet',
        'Type de projet',
        'Localisation',
        'Budget',
        'Date de début souhaitée',
        'Description',
        'Statut',
        'Méthode de contact',
        'Notes',
      ]);
      expect(csv.rows).toHaveLength(5001);
      // Default order: newest first; the oldest is last.
      expect(csv.rows[1]![4]).toBe('Dossou 5000');
      expect(csv.rows[5000]).toEqual([
        'EDF-2026-00001',
        '01/01/2026',
        '01:00',
        "'+Awa",
        'Dossou 1',
        'client1@example.bj',
        '0197000000',
        '',
        'Villa 1',
        'Autre',
        'Cotonou',
        'Moins de 5M FCFA',
        '14/07/2026',
        "'=1+1",
        'Nouveau',
        'WhatsApp',
        '',
      ]);

      const filtered = await request(app)
        .get(
          '/api/admin/project-submissions/export.csv?status=quoted&search=immeuble&sort_by=created_at&sort_order=asc',
        )
        .set(auth())
        .buffer(true)
        .parse(binary)
        .expect(200);
      const kept = readCsv(filtered.body as Buffer).rows.slice(1);
      expect(kept).toHaveLength(2500);
      expect(kept[0]![4]).toBe('Dossou 2');
      expect(kept.every((row) => row[14] === 'Devisé' && row[8]!.startsWith('Immeuble'))).toBe(true);
    });
  });
});
