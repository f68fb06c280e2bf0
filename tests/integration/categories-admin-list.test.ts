import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCategory, aProduct } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The back office's category list read on the server and its bulk deletion
 * (docs/product-rules.md, "Lists of the back office", "Bulk actions"), on every engine:
 * each row's number of live products, the sorts (that number included), the search, and a
 * bulk deletion that moves the empty categories to the trash and names those still
 * holding products.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  sortInvalid:
    'Tri inconnu. Colonnes possibles : name, products_count, created_at (précédées de « - » pour l’ordre décroissant).',
  perPageInvalid: 'Le nombre de lignes par page doit être compris entre 1 et 100.',
  actionInvalid: 'Action groupée inconnue pour cette liste.',
  notEmpty: 'Impossible de supprimer une catégorie qui contient des produits.',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
};

const PAST = '2024-01-01 08:00:00';

describe.each(testEngines())('the admin category list on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let token: string;

  const bearer = (): Record<string, string> => ({ Authorization: `Bearer ${token}` });
  const list = (query: Record<string, string | number>) =>
    request(app).get('/api/admin/categories').query(query).set(bearer());
  const bulk = (body: Record<string, unknown>) =>
    request(app).post('/api/admin/categories/bulk').set(bearer()).send(body);
  const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);
  const categoryRow = (id: number) => db.knex('categories').where({ id }).first();
  const lastLogId = async () => Number((await db.knex('activity_log').max({ id: 'id' }).first())?.id ?? 0);
  async function productsIn(
    categoryId: number,
    n: number,
    extra: { deleted_at?: string; publication?: 'draft' } = {},
  ) {
    for (let i = 0; i < n; i += 1) await aProduct(db, { category_id: categoryId, ...extra });
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, adminToken: token } = api);
  });
  afterAll(() => api.cleanup());

  describe('GET /api/admin/categories', () => {
    const rows: { id: number; name: string; products_count: number; created_at: string }[] = [];

    beforeAll(async () => {
      const specs = [
        ['Rayon Delta', 2, '2024-01-03 10:00:00'],
        ['Rayon Alpha', 0, '2024-01-05 10:00:00'],
        ['Rayon Charlie', 5, '2024-01-01 10:00:00'],
        ['Rayon Bravo', 1, '2024-01-04 10:00:00'],
      ] as const;
      for (const [name, count, created_at] of specs) {
        const category = await aCategory(db, {
          name,
          description: `Les articles du ${name.toLowerCase()}.`,
          created_at,
        });
        // Drafts count; trashed products do not.
        await productsIn(category.id, count > 0 ? count - 1 : 0);
        if (count > 0) await productsIn(category.id, 1, { publication: 'draft' });
        await productsIn(category.id, 2, { deleted_at: PAST });
        rows.push({ id: category.id, name, products_count: count, created_at });
      }
      await aCategory(db, { name: 'Rayon Trashed', deleted_at: PAST });
    });

    it('answers the paged shape, alphabetical by default, each row with its live products counted', async () => {
      const response = await list({ search: 'rayon' }).expect(200);
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.body).toMatchObject({
        current_page: 1,
        last_page: 1,
        per_page: 50,
        total: 4,
        from: 1,
        to: 4,
      });
      expect(response.body.data).toEqual(
        [...rows]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(({ id, name, products_count }) => ({
            id,
            name,
            description: `Les articles du ${name.toLowerCase()}.`,
            products_count,
          })),
      );
    });

    it.each(['name', 'products_count', 'created_at'] as const)('sorts on %s both ways', async (key) => {
      const ascending = [...rows]
        .sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id))
        .map((row) => row.name);
      expect(names((await list({ search: 'rayon', sort: key }).expect(200)).body)).toEqual(ascending);
      expect(names((await list({ search: 'rayon', sort: `-${key}` }).expect(200)).body)).toEqual(
        [...ascending].reverse(),
      );
    });

    it('pages, and searches the description too', async () => {
      const second = await list({ search: 'rayon', sort: '-products_count', per_page: 3, page: 2 }).expect(
        200,
      );
      expect(second.body).toMatchObject({ current_page: 2, last_page: 2, total: 4, from: 4, to: 4 });
      expect(names(second.body)).toEqual(['Rayon Alpha']);
      expect(names((await list({ search: 'articles charlie' }).expect(200)).body)).toEqual(['Rayon Charlie']);
    });

    it.each([
      ['an unknown sort', { sort: 'description' }, 'sort', M.sortInvalid],
      ['101 rows a page', { per_page: 101 }, 'per_page', M.perPageInvalid],
    ])('refuses %s with a French 422', async (_label, query, field, message) => {
      const response = await list(query).expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { [field]: [message] } });
    });

    it('asks for a token', async () => {
      const response = await request(app).get('/api/admin/categories').expect(401);
      expect(response.body.message).toBe(M.notAuthenticated);
    });
  });

  describe('POST /api/admin/categories/bulk', () => {
    it('moves the empty categories to the trash and refuses, by name, the one still holding a product', async () => {
      const empty = await aCategory(db, { name: 'Vide un' });
      const onlyTrashed = await aCategory(db, { name: 'Vide deux' });
      await productsIn(onlyTrashed.id, 1, { deleted_at: PAST });
      const full = await aCategory(db, { name: 'Pleine' });
      await productsIn(full.id, 1, { publication: 'draft' });
      const since = await lastLogId();
      const response = await bulk({
        action: 'delete',
        ids: [empty.id, full.id, onlyTrashed.id, 876_543],
      }).expect(200);
      expect(response.body).toEqual({
        changed: 2,
        refused: [
          { id: full.id, message: M.notEmpty },
          { id: 876_543, message: M.notFound },
        ],
        message: '2 éléments modifiés, 2 refusés.',
      });
      expect((await categoryRow(empty.id)).deleted_at).not.toBeNull();
      expect((await categoryRow(onlyTrashed.id)).deleted_at).not.toBeNull();
      expect((await categoryRow(full.id)).deleted_at).toBeNull();
      expect(
        (
          await db
            .knex('trash')
            .where({ kind: 'category' })
            .whereIn('entity_id', [empty.id, full.id, onlyTrashed.id])
        )
          .map((row) => [Number(row.entity_id), row.label])
          .sort(),
      ).toEqual(
        [
          [empty.id, 'Vide un'],
          [onlyTrashed.id, 'Vide deux'],
        ].sort(),
      );
      const log = await db.knex('activity_log').where('id', '>', since).orderBy('id');
      expect(log.map((row) => [row.action, row.entity, String(row.entity_id), row.label])).toEqual([
        ['trash', 'category', String(empty.id), 'Vide un'],
        ['trash', 'category', String(onlyTrashed.id), 'Vide deux'],
      ]);
    });

    it('deletes the searched list when it still holds what the staff saw, and nothing when it changed (409)', async () => {
      const one = await aCategory(db, { name: 'Lot filtre un' });
      const two = await aCategory(db, { name: 'Lot filtre deux' });
      const stale = await bulk({ action: 'delete', filter: { search: 'lot filtre' }, expected: 3 }).expect(
        409,
      );
      expect(stale.body.message).toBe(
        'La liste a changé depuis votre sélection (2 lignes au lieu de 3). Vérifiez-la et recommencez : rien n’a été modifié.',
      );
      expect((await categoryRow(one.id)).deleted_at).toBeNull();
      const response = await bulk({ action: 'delete', filter: { search: 'lot filtre' }, expected: 2 }).expect(
        200,
      );
      expect(response.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
      expect((await categoryRow(one.id)).deleted_at).not.toBeNull();
      expect((await categoryRow(two.id)).deleted_at).not.toBeNull();
      expect((await list({ search: 'lot filtre' }).expect(200)).body.total).toBe(0);
    });

    it('refuses any other action with a French 422', async () => {
      const category = await aCategory(db);
      const response = await bulk({ action: 'publish', ids: [category.id] }).expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { action: [M.actionInvalid] } });
      expect((await categoryRow(category.id)).deleted_at).toBeNull();
    });
  });
});
