import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { aCategory, aProduct } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines } from '../helpers/test-db';

/**
 * Optional paging of GET /api/products (product rules, Public site: the public catalogue loads a screenful at
 * a time). Without `page` the answer must stay the whole `{ data }` list the back office
 * reads; with it, `{ data, meta }` with the same `search` and `category_id` filters.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  pageInvalid: 'Le numéro de page doit être un entier positif',
  perPageInvalid: 'Le nombre de produits par page doit être un entier entre 1 et 48',
  categoryFilterInvalid: 'Le filtre de catégorie est invalide',
};

const CEMENTS = 30;
const CHAIRS = 7;

describe.each(testEngines())('products paging on $name', (engine) => {
  let api: ApiHarness;
  let app: express.Express;
  let materials: number;
  let furniture: number;
  /** Every product id, newest first: the order of the list. */
  let newestFirst: number[];
  let chairIds: number[];

  async function category(name: string): Promise<number> {
    return (await aCategory(api.db, { name, description: `Catégorie ${name} du catalogue` })).id;
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    app = api.app;
    materials = await category('Gros œuvre');
    furniture = await category('Mobilier de salon');
    // Chairs interleaved with cements, one second apart, and two products sharing one
    // instant at the end: the id must break that tie so pages never overlap.
    const base = Date.UTC(2024, 0, 1);
    const inserted: { id: number; second: number; chair: boolean }[] = [];
    for (let i = 0; i < CEMENTS + CHAIRS; i++) {
      const chair = i % 5 === 2; // 7 chairs among 37 products
      const second = Math.min(i, CEMENTS + CHAIRS - 2);
      const at = toDbDateTime(new Date(base + second * 1000));
      const { id } = await aProduct(api.db, {
        reference: `PG-${String(i + 1).padStart(3, '0')}`,
        name: chair ? `Chaise en teck n°${i + 1}` : `Ciment CPJ n°${i + 1}`,
        category_id: chair ? furniture : materials,
        price: 1000 * (i + 1),
        stock: i,
        description: 'Produit de test pour la pagination du catalogue.',
        created_at: at,
        updated_at: at,
      });
      inserted.push({ id, second, chair });
    }
    newestFirst = [...inserted].sort((a, b) => b.second - a.second || b.id - a.id).map((r) => r.id);
    chairIds = inserted.filter((r) => r.chair).map((r) => r.id);
  });
  afterAll(() => api.cleanup());

  const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);

  it('without page, answers the whole list as { data } only, newest first, as before', async () => {
    const response = await request(app).get('/api/products').expect(200);
    expect(Object.keys(response.body)).toEqual(['data']);
    expect(ids(response.body)).toEqual(newestFirst);
  });

  it('with page=1, answers the first 12 products and the meta a pager needs, without a token', async () => {
    const response = await request(app).get('/api/products?page=1').expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['data', 'meta']);
    expect(response.body.meta).toEqual({
      current_page: 1,
      last_page: 4,
      per_page: 12,
      total: CEMENTS + CHAIRS,
    });
    expect(ids(response.body)).toEqual(newestFirst.slice(0, 12));
    // Items have the shape of the unpaged list.
    const whole = (await request(app).get('/api/products').expect(200)).body.data;
    expect(response.body.data[0]).toEqual(whole[0]);
  });

  it('walks every page with per_page without overlap or gap, even across equal creation instants', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const response = await request(app).get(`/api/products?page=${page}&per_page=10`).expect(200);
      expect(response.body.meta).toEqual({ current_page: page, last_page: 4, per_page: 10, total: 37 });
      seen.push(...ids(response.body));
    }
    expect(seen).toEqual(newestFirst);
  });

  it('a page past the last answers an empty data with the true total', async () => {
    const response = await request(app).get('/api/products?page=9&per_page=12').expect(200);
    expect(response.body).toEqual({
      data: [],
      meta: { current_page: 9, last_page: 4, per_page: 12, total: 37 },
    });
  });

  it('combines paging with category_id and a case-insensitive search on the name', async () => {
    const byCategory = await request(app)
      .get(`/api/products?page=1&per_page=5&category_id=${furniture}`)
      .expect(200);
    expect(byCategory.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 5, total: CHAIRS });
    expect(byCategory.body.data.every((p: { category_id: number }) => p.category_id === furniture)).toBe(
      true,
    );

    const searched = await request(app)
      .get(`/api/products?page=1&per_page=48&search=${encodeURIComponent('CHAISE EN')}`)
      .expect(200);
    expect(searched.body.meta.total).toBe(CHAIRS);
    expect(ids(searched.body).sort((a, b) => a - b)).toEqual([...chairIds].sort((a, b) => a - b));

    const none = await request(app)
      .get(`/api/products?page=1&search=chaise&category_id=${materials}`)
      .expect(200);
    expect(none.body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 12, total: 0 } });
  });

  it.each([
    ['page=0', 'page', M.pageInvalid],
    ['page=-1', 'page', M.pageInvalid],
    ['page=deux', 'page', M.pageInvalid],
    ['page=', 'page', M.pageInvalid],
    ['page=1.5', 'page', M.pageInvalid],
    ['page=1&page=2', 'page', M.pageInvalid],
    ['page=1&per_page=49', 'per_page', M.perPageInvalid],
    ['page=1&per_page=0', 'per_page', M.perPageInvalid],
    ['page=1&per_page=dix', 'per_page', M.perPageInvalid],
    ['page=1&category_id=abc', 'category_id', M.categoryFilterInvalid],
  ])('refuses %s with 422 and a French message on %s', async (query, field, message) => {
    const response = await request(app).get(`/api/products?${query}`).expect(422);
    expect(response.body).toEqual({ message: 'Erreur de validation', errors: { [field]: [message] } });
  });

  it('accepts the largest page size, 48, in one page', async () => {
    const response = await request(app).get('/api/products?page=1&per_page=48').expect(200);
    expect(response.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 48, total: 37 });
    expect(ids(response.body)).toEqual(newestFirst);
  });
});
