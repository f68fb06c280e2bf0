import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/roles';
import { aCategory, aProduct, aSubmission } from '../helpers/builders';
import { openApiHarness, PASSWORD, ROLE_EMAILS, ROLE_NAMES, type ApiHarness } from '../helpers/api-harness';
import { snapshot } from '../helpers/db-snapshot';
import { jpeg } from '../helpers/images';
import { testEngines } from '../helpers/test-db';

/**
 * What each staff role reaches beyond the route table (docs/product-rules.md, "Roles and
 * access"; the table itself is role-matrix.test.ts's): the site manager's projection of a
 * request and its reach limited to approved requests, the refusals each role meets on the
 * others' data, the staff read of unpublished content, and the role in the session's answers.
 */

const FORBIDDEN = { message: "Vous n'avez pas les droits nécessaires pour cette action." };
const CLIENT = {
  first_name: 'Rachida',
  last_name: 'Zinsou',
  email: 'rachida.zinsou@exemple.bj',
  phone: '+229 01 96 11 22 33',
  company: 'Zinsou Négoce SARL',
  project_title: 'Villa R+1 à Fidjrossè',
  location: 'Fidjrossè, Cotonou',
  budget: '50M à 100M FCFA',
  description: 'Une villa de quatre chambres avec un garage, plans en pièce jointe.',
  admin_notes: 'Cliente pressée, rappeler le soir.',
};

describe.each(testEngines())('staff roles on $name', (engine) => {
  let api: ApiHarness;
  let app: express.Express;
  const tokens = {} as Record<Role, string>;
  const as = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}` });

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ app } = api);
    for (const role of ROLES) tokens[role] = await api.tokenFor(role);
  });
  afterAll(() => api.cleanup());

  it('carries the role in the sign-in answer and in GET /auth/user', async () => {
    for (const role of ROLES) {
      const signIn = await request(app)
        .post('/api/auth/login')
        .send({ email: ROLE_EMAILS[role], password: PASSWORD })
        .expect(200);
      expect(signIn.body.user).toMatchObject({ email: ROLE_EMAILS[role], name: ROLE_NAMES[role], role });
      const me = await request(app).get('/api/auth/user').set(as(role)).expect(200);
      expect(me.body.user).toMatchObject({ email: ROLE_EMAILS[role], role });
    }
  });

  describe('the site manager', () => {
    it("reads a site's title, client's name, phone and location, and nothing else of the request", async () => {
      const site = await aSubmission(api.db, { ...CLIENT, status: 'approved', reference: 'EDF-2026-00042' });
      const posted = await request(app)
        .post(`/api/admin/project-submissions/${site.id}/updates`)
        .set(as('chantier'))
        .field('date', '2026-03-02')
        .field('phase', 'terrassement')
        .field('progress', '15')
        .field('text', 'Fouilles terminées, béton de propreté coulé.')
        .attach('photos[]', await jpeg(), 'fouilles.jpg')
        .expect(201);

      const list = await request(app).get('/api/admin/site-updates').set(as('chantier')).expect(200);
      const row = (list.body.data as { id: number }[]).find((one) => one.id === site.id);
      expect(row).toMatchObject({
        reference: 'EDF-2026-00042',
        project_title: 'Villa R+1 à Fidjrossè',
        client_name: 'Rachida Zinsou',
        phone: '+229 01 96 11 22 33',
        location: 'Fidjrossè, Cotonou',
      });

      const detail = await request(app)
        .get(`/api/admin/project-submissions/${site.id}/updates`)
        .set(as('chantier'))
        .expect(200);
      expect(detail.body.submission).toEqual({
        id: site.id,
        reference: 'EDF-2026-00042',
        project_title: 'Villa R+1 à Fidjrossè',
        client_name: 'Rachida Zinsou',
        // The greeting of 'Prévenir sur WhatsApp': part of the name the site manager reads anyway.
        client_first_name: 'Rachida',
        phone: '+229 01 96 11 22 33',
        location: 'Fidjrossè, Cotonou',
        status: 'approved',
      });
      expect(detail.body.data.map((update: { text: string }) => update.text)).toEqual([
        'Fouilles terminées, béton de propreté coulé.',
      ]);
      const photo = posted.body.data.photos[0].thumbnail as string;
      await request(app)
        .get(`/api/${photo.replace(/^\//, '')}`)
        .set(as('chantier'))
        .expect(200);

      // Nothing of the rest of the request, anywhere in these answers.
      for (const text of [JSON.stringify(list.body), JSON.stringify(detail.body)])
        for (const secret of [
          CLIENT.email,
          CLIENT.company,
          CLIENT.budget,
          CLIENT.description,
          CLIENT.admin_notes,
        ])
          expect(text).not.toContain(secret);
    });

    it('reaches no request that is not approved: 404 as if it did not exist, nothing written', async () => {
      const pending = await aSubmission(api.db, {
        ...CLIENT,
        email: 'autre@exemple.bj',
        status: 'contacted',
      });
      const before = await snapshot(api.db.knex, api.layout.root);
      const base = `/api/admin/project-submissions/${pending.id}/updates`;
      const calls = [
        request(app).get(base),
        request(app).get(`${base}/photos/aaaaaaaaaaaaaaaa-320.webp`),
        request(app)
          .post(base)
          .field('date', '2026-03-02')
          .field('phase', 'toiture')
          .field('progress', '80')
          .field('text', 'Charpente posée sur la dalle.'),
        request(app).delete(`${base}/1`),
      ];
      for (const call of calls) {
        const response = await call.set(as('chantier'));
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: 'Demande introuvable' });
      }
      expect(await snapshot(api.db.knex, api.layout.root)).toEqual(before);
      // The commercial, who follows the requests, still reads it.
      const seen = await request(app).get(base).set(as('commercial')).expect(200);
      expect(seen.body.submission.status).toBe('contacted');
    });

    it("gets 403 on a request's record, zip, CSV, history and on the messages", async () => {
      const site = await aSubmission(api.db, {
        ...CLIENT,
        email: 'troisieme@exemple.bj',
        status: 'approved',
      });
      for (const url of [
        `/api/admin/project-submissions/${site.id}`,
        `/api/admin/project-submissions/${site.id}/download`,
        `/api/admin/project-submissions/${site.id}/events`,
        '/api/admin/project-submissions',
        '/api/admin/project-submissions/export.csv',
        '/api/admin/contact-messages',
        '/api/admin/contact-messages/export.csv',
        '/api/admin/contact-messages/1',
      ]) {
        const response = await request(app).get(url).set(as('chantier'));
        expect([url, response.status, response.body]).toEqual([url, 403, FORBIDDEN]);
      }
    });
  });

  it('refuses the requests and the messages to the editor', async () => {
    const submission = await aSubmission(api.db, { status: 'new' });
    for (const url of [
      '/api/admin/project-submissions',
      `/api/admin/project-submissions/${submission.id}`,
      `/api/admin/project-submissions/${submission.id}/updates`,
      '/api/admin/site-updates',
      '/api/admin/contact-messages',
    ]) {
      const response = await request(app).get(url).set(as('editeur'));
      expect([url, response.status, response.body]).toEqual([url, 403, FORBIDDEN]);
    }
    const status = await request(app)
      .patch(`/api/admin/project-submissions/${submission.id}/status`)
      .set(as('editeur'))
      .send({ status: 'contacted' });
    expect([status.status, status.body]).toEqual([403, FORBIDDEN]);
    expect((await api.db.knex('project_submissions').where({ id: submission.id }).first()).status).toBe(
      'new',
    );
  });

  it("refuses the catalogue's writes to the commercial, who still reads what the public does not see", async () => {
    const category = await aCategory(api.db);
    const product = await aProduct(api.db, { category_id: category.id, name: 'Ciment CPJ 45' });
    const write = await request(app)
      .post(`/api/products/${product.id}`)
      .set(as('commercial'))
      .field('_method', 'PUT')
      .field('name', 'Ciment renommé');
    expect([write.status, write.body]).toEqual([403, FORBIDDEN]);
    const removal = await request(app).delete(`/api/products/${product.id}`).set(as('commercial'));
    expect([removal.status, removal.body]).toEqual([403, FORBIDDEN]);
    expect((await api.db.knex('products').where({ id: product.id }).first()).name).toBe('Ciment CPJ 45');

    // Products have no draft state; the content that does is read through the staff read.
    const [id] = await api.db.knex('testimonials').insert({
      client_name: 'Famille Agossou',
      town: 'Abomey-Calavi',
      project_type: 'Villa clé en main',
      text: 'Un témoignage pas encore publié.',
      published: false,
      date: '2026-01-10',
      created_at: '2026-01-10 10:00:00',
      updated_at: '2026-01-10 10:00:00',
    });
    const read = await request(app).get(`/api/testimonials/${id}`).set(as('commercial')).expect(200);
    expect(read.body.data).toMatchObject({ id: Number(id), published: false });
    const list = await request(app).get('/api/testimonials').set(as('commercial')).expect(200);
    expect(list.body.data.map((one: { id: number }) => one.id)).toContain(Number(id));
    // The site manager reads the catalogue as the public does.
    await request(app).get(`/api/testimonials/${id}`).set(as('chantier')).expect(404);
    await request(app).get(`/api/testimonials/${id}`).expect(404);
  });
});
