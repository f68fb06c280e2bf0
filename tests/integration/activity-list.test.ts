import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines } from '../helpers/test-db';

/**
 * The activity log's list on every engine (docs/product-rules.md, "Activity log" and "Lists
 * of the back office"): newest first, or oldest first when asked, and no other sort; searched
 * in labels and authors' names beside its filters; paged; the CSV export in the same order.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  sortInvalid: 'Tri inconnu. Colonnes possibles : created_at (précédées de « - » pour l’ordre décroissant).',
  perPageInvalid: 'Le nombre de lignes par page doit être compris entre 1 et 100.',
};

const at = (moment: string) => toDbDateTime(new Date(`2026-03-${moment}Z`));

const ROWS = [
  {
    created_at: at('01T10:00:00'),
    user_name: 'Awa Admin',
    action: 'update',
    entity: 'product',
    label: 'Ciment CPJ 45',
  },
  {
    created_at: at('02T09:00:00'),
    user_name: 'Clément Commercial',
    action: 'status',
    entity: 'submission',
    label: 'EDF-2026-00001',
  },
  // The same second as the one before: the id breaks the tie, in the sort's direction.
  {
    created_at: at('02T09:00:00'),
    user_name: 'Awa Admin',
    action: 'create',
    entity: 'project',
    label: 'Villa Fidjrossè',
  },
  {
    created_at: at('03T16:30:00'),
    user_name: 'Chantal Chantier',
    action: 'create',
    entity: 'site_update',
    label: null,
  },
];

describe.each(testEngines())('activity list on $name', (engine) => {
  let api: ApiHarness;
  let ids: number[];
  const get = (path: string) =>
    request(api.app)
      .get(path)
      .set({ Authorization: `Bearer ${api.adminToken}` });
  const listed = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

  beforeAll(async () => {
    api = await openApiHarness(engine);
    await api.db.knex('activity_log').del();
    ids = [];
    for (const row of ROWS) {
      const [id] = await api.db.knex('activity_log').insert(row);
      ids.push(Number(id));
    }
  });
  afterAll(() => api.cleanup());

  it('lists the newest first by default and the oldest first when asked, and knows no other sort', async () => {
    const [first, second, third, fourth] = ids as [number, number, number, number];
    const newest = await get('/api/admin/activity').expect(200);
    expect(newest.body).toMatchObject({ total: 4, per_page: 50, current_page: 1, from: 1, to: 4 });
    expect(listed(newest.body)).toEqual([fourth, third, second, first]);
    expect(listed((await get('/api/admin/activity?sort=-created_at').expect(200)).body)).toEqual([
      fourth,
      third,
      second,
      first,
    ]);
    expect(listed((await get('/api/admin/activity?sort=created_at').expect(200)).body)).toEqual([
      first,
      second,
      third,
      fourth,
    ]);

    const page = await get('/api/admin/activity?sort=created_at&per_page=3&page=2').expect(200);
    expect(page.body).toMatchObject({ current_page: 2, last_page: 2, total: 4, from: 4, to: 4 });
    expect(listed(page.body)).toEqual([fourth]);

    expect((await get('/api/admin/activity?sort=label').expect(422)).body.errors.sort).toEqual([
      M.sortInvalid,
    ]);
    expect((await get('/api/admin/activity?per_page=101').expect(422)).body.errors.per_page).toEqual([
      M.perPageInvalid,
    ]);
  });

  it('searches labels and authors’ names with its filters, and exports what it lists in its order', async () => {
    const [first, , third] = ids as [number, number, number];
    expect(listed((await get('/api/admin/activity?search=AWA').expect(200)).body)).toEqual([third, first]);
    expect(listed((await get('/api/admin/activity?search=villa%20awa').expect(200)).body)).toEqual([third]);
    const filtered = await get('/api/admin/activity?search=awa&entity=product').expect(200);
    expect(filtered.body.total).toBe(1);
    expect(listed(filtered.body)).toEqual([first]);
    expect((await get('/api/admin/activity?search=personne').expect(200)).body).toMatchObject({
      data: [],
      total: 0,
    });

    const csv = await get('/api/admin/activity/export.csv?search=awa&sort=created_at').expect(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Ciment CPJ 45');
    expect(lines[2]).toContain('Villa Fidjrossè');
  });
});
