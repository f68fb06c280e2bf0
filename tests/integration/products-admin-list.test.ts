import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCategory, aProduct } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The back office's product list read on the server and its bulk actions
 * (docs/product-rules.md, "Lists of the back office", "Bulk actions"), on every engine:
 * what GET /api/admin/products answers (page, sorts, filters, search, trashed rows left
 * out) and what POST /api/admin/products/bulk changes in the rows, the activity log, the
 * revisions and the trash.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  sortInvalid:
    'Tri inconnu. Colonnes possibles : name, reference, price, stock, category, created_at, updated_at (précédées de « - » pour l’ordre décroissant).',
  perPageInvalid: 'Le nombre de lignes par page doit être compris entre 1 et 100.',
  categoryFilterInvalid: 'Le filtre de catégorie est invalide',
  publicationFilterInvalid: 'Le filtre de publication doit être « draft », « scheduled » ou « published ».',
  actionInvalid: 'Action groupée inconnue pour cette liste.',
  categoryRequired: 'Veuillez sélectionner une catégorie',
  categoryGone: 'La catégorie choisie n’existe pas ou est dans la corbeille : choisissez-en une autre.',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
};

const PAST = '2024-01-01 08:00:00';
const FUTURE = '2099-06-01 08:00:00';

describe.each(testEngines())('the admin product list on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let token: string;

  const bearer = (): Record<string, string> => ({ Authorization: `Bearer ${token}` });
  const list = (query: Record<string, string | number>) =>
    request(app).get('/api/admin/products').query(query).set(bearer());
  const bulk = (body: Record<string, unknown>) =>
    request(app).post('/api/admin/products/bulk').set(bearer()).send(body);
  const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);
  const productRow = (id: number) => db.knex('products').where({ id }).first();
  const lastLogId = async () => Number((await db.knex('activity_log').max({ id: 'id' }).first())?.id ?? 0);
  async function logAfter(since: number) {
    const rows = await db.knex('activity_log').where('id', '>', since).orderBy('id');
    return rows.map((row) => ({
      action: row.action,
      entity: row.entity,
      entity_id: String(row.entity_id),
      label: row.label,
      changes: row.changes ? (JSON.parse(row.changes) as Record<string, [unknown, unknown]>) : null,
    }));
  }
  const revisionsOf = async (id: number) =>
    Number(
      (await db.knex('revisions').where({ kind: 'product', entity_id: id }).count({ n: '*' }).first())?.n,
    );

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, adminToken: token } = api);
  });
  afterAll(() => api.cleanup());

  describe('GET /api/admin/products', () => {
    // Four products found by 'Sortable' only, every key distinct but the category (two share one).
    const rows: {
      id: number;
      name: string;
      reference: string;
      price: number;
      stock: number;
      category: string;
      created_at: string;
      updated_at: string;
    }[] = [];

    beforeAll(async () => {
      const alpha = await aCategory(db, { name: 'Sortcat Alpha' });
      const bravo = await aCategory(db, { name: 'Sortcat Bravo' });
      const charlie = await aCategory(db, { name: 'Sortcat Charlie' });
      const specs = [
        ['Sortable Delta', 'SRT-B', 300, 5, bravo, '2024-01-03 10:00:00', '2024-02-01 10:00:00'],
        ['Sortable Alpha', 'SRT-D', 100, 50, alpha, '2024-01-05 10:00:00', '2024-02-04 10:00:00'],
        ['Sortable Charlie', 'SRT-A', 500, 1, bravo, '2024-01-01 10:00:00', '2024-02-03 10:00:00'],
        ['Sortable Bravo', 'SRT-C', 200, 20, charlie, '2024-01-04 10:00:00', '2024-02-02 10:00:00'],
      ] as const;
      for (const [name, reference, price, stock, category, created_at, updated_at] of specs) {
        const product = await aProduct(db, {
          name,
          reference,
          price,
          stock,
          category_id: category.id,
          created_at,
          updated_at,
        });
        rows.push({
          id: product.id,
          name,
          reference,
          price,
          stock,
          category: category.name,
          created_at,
          updated_at,
        });
      }
      // In the trash: never listed, whatever the query.
      await aProduct(db, { name: 'Sortable Trashed', category_id: alpha.id, deleted_at: PAST });
    });

    it('answers the paged shape at the top level, newest first by default, without the trashed product', async () => {
      const response = await list({ search: 'Sortable' }).expect(200);
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.body).toMatchObject({
        current_page: 1,
        last_page: 1,
        per_page: 50,
        total: 4,
        from: 1,
        to: 4,
      });
      expect(names(response.body)).toEqual([
        'Sortable Alpha',
        'Sortable Bravo',
        'Sortable Delta',
        'Sortable Charlie',
      ]);
      const alpha = response.body.data[0];
      expect(alpha).toMatchObject({
        name: 'Sortable Alpha',
        reference: 'SRT-D',
        price: 100,
        stock: 50,
        category: { name: 'Sortcat Alpha' },
        publication: 'published',
        publish_at: null,
        image: null,
      });
      expect(alpha.category_id).toBe(alpha.category.id);
    });

    it('reads page 2 of 2 rows', async () => {
      const response = await list({ search: 'Sortable', sort: 'name', per_page: 2, page: 2 }).expect(200);
      expect(response.body).toMatchObject({
        current_page: 2,
        last_page: 2,
        per_page: 2,
        total: 4,
        from: 3,
        to: 4,
      });
      expect(names(response.body)).toEqual(['Sortable Charlie', 'Sortable Delta']);
    });

    it.each(['name', 'reference', 'price', 'stock', 'category', 'created_at', 'updated_at'] as const)(
      'sorts on %s both ways (ties by id)',
      async (key) => {
        const ascending = [...rows]
          .sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id))
          .map((row) => row.name);
        expect(names((await list({ search: 'Sortable', sort: key }).expect(200)).body)).toEqual(ascending);
        expect(names((await list({ search: 'Sortable', sort: `-${key}` }).expect(200)).body)).toEqual(
          [...ascending].reverse(),
        );
      },
    );

    it.each([
      ['an unknown sort', { sort: 'description' }, 'sort', M.sortInvalid],
      ['a sort naming SQL', { sort: 'name; drop table products' }, 'sort', M.sortInvalid],
      ['101 rows a page', { per_page: 101 }, 'per_page', M.perPageInvalid],
      ['a category that is not an id', { category_id: 'ciment' }, 'category_id', M.categoryFilterInvalid],
      ['an unknown state', { publication: 'archived' }, 'publication', M.publicationFilterInvalid],
    ])('refuses %s with a French 422', async (_label, query, field, message) => {
      const response = await list(query).expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { [field]: [message] } });
    });

    it('filters on the category and on the state, and searches the reference and the category name', async () => {
      const category = await aCategory(db, { name: 'Filtrecat Unique' });
      const draft = await aProduct(db, {
        name: 'Filtre brouillon',
        category_id: category.id,
        publication: 'draft',
      });
      const scheduled = await aProduct(db, {
        name: 'Filtre programme',
        category_id: category.id,
        publish_at: FUTURE,
      });
      const published = await aProduct(db, {
        name: 'Filtre publie',
        reference: 'FLT-9',
        category_id: category.id,
        publish_at: PAST,
      });
      const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id).sort((a, b) => a - b);
      const byCategory = await list({ category_id: category.id }).expect(200);
      expect(ids(byCategory.body)).toEqual([draft.id, scheduled.id, published.id]);
      expect(byCategory.body.total).toBe(3);
      for (const [state, product] of [
        ['draft', draft],
        ['scheduled', scheduled],
        ['published', published],
      ] as const) {
        const response = await list({ category_id: category.id, publication: state }).expect(200);
        expect(ids(response.body), state).toEqual([product.id]);
      }
      expect(ids((await list({ search: 'flt-9' }).expect(200)).body)).toEqual([published.id]);
      // The category's name, one word in it and another in the product's name.
      expect(ids((await list({ search: 'filtrecat' }).expect(200)).body)).toEqual([
        draft.id,
        scheduled.id,
        published.id,
      ]);
      expect(ids((await list({ search: 'unique brouillon' }).expect(200)).body)).toEqual([draft.id]);
      expect((await list({ search: 'filtrecat', category_id: 999_999 }).expect(200)).body).toMatchObject({
        data: [],
        total: 0,
        from: null,
        to: null,
        last_page: 1,
      });
    });

    it('asks for a token', async () => {
      const response = await request(app).get('/api/admin/products').expect(401);
      expect(response.body.message).toBe(M.notAuthenticated);
    });
  });

  describe('POST /api/admin/products/bulk', () => {
    it('publishes now: a draft and a scheduled product become published with no moment, a published one is left alone, each change logged and kept as a revision', async () => {
      const category = await aCategory(db);
      const draft = await aProduct(db, {
        name: 'Pub brouillon',
        category_id: category.id,
        publication: 'draft',
      });
      const scheduled = await aProduct(db, {
        name: 'Pub programme',
        category_id: category.id,
        publish_at: FUTURE,
      });
      const published = await aProduct(db, {
        name: 'Pub en ligne',
        category_id: category.id,
        publish_at: PAST,
      });
      const since = await lastLogId();
      const response = await bulk({ action: 'publish', ids: [draft.id, scheduled.id, published.id] }).expect(
        200,
      );
      expect(response.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
      expect(await productRow(draft.id)).toMatchObject({ publication: 'published', publish_at: null });
      expect(await productRow(scheduled.id)).toMatchObject({ publication: 'published', publish_at: null });
      const untouched = await productRow(published.id);
      expect(untouched.publish_at).not.toBeNull();
      expect(await logAfter(since)).toEqual([
        {
          action: 'update',
          entity: 'product',
          entity_id: String(draft.id),
          label: 'Pub brouillon',
          changes: { publication: ['draft', 'published'] },
        },
        {
          action: 'update',
          entity: 'product',
          entity_id: String(scheduled.id),
          label: 'Pub programme',
          changes: { publish_at: [expect.stringMatching(/^2099-06-01/), null] },
        },
      ]);
      expect([
        await revisionsOf(draft.id),
        await revisionsOf(scheduled.id),
        await revisionsOf(published.id),
      ]).toEqual([1, 1, 0]);
      // Now on the public catalogue.
      const publicIds = (
        await request(app).get('/api/products').query({ category_id: category.id }).expect(200)
      ).body.data
        .map((row: { id: number }) => row.id)
        .sort((a: number, b: number) => a - b);
      expect(publicIds).toEqual([draft.id, scheduled.id, published.id]);
    });

    it('unpublishes the whole filtered list when it still holds the rows the staff saw, and nothing when it changed (409)', async () => {
      const category = await aCategory(db);
      const first = await aProduct(db, { name: 'Depub un', category_id: category.id });
      const second = await aProduct(db, { name: 'Depub deux', category_id: category.id });
      const filter = { category_id: String(category.id), publication: 'published', search: '' };

      const stale = await bulk({ action: 'unpublish', filter, expected: 3 }).expect(409);
      expect(stale.body.message).toBe(
        'La liste a changé depuis votre sélection (2 lignes au lieu de 3). Vérifiez-la et recommencez : rien n’a été modifié.',
      );
      expect((await productRow(first.id)).publication).toBe('published');

      const since = await lastLogId();
      const response = await bulk({ action: 'unpublish', filter, expected: 2 }).expect(200);
      expect(response.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
      expect((await productRow(first.id)).publication).toBe('draft');
      expect((await productRow(second.id)).publication).toBe('draft');
      expect((await logAfter(since)).map((row) => [row.action, row.entity_id, row.changes])).toEqual([
        ['update', String(first.id), { publication: ['published', 'draft'] }],
        ['update', String(second.id), { publication: ['published', 'draft'] }],
      ]);
      // The filtered list is now empty: the same request selects nothing.
      expect(
        (await list({ category_id: category.id, publication: 'published' }).expect(200)).body.total,
      ).toBe(0);
    });

    it('moves products to another category, naming the row already gone, and logs the change', async () => {
      const from = await aCategory(db);
      const to = await aCategory(db, { name: 'Destination du deplacement' });
      const moving = await aProduct(db, { name: 'Deplace', category_id: from.id });
      const already = await aProduct(db, { name: 'Deja la', category_id: to.id });
      const gone = await aProduct(db, { name: 'Parti', category_id: from.id, deleted_at: PAST });
      const since = await lastLogId();
      const response = await bulk({
        action: 'move_category',
        category_id: to.id,
        ids: [moving.id, already.id, gone.id, 987_654],
      }).expect(200);
      expect(response.body).toEqual({
        changed: 1,
        refused: [
          { id: gone.id, message: M.notFound },
          { id: 987_654, message: M.notFound },
        ],
        message: '1 élément modifié, 2 refusés.',
      });
      expect((await productRow(moving.id)).category_id).toBe(to.id);
      expect((await productRow(gone.id)).category_id).toBe(from.id);
      expect(await logAfter(since)).toEqual([
        {
          action: 'update',
          entity: 'product',
          entity_id: String(moving.id),
          label: 'Deplace',
          changes: { category_id: [from.id, to.id] },
        },
      ]);
      expect(await revisionsOf(moving.id)).toBe(1);
    });

    it('refuses the whole move to a category in the trash, missing, or not named, and changes nothing', async () => {
      const home = await aCategory(db);
      const trashed = await aCategory(db, { deleted_at: PAST });
      const product = await aProduct(db, { category_id: home.id });
      const since = await lastLogId();
      for (const category_id of [trashed.id, 999_999]) {
        const response = await bulk({ action: 'move_category', category_id, ids: [product.id] }).expect(422);
        expect(response.body).toEqual({ message: M.validation, errors: { category_id: [M.categoryGone] } });
      }
      const unnamed = await bulk({ action: 'move_category', ids: [product.id] }).expect(422);
      expect(unnamed.body).toEqual({ message: M.validation, errors: { category_id: [M.categoryRequired] } });
      expect((await productRow(product.id)).category_id).toBe(home.id);
      expect(await logAfter(since)).toEqual([]);
    });

    it('moves the selected products to the trash, each with its trash entry and its log line', async () => {
      const category = await aCategory(db);
      const one = await aProduct(db, { name: 'Corbeille un', category_id: category.id });
      const two = await aProduct(db, { name: 'Corbeille deux', category_id: category.id });
      const since = await lastLogId();
      const response = await bulk({ action: 'delete', ids: [one.id, two.id] }).expect(200);
      expect(response.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
      for (const product of [one, two]) {
        expect((await productRow(product.id)).deleted_at).not.toBeNull();
        expect(
          await db.knex('trash').where({ kind: 'product', entity_id: product.id }).first(),
        ).toMatchObject({
          label: product.name,
        });
      }
      expect((await logAfter(since)).map((row) => [row.action, row.entity, row.entity_id])).toEqual([
        ['trash', 'product', String(one.id)],
        ['trash', 'product', String(two.id)],
      ]);
      expect((await list({ category_id: category.id }).expect(200)).body.total).toBe(0);
    });

    it.each([
      ['an unknown action', { action: 'archive', ids: [1] }, 'action', M.actionInvalid],
      [
        'no selection',
        { action: 'publish' },
        'ids',
        'Indiquez les lignes à traiter (ids) ou le filtre de la liste (filter).',
      ],
      ['an empty selection', { action: 'publish', ids: [] }, 'ids', 'Sélectionnez au moins une ligne.'],
    ])('refuses %s with a French 422', async (_label, body, field, message) => {
      const response = await bulk(body).expect(422);
      expect(response.body.message).toBe(M.validation);
      expect(response.body.errors[field]).toEqual([message]);
    });
  });
});
