import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toDbDateTime, toNumber } from '#server/db/dialect';
import { queueContactMessageMails, queueSubmissionMails } from '#server/features/mail';
import { deliverOutbox } from '../helpers/outbox-delivery';
import { ADMIN_EMAIL, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aSubmission } from '../helpers/builders';
import { openSmtpInbox, type ReceivedMail, type SmtpInbox } from '../helpers/smtp-inbox';
import { testEngines } from '../helpers/test-db';

/**
 * Assignment of project requests and contact messages (docs/product-rules.md, "Assignment"),
 * on every engine: the row, the answer, the activity log's entry written in the same
 * transaction, the mail as a real SMTP server receives it, the lists' filters, and the
 * staff's notification going to the assignee. Messages are written out here: a typo in the
 * app must fail.
 */

const M = {
  userRequired: 'Choisissez la personne à qui confier ce dossier, ou null pour le retirer (user_id).',
  userInvalid:
    'Cette personne ne peut pas suivre un dossier : choisissez un administrateur ou un commercial actif.',
  filterInvalid: "Filtre « assigné à » invalide : me, none ou l'identifiant d'un utilisateur.",
  submissionNotFound: 'Soumission introuvable.',
  messageNotFound: 'Message introuvable.',
};

const STAFF = 'equipe@edifier.test';
const APP_URL = 'http://site.test';

interface Staff {
  id: number;
  name: string;
  email: string;
}

describe.each(testEngines())('assignment on $name', (engine) => {
  let api: ApiHarness;
  let app: express.Express;
  let inbox: SmtpInbox;
  let admin: Staff;
  let commercial: Staff;
  let editeur: Staff;
  let chantier: Staff;
  const bearer = () => ({ Authorization: `Bearer ${api.adminToken}` });
  const knex = () => api.db.knex;

  async function deliver(): Promise<ReceivedMail[]> {
    await deliverOutbox(api);
    return inbox.messages;
  }

  async function addUser(name: string, email: string, role: string): Promise<Staff> {
    const { password_hash: hash } = await knex()('users')
      .where({ email: ADMIN_EMAIL })
      .first('password_hash');
    const stamp = toDbDateTime(new Date());
    const [id] = await knex()('users').insert({
      name,
      email,
      role,
      password_hash: hash,
      created_at: stamp,
      updated_at: stamp,
    });
    return { id: Number(id), name, email };
  }

  async function aMessage(overrides: Record<string, unknown> = {}): Promise<number> {
    const stamp = toDbDateTime(new Date());
    const [id] = await knex()('contact_messages').insert({
      reference: `MSG-2026-${String(Math.floor(Math.random() * 99999)).padStart(5, '0')}`,
      name: 'Koffi Agbo',
      email: 'koffi.agbo@exemple.bj',
      phone: '+2290166457890',
      subject: 'devis',
      message: 'Bonjour, un devis pour une clôture de 40 mètres.',
      status: 'unread',
      created_at: stamp,
      updated_at: stamp,
      ...overrides,
    });
    return Number(id);
  }

  const assignSubmission = (id: number, userId: unknown, token = api.adminToken) =>
    request(app)
      .patch(`/api/admin/project-submissions/${id}/assignee`)
      .set({ Authorization: `Bearer ${token}` })
      .send(userId === undefined ? {} : { user_id: userId });
  const assignMessage = (id: number, userId: unknown) =>
    request(app).patch(`/api/admin/contact-messages/${id}/assignee`).set(bearer()).send({ user_id: userId });
  const activity = () => knex()('activity_log').where({ action: 'assign' }).orderBy('id');
  const assigneeColumn = async (table: string, id: number) =>
    toNumber((await knex()(table).where({ id }).first('assignee_id')).assignee_id as number | null);

  beforeAll(async () => {
    inbox = await openSmtpInbox();
    api = await openApiHarness(engine, { env: { SMTP_URL: inbox.url, STAFF_EMAILS: STAFF } });
    app = api.app;
    const adminRow = await knex()('users').where({ email: ADMIN_EMAIL }).first('id', 'name', 'email');
    admin = { id: Number(adminRow.id), name: adminRow.name, email: adminRow.email };
    commercial = await addUser('Chloé Commerciale', 'chloe@edifier.test', 'commercial');
    editeur = await addUser('Édouard Éditeur', 'edouard@edifier.test', 'editeur');
    chantier = await addUser('Charles Chantier', 'charles@edifier.test', 'chantier');
  });
  afterAll(async () => {
    await api.cleanup();
    await inbox.stop();
  });
  beforeEach(async () => {
    await knex()('outbox').del();
    await knex()('activity_log').del();
    await knex()('contact_messages').del();
    await knex()('project_submissions').del();
    inbox.messages.length = 0;
  });

  describe('PATCH /api/admin/project-submissions/{id}/assignee', () => {
    it('assigns a request: the row, the answer, the log entry, and the assignee’s mail with the link that opens it', async () => {
      const request_ = await aSubmission(knex(), {
        reference: 'EDF-2026-00042',
        project_title: 'Villa R+1 à Fidjrossè',
        first_name: 'Awa',
        last_name: 'Houénou',
        email: 'awa.houenou@exemple.bj',
        phone: '+229 01 44 55 66 77',
      });
      const response = await assignSubmission(request_.id, commercial.id).expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Demande assignée.',
        data: {
          id: request_.id,
          reference: 'EDF-2026-00042',
          assignee: { id: commercial.id, name: commercial.name },
        },
      });
      expect(await assigneeColumn('project_submissions', request_.id)).toBe(commercial.id);

      const [entry, ...more] = await activity();
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        user_id: admin.id,
        user_name: admin.name,
        entity: 'submission',
        entity_id: String(request_.id),
        label: 'EDF-2026-00042',
      });
      expect(JSON.parse(entry.changes)).toEqual({ assignee: [null, commercial.name] });

      const [mail, ...others] = await deliver();
      expect(others).toEqual([]);
      expect(mail!.envelope.to).toEqual([commercial.email]);
      expect(mail!.parsed.subject).toBe('La demande EDF-2026-00042 vous est confiée : Villa R+1 à Fidjrossè');
      expect(mail!.parsed.replyTo?.text).toBe(admin.email);
      const link = `${APP_URL}/admin/project-submissions?soumission=${request_.id}`;
      expect(mail!.parsed.text).toContain(link);
      expect(mail!.parsed.html).toContain(`href="${link}"`);
      expect(mail!.parsed.text).toContain(`${admin.name} vous a confié la demande de projet EDF-2026-00042`);
      expect(mail!.parsed.text).toContain('Client : Awa Houénou');
      // The client's details stay in the back office.
      expect(mail!.parsed.text).not.toContain('awa.houenou@exemple.bj');
      expect(mail!.parsed.text).not.toContain('44 55 66 77');
      expect(mail!.parsed.text).not.toContain('Une demande de test.');
    });

    it('unassigns with null: the row emptied, the log says who had it, no mail', async () => {
      const { id } = await aSubmission(knex(), { reference: 'EDF-2026-00043' });
      await assignSubmission(id, commercial.id).expect(200);
      await knex()('outbox').del();
      const response = await assignSubmission(id, null).expect(200);
      expect(response.body.message).toBe("La demande n'est plus assignée.");
      expect(response.body.data.assignee).toBeNull();
      expect(await assigneeColumn('project_submissions', id)).toBeNull();
      const entries = await activity();
      expect(entries.map((row) => JSON.parse(row.changes))).toEqual([
        { assignee: [null, commercial.name] },
        { assignee: [commercial.name, null] },
      ]);
      expect(toNumber((await knex()('outbox').count({ n: '*' }).first())!.n as number)).toBe(0);
    });

    it('sends no mail to whoever assigns a request to themselves, and the same assignee again changes nothing', async () => {
      const { id } = await aSubmission(knex());
      const mine = await assignSubmission(id, admin.id).expect(200);
      expect(mine.body.data.assignee).toEqual({ id: admin.id, name: admin.name });
      await assignSubmission(id, admin.id).expect(200);
      expect(toNumber((await knex()('outbox').count({ n: '*' }).first())!.n as number)).toBe(0);
      expect(await activity()).toHaveLength(1);
    });

    it.each([
      ['an editor', () => editeur.id, M.userInvalid],
      ['a site manager', () => chantier.id, M.userInvalid],
      ['an unknown user', () => 987_654, M.userInvalid],
      ['a text', () => 'Chloé', M.userInvalid],
      ['no user_id', () => undefined, M.userRequired],
    ])('refuses %s with a 422 on user_id and changes nothing', async (_label, userId, message) => {
      const { id } = await aSubmission(knex());
      await assignSubmission(id, commercial.id).expect(200);
      await knex()('outbox').del();
      const response = await assignSubmission(id, userId()).expect(422);
      expect(response.body.errors).toEqual({ user_id: [message] });
      expect(await assigneeColumn('project_submissions', id)).toBe(commercial.id);
      expect(await activity()).toHaveLength(1);
      expect(toNumber((await knex()('outbox').count({ n: '*' }).first())!.n as number)).toBe(0);
    });

    it('answers 404 for a request that does not exist', async () => {
      const response = await assignSubmission(999_999, commercial.id).expect(404);
      expect(response.body.message).toBe(M.submissionNotFound);
    });

    it('writes the assignee, its log entry and its mail together: a failed write leaves none of them', async () => {
      const { id } = await aSubmission(knex());
      // The mail's insert fails (no outbox table), after the row and the log entry were written.
      await knex().schema.renameTable('outbox', 'outbox_away');
      try {
        const response = await assignSubmission(id, commercial.id);
        expect(response.status).toBeGreaterThanOrEqual(500);
      } finally {
        await knex().schema.renameTable('outbox_away', 'outbox');
      }
      expect(await assigneeColumn('project_submissions', id)).toBeNull();
      expect(await activity()).toEqual([]);
    });

    it('is refused to a user without a session, and to a role that may not assign', async () => {
      const { id } = await aSubmission(knex());
      await request(app)
        .patch(`/api/admin/project-submissions/${id}/assignee`)
        .send({ user_id: commercial.id })
        .expect(401);
      await assignSubmission(id, commercial.id, api.editorToken).expect(403);
      expect(await assigneeColumn('project_submissions', id)).toBeNull();
    });
  });

  describe('PATCH /api/admin/contact-messages/{id}/assignee', () => {
    it('assigns a message and mails its assignee the reference, the subject and the link to the inbox', async () => {
      const id = await aMessage({ reference: 'MSG-2026-00007' });
      const response = await assignMessage(id, commercial.id).expect(200);
      expect(response.body).toMatchObject({
        message: 'Message assigné.',
        data: { id, reference: 'MSG-2026-00007', assignee: { id: commercial.id, name: commercial.name } },
      });
      expect(await assigneeColumn('contact_messages', id)).toBe(commercial.id);
      const [entry] = await activity();
      expect(entry).toMatchObject({
        entity: 'contact_message',
        entity_id: String(id),
        label: 'MSG-2026-00007',
      });

      const [mail, ...others] = await deliver();
      expect(others).toEqual([]);
      expect(mail!.envelope.to).toEqual([commercial.email]);
      expect(mail!.parsed.subject).toBe('Le message MSG-2026-00007 vous est confié : Demande de devis');
      expect(mail!.parsed.text).toContain(`${APP_URL}/admin/messages?message=${id}`);
      expect(mail!.parsed.text).not.toContain('clôture de 40 mètres');
      expect(mail!.parsed.text).not.toContain('koffi.agbo@exemple.bj');
    });

    it('unassigns a message, refuses an editor, and answers 404 for an unknown one', async () => {
      const id = await aMessage();
      await assignMessage(id, commercial.id).expect(200);
      expect((await assignMessage(id, editeur.id).expect(422)).body.errors).toEqual({
        user_id: [M.userInvalid],
      });
      const cleared = await assignMessage(id, null).expect(200);
      expect(cleared.body.message).toBe("Le message n'est plus assigné.");
      expect(cleared.body.data.assignee).toBeNull();
      expect(await assigneeColumn('contact_messages', id)).toBeNull();
      expect((await assignMessage(999_999, null).expect(404)).body.message).toBe(M.messageNotFound);
    });
  });

  describe('GET /api/admin/assignees', () => {
    it('lists the administrators and the sales staff, by name, never an editor or a site manager', async () => {
      const response = await request(app).get('/api/admin/assignees').set(bearer()).expect(200);
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.body.data).toEqual([
        { id: admin.id, name: admin.name, role: 'admin', role_label: 'Administrateur' },
        { id: commercial.id, name: commercial.name, role: 'commercial', role_label: 'Commercial' },
      ]);
      await request(app).get('/api/admin/assignees').expect(401);
    });
  });

  describe('the lists’ assignee filter', () => {
    it('keeps my requests (me), one user’s, or nobody’s (none), each row with its assignee', async () => {
      const mine = await aSubmission(knex(), { project_title: 'La mienne' });
      const hers = await aSubmission(knex(), { project_title: 'La sienne' });
      const nobodys = await aSubmission(knex(), { project_title: 'Personne' });
      await assignSubmission(mine.id, admin.id).expect(200);
      await assignSubmission(hers.id, commercial.id).expect(200);
      const list = async (query: string) => {
        const response = await request(app)
          .get(`/api/admin/project-submissions${query}`)
          .set(bearer())
          .expect(200);
        return response.body.data.data.map((row: { id: number; assignee: unknown }) => [
          row.id,
          row.assignee,
        ]);
      };
      expect(await list('?assignee=me')).toEqual([[mine.id, { id: admin.id, name: admin.name }]]);
      expect(await list(`?assignee=${commercial.id}`)).toEqual([
        [hers.id, { id: commercial.id, name: commercial.name }],
      ]);
      expect(await list('?assignee=none')).toEqual([[nobodys.id, null]]);
      expect(await list('?assignee=')).toHaveLength(3);
      const refused = await request(app)
        .get('/api/admin/project-submissions?assignee=quelqu-un')
        .set(bearer())
        .expect(422);
      expect(refused.body.errors).toEqual({ assignee: [M.filterInvalid] });
    });

    it('keeps my messages, one user’s or nobody’s, in the list and in its CSV export', async () => {
      const mine = await aMessage({ name: 'Message à moi' });
      const hers = await aMessage({ name: 'Message à Chloé' });
      const nobodys = await aMessage({ name: 'Message à personne' });
      await assignMessage(mine, admin.id).expect(200);
      await assignMessage(hers, commercial.id).expect(200);
      const list = async (query: string) => {
        const response = await request(app)
          .get(`/api/admin/contact-messages?status=all${query}`)
          .set(bearer())
          .expect(200);
        return response.body.data.data.map((row: { id: number; assignee: unknown }) => [
          row.id,
          row.assignee,
        ]);
      };
      expect(await list('&assignee=me')).toEqual([[mine, { id: admin.id, name: admin.name }]]);
      expect(await list(`&assignee=${commercial.id}`)).toEqual([
        [hers, { id: commercial.id, name: commercial.name }],
      ]);
      expect(await list('&assignee=none')).toEqual([[nobodys, null]]);
      const csv = await request(app)
        .get('/api/admin/contact-messages/export.csv?status=all&assignee=none')
        .set(bearer())
        .expect(200);
      expect(csv.text).toContain('Message à personne');
      expect(csv.text).not.toContain('Message à moi');
    });
  });

  describe('the staff’s e-mails about a request or a message', () => {
    const config = () => api.env.config;
    const forMail = (row: { id: number; reference?: string | null }) => ({
      id: row.id,
      reference: row.reference ?? '',
      first_name: 'Awa',
      last_name: 'Houénou',
      email: 'awa.houenou@exemple.bj',
      phone: '+229 01 97 12 34 56',
      company: null,
      project_title: 'Villa R+1',
      project_type: 'Autre',
      location: 'Cotonou',
      budget: 'Moins de 5M FCFA',
      description: 'Une villa.',
      start_date: null,
    });

    it('go to the assignee once there is one, to the company’s address otherwise', async () => {
      const assigned = await aSubmission(knex(), { reference: 'EDF-2026-00050' });
      const free = await aSubmission(knex(), { reference: 'EDF-2026-00051' });
      await assignSubmission(assigned.id, commercial.id).expect(200);
      await knex()('outbox').del();
      // The staff's notification of a request, queued after the assignment as the mail feature queues it.
      for (const row of [assigned, free])
        await knex().transaction((trx) => queueSubmissionMails(trx, forMail(row), [], { config: config() }));
      const staffMails = (await deliver()).filter((mail) =>
        mail.parsed.subject?.startsWith('Nouvelle demande'),
      );
      expect(staffMails.map((mail) => [mail.parsed.subject?.slice(0, 31), mail.envelope.to])).toEqual(
        expect.arrayContaining([
          ['Nouvelle demande EDF-2026-00050', [commercial.email]],
          ['Nouvelle demande EDF-2026-00051', [STAFF]],
        ]),
      );
      expect(staffMails).toHaveLength(2);
    });

    it('go to the assignee of a message, and back to the company once the assignee may no longer be assigned', async () => {
      const id = await aMessage({ reference: 'MSG-2026-00060' });
      await assignMessage(id, commercial.id).expect(200);
      await knex()('outbox').del();
      const message = {
        id,
        reference: 'MSG-2026-00060',
        name: 'Koffi Agbo',
        email: null,
        phone: '+2290166457890',
        subject: 'Demande de devis',
        message: 'Un devis.',
        created_at: new Date(),
      };
      await knex().transaction((trx) => queueContactMessageMails(trx, message, { config: config() }));
      await knex()('users').where({ id: commercial.id }).update({ role: 'editeur' });
      try {
        await knex().transaction((trx) => queueContactMessageMails(trx, message, { config: config() }));
      } finally {
        await knex()('users').where({ id: commercial.id }).update({ role: 'commercial' });
      }
      const mails = await deliver();
      expect(mails.map((mail) => mail.envelope.to)).toEqual([[commercial.email], [STAFF]]);
    });
  });
});
