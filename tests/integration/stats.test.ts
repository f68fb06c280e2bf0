import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCategory, anOffer, aProduct, aProject, aPromotion, aSubmission } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines, type TestDb } from '../helpers/test-db';
import type { Role } from '#shared/roles';

/**
 * GET /api/admin/stats on every engine (product rules, API; product rules, Pages and routes;
 * product rules: active projects are those 'En cours'; docs/product-rules.md, "Roles and
 * access": every role loads the dashboard with the counts of its own work only). Counts are
 * checked against rows the test writes itself.
 */

describe.each(testEngines())('admin stats on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let token: string;
  let editorToken: string;
  async function fill(): Promise<void> {
    const cement = await aCategory(db, { name: 'Ciment' });
    await aCategory(db, { name: 'Bois' });
    for (let i = 0; i < 3; i += 1) await aProduct(db, { category_id: cement.id });
    for (const status of ['En cours', 'En cours', 'En attente', 'Complété', 'Annulé'])
      await aProject(db, { status });
    for (let i = 0; i < 2; i += 1) await anOffer(db, 'parcels');
    await anOffer(db, 'fleet_properties');
    for (let i = 0; i < 4; i += 1) await anOffer(db, 'miscellaneous_goods');
    // One ended, one running: both are counted.
    await aPromotion(db, { start_date: '2020-01-01', end_date: '2020-02-01' });
    await aPromotion(db, { start_date: '2020-01-01', end_date: '2999-01-01' });
    // Four new requests wait; the two already answered do not.
    for (const status of ['new', 'new', 'new', 'new', 'contacted', 'approved'] as const)
      await aSubmission(db, { status });
    // Two unread contact messages, one read and one archived: only the unread are counted.
    const stamp = '2026-01-15 10:00:00';
    await db.knex('contact_messages').insert(
      ['unread', 'unread', 'read', 'archived'].map((status, i) => ({
        reference: `MSG-2026-0000${i + 1}`,
        name: 'Awa Dossou',
        email: 'awa@exemple.bj',
        subject: 'renseignement',
        message: 'Un message compté.',
        status,
        created_at: stamp,
        updated_at: stamp,
      })),
    );
    // Two mails failed for good, one sent, one waiting: failed and waiting are counted apart.
    await db.knex('outbox').insert(
      ['failed', 'sent', 'failed', 'pending'].map((status) => ({
        recipients: 'equipe@exemple.bj',
        subject: 'Nouvelle soumission',
        html: '<p>Bonjour</p>',
        text: 'Bonjour',
        status,
        attempts: status === 'failed' ? 8 : 0,
        next_attempt_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })),
    );
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, adminToken: token, editorToken } = api);
  });
  afterAll(() => api.cleanup());

  it('answers zeros on an empty database', async () => {
    const response = await request(app)
      .get('/api/admin/stats')
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
    expect(response.body).toEqual({
      projects: 0,
      products: 0,
      offers: 0,
      categories: 0,
      promotions: 0,
      submissions: 0,
      active_projects: 0,
      unread_messages: 0,
      new_submissions: 0,
      sites: 0,
      failed_mails: 0,
      waiting_mails: 0,
      smtp_configured: false,
    });
  });

  it("counts every table, offers as the three kinds together and active projects as those 'En cours', as numbers", async () => {
    await fill();
    const response = await request(app)
      .get('/api/admin/stats')
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      projects: 5,
      products: 3,
      offers: 7,
      categories: 2,
      // All of them, the ended one included: the back office manages every promotion.
      promotions: 2,
      submissions: 6,
      active_projects: 2,
      unread_messages: 2,
      new_submissions: 4,
      // The approved request: the one site of the 'Chantiers' screen.
      sites: 1,
      failed_mails: 2,
      // The pending one: without SMTP_URL it never leaves, and the dashboard says so.
      waiting_mails: 1,
      smtp_configured: false,
    });
  });

  it('gives each role only the counts of its own work', async () => {
    const statsOf = async (role: Role) =>
      (
        await request(app)
          .get('/api/admin/stats')
          .set({ Authorization: `Bearer ${await api.tokenFor(role)}` })
          .expect(200)
      ).body;
    // The rows of the test before (fill ran once).
    expect(await statsOf('editeur')).toEqual({
      projects: 5,
      products: 3,
      offers: 7,
      categories: 2,
      promotions: 2,
      active_projects: 2,
    });
    expect(await statsOf('commercial')).toEqual({
      projects: 5,
      products: 3,
      offers: 7,
      categories: 2,
      promotions: 2,
      active_projects: 2,
      submissions: 6,
      unread_messages: 2,
      new_submissions: 4,
      sites: 1,
    });
    expect(await statsOf('chantier')).toEqual({ sites: 1 });
  });

  it('answers 401 without a token and 403 to a role the table does not know', async () => {
    const anonymous = await request(app).get('/api/admin/stats').expect(401);
    expect(anonymous.body).toEqual({ message: 'Non authentifié. Veuillez vous connecter.' });
    const editor = await request(app)
      .get('/api/admin/stats')
      .set({ Authorization: `Bearer ${editorToken}` })
      .expect(403);
    expect(editor.body).toEqual({ message: "Vous n'avez pas les droits nécessaires pour cette action." });
  });

  it('says the mail leaves once SMTP_URL is set', async () => {
    const withSmtp = await openApiHarness(engine, { env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      const response = await request(withSmtp.app)
        .get('/api/admin/stats')
        .set({ Authorization: `Bearer ${withSmtp.adminToken}` })
        .expect(200);
      expect(response.body).toMatchObject({ waiting_mails: 0, smtp_configured: true });
    } finally {
      await withSmtp.cleanup();
    }
  });
});
