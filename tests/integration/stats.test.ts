import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * GET /api/admin/stats on every engine (product rules, API; product rules, Pages and routes "Dashboard", 3
 * "Stats", 7; product rules: active projects are those 'En cours', every /admin/* needs an
 * administrator). Counts are checked against rows the test writes itself.
 */

describe.each(testEngines())('admin stats on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let token: string;
  let editorToken: string;
  const stamp = toDbDateTime(new Date());
  const at = { created_at: stamp, updated_at: stamp };

  const repeat = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

  async function fill(): Promise<void> {
    const [categoryId] = await db
      .knex('categories')
      .insert({ name: 'Ciment', description: 'Liants hydrauliques', ...at });
    await db.knex('categories').insert({ name: 'Bois', description: 'Bois de charpente', ...at });
    await db.knex('products').insert(
      repeat(3, (i) => ({
        reference: `PRD-${9000 + i}`,
        name: `Produit ${i}`,
        category_id: categoryId,
        price: 1000,
        description: 'Un produit compté.',
        ...at,
      })),
    );
    const statuses = ['En cours', 'En cours', 'En attente', 'Complété', 'Annulé'];
    await db.knex('projects').insert(
      statuses.map((status, i) => ({
        title: `Projet ${i}`,
        numero: `P-00${i}`,
        date: '2025-01-15',
        status,
        description: 'Un projet compté.',
        categories: '["Résidentiel"]',
        ...at,
      })),
    );
    await db.knex('parcels').insert(
      repeat(2, (i) => ({
        title: `Parcelle ${i}`,
        description: 'Une parcelle.',
        location: 'Calavi',
        price: 5_000_000,
        status: 'Disponible',
        image: 'parcelle/a.jpg',
        ...at,
      })),
    );
    await db.knex('fleet_properties').insert({ property_type: 'Villa', image: 'fleet/a.jpg', ...at });
    await db
      .knex('miscellaneous_goods')
      .insert(repeat(4, (i) => ({ description: `Bien ${i}`, image: 'bien/a.jpg', ...at })));
    await db.knex('promotions').insert(
      repeat(2, (i) => ({
        title: `Promo ${i}`,
        description: 'Une promotion.',
        discount: '5%',
        start_date: '2020-01-01',
        end_date: i === 0 ? '2020-02-01' : '2999-01-01',
        ...at,
      })),
    );
    await db.knex('project_submissions').insert(
      repeat(6, (i) => ({
        first_name: 'Awa',
        last_name: 'Dossou',
        email: `client${i}@exemple.bj`,
        phone: '+229 01 97 00 00 00',
        project_title: `Maison ${i}`,
        project_type: 'Autre',
        location: 'Cotonou',
        budget: 'Moins de 5M FCFA',
        description: 'Une demande comptée.',
        status: 'new',
        ...at,
      })),
    );
    // Two unread contact messages, one read and one archived: only the unread count.
    await db.knex('contact_messages').insert(
      ['unread', 'unread', 'read', 'archived'].map((status, i) => ({
        reference: `MSG-2026-0000${i + 1}`,
        name: 'Awa Dossou',
        email: 'awa@exemple.bj',
        subject: 'renseignement',
        message: 'Un message compté.',
        status,
        ...at,
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
    });
  });

  it('answers 401 without a token and 403 to a non-administrator', async () => {
    const anonymous = await request(app).get('/api/admin/stats').expect(401);
    expect(anonymous.body).toEqual({ message: 'Non authentifié. Veuillez vous connecter.' });
    const editor = await request(app)
      .get('/api/admin/stats')
      .set({ Authorization: `Bearer ${editorToken}` })
      .expect(403);
    expect(editor.body).toEqual({ message: 'Accès réservé aux administrateurs.' });
  });
});
