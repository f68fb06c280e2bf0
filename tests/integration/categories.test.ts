import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aProduct } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * /api/categories on every engine (product rules, API; product rules, Entities and Validation;
 * product rules: public reads, a category holding products cannot be deleted). Each situation
 * checks the answer and the rows.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  nameTooShort: 'Le nom doit contenir au moins 3 caractères',
  nameTooLong: 'Le nom ne doit pas dépasser 120 caractères',
  nameTaken: 'Une catégorie porte déjà ce nom.',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  notFound: 'Catégorie non trouvée',
  notEmpty: 'Impossible de supprimer une catégorie qui contient des produits.',
  deleted: 'La catégorie a bien été supprimée',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
};

describe.each(testEngines())('categories on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let token: string;
  let editorToken: string;

  const bearer = (t = token): Record<string, string> => ({ Authorization: `Bearer ${t}` });
  const count = async () => Number((await db.knex('categories').count({ n: '*' }).first())?.n);
  const rowOf = (id: number) => db.knex('categories').where({ id }).first();

  async function create(
    name: string,
    description = `Tout pour ${name.toLowerCase()}`,
  ): Promise<{ id: number; name: string }> {
    return (await request(app).post('/api/categories').set(bearer()).send({ name, description }).expect(201))
      .body.data;
  }

  async function addProducts(categoryId: number, n: number): Promise<void> {
    for (let i = 0; i < n; i += 1)
      await aProduct(db, {
        name: 'Produit de test',
        category_id: categoryId,
        price: 1000,
        description: 'Un produit pour compter.',
      });
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, adminToken: token, editorToken } = api);
  });
  afterAll(() => api.cleanup());

  describe('POST /categories', () => {
    it('creates a category from JSON: 201 { data } with id, name, description, products_count 0, and a trimmed row', async () => {
      const response = await request(app)
        .post('/api/categories')
        .set(bearer())
        .send({
          name: '  Quincaillerie ',
          description: ' Vis, clous, serrures et outillage. ',
          id: 999,
          products_count: 12,
          created_at: '2001-01-01',
        })
        .expect(201);
      expect(Object.keys(response.body)).toEqual(['data']);
      const category = response.body.data;
      expect(Object.keys(category).sort()).toEqual(['description', 'id', 'name', 'products_count']);
      expect(category).toMatchObject({
        name: 'Quincaillerie',
        description: 'Vis, clous, serrures et outillage.',
        products_count: 0,
      });
      expect(category.id).not.toBe(999);
      const row = await rowOf(category.id);
      expect(row).toMatchObject({ name: 'Quincaillerie', description: 'Vis, clous, serrures et outillage.' });
      expect(Math.abs(Date.parse(`${row.created_at.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(10_000);
    });

    it('accepts a url-encoded form too', async () => {
      const response = await request(app)
        .post('/api/categories')
        .set(bearer())
        .type('form')
        .send({ name: 'Plomberie', description: 'Tuyaux, raccords et robinetterie.' })
        .expect(201);
      expect(response.body.data.name).toBe('Plomberie');
    });

    it('refuses an empty body with both messages and writes nothing', async () => {
      const before = await count();
      const response = await request(app).post('/api/categories').set(bearer()).send({}).expect(422);
      expect(response.body).toEqual({
        message: M.validation,
        errors: { name: [M.nameTooShort], description: [M.descriptionTooShort] },
      });
      expect(await count()).toBe(before);
    });

    it.each([
      ['a 2-character name', { name: ' Ab ' }, 'name', M.nameTooShort],
      ['a name of 121 characters', { name: 'N'.repeat(121) }, 'name', M.nameTooLong],
      ['a name that is not text', { name: 12345 }, 'name', M.nameTooShort],
      ['a 9-character description', { description: '123456789 ' }, 'description', M.descriptionTooShort],
    ])('refuses %s with its message', async (_label, change, field, message) => {
      const before = await count();
      const response = await request(app)
        .post('/api/categories')
        .set(bearer())
        .send({ name: 'Électricité', description: 'Câbles, disjoncteurs et appareillage.', ...change })
        .expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { [field]: [message] } });
      expect(await count()).toBe(before);
    });

    it('refuses a name another category has, whatever its case, with 422 on name', async () => {
      await create('Peinture');
      const before = await count();
      const response = await request(app)
        .post('/api/categories')
        .set(bearer())
        .send({ name: 'PEINTURE', description: 'Une autre description.' })
        .expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { name: [M.nameTaken] } });
      expect(await count()).toBe(before);
    });
  });

  describe('GET /categories and /categories/{id}', () => {
    it('lists every category in French alphabetical order with its product count, without a token', async () => {
      const bois = await create('Bois et dérivés');
      const etancheite = await create('Étanchéité');
      await addProducts(bois.id, 3);
      const response = await request(app).get('/api/categories').expect(200);
      expect(Object.keys(response.body)).toEqual(['data']);
      const list: { id: number; name: string; products_count: number }[] = response.body.data;
      expect(list.length).toBe(await count());
      const names = list.map((c) => c.name);
      expect([...names].sort(new Intl.Collator('fr').compare)).toEqual(names);
      // 'Étanchéité' sorts with the E, not after Z as bytes would put it.
      expect(names.indexOf('Étanchéité')).toBeLessThan(names.indexOf('Peinture'));
      expect(list.find((c) => c.id === bois.id)?.products_count).toBe(3);
      expect(list.find((c) => c.id === etancheite.id)?.products_count).toBe(0);
    });

    it('reads one category with its count, and answers 404 for an unknown or malformed id', async () => {
      const carrelage = await create('Carrelage');
      await addProducts(carrelage.id, 2);
      const response = await request(app).get(`/api/categories/${carrelage.id}`).expect(200);
      expect(response.body).toEqual({
        data: { id: carrelage.id, name: 'Carrelage', description: 'Tout pour carrelage', products_count: 2 },
      });
      for (const id of ['999999', 'abc', '0', '-1']) {
        expect((await request(app).get(`/api/categories/${id}`).expect(404)).body).toEqual({
          message: M.notFound,
        });
      }
    });
  });

  describe('PUT /categories/{id}', () => {
    it('updates name and description from JSON and answers the category', async () => {
      const category = await create('Menuiserie');
      const response = await request(app)
        .put(`/api/categories/${category.id}`)
        .set(bearer())
        .send({ name: 'Menuiserie alu', description: 'Fenêtres et portes en aluminium.' })
        .expect(200);
      expect(response.body.data).toEqual({
        id: category.id,
        name: 'Menuiserie alu',
        description: 'Fenêtres et portes en aluminium.',
        products_count: 0,
      });
      expect(await rowOf(category.id)).toMatchObject({
        name: 'Menuiserie alu',
        description: 'Fenêtres et portes en aluminium.',
      });
    });

    it('lets a category keep its own name (another case included) but not take another one', async () => {
      const category = await create('Sanitaires');
      await create('Jardinage');
      await request(app)
        .put(`/api/categories/${category.id}`)
        .set(bearer())
        .send({ name: 'SANITAIRES', description: 'Lavabos et cuvettes.' })
        .expect(200);
      const response = await request(app)
        .put(`/api/categories/${category.id}`)
        .set(bearer())
        .send({ name: 'jardinage', description: 'Lavabos et cuvettes.' })
        .expect(422);
      expect(response.body.errors).toEqual({ name: [M.nameTaken] });
      expect((await rowOf(category.id)).name).toBe('SANITAIRES');
    });

    it('validates like creation and answers 404 for an unknown category', async () => {
      const category = await create('Ferraillage');
      const invalid = await request(app)
        .put(`/api/categories/${category.id}`)
        .set(bearer())
        .send({ name: 'Fe', description: 'court' })
        .expect(422);
      expect(invalid.body.errors).toEqual({ name: [M.nameTooShort], description: [M.descriptionTooShort] });
      expect((await rowOf(category.id)).name).toBe('Ferraillage');
      const missing = await request(app)
        .put('/api/categories/999999')
        .set(bearer())
        .send({ name: 'Inconnue', description: 'Une description.' })
        .expect(404);
      expect(missing.body).toEqual({ message: M.notFound });
    });
  });

  describe('DELETE /categories/{id}', () => {
    it('moves an empty category to the trash, then answers 404', async () => {
      const category = await create('Éphémère');
      expect(
        (await request(app).delete(`/api/categories/${category.id}`).set(bearer()).expect(200)).body,
      ).toEqual({ message: M.deleted });
      // Kept, marked, until purged (docs/product-rules.md, "Trash").
      expect((await rowOf(category.id)).deleted_at).not.toBeNull();
      await request(app).get(`/api/categories/${category.id}`).expect(404);
      expect(
        (await request(app).delete(`/api/categories/${category.id}`).set(bearer()).expect(404)).body,
      ).toEqual({ message: M.notFound });
    });

    it('refuses with 409 while live products reference the category, and trashes it once they are gone', async () => {
      const category = await create('Toiture');
      await addProducts(category.id, 1);
      const response = await request(app).delete(`/api/categories/${category.id}`).set(bearer()).expect(409);
      expect(response.body).toEqual({ message: M.notEmpty });
      expect(await rowOf(category.id)).toBeDefined();
      await db.knex('products').where({ category_id: category.id }).delete();
      await request(app).delete(`/api/categories/${category.id}`).set(bearer()).expect(200);
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 to a non-administrator on every write, changing nothing', async () => {
      const category = await create('Protégée');
      const body = { name: 'Piratée', description: 'Une description piratée.' };
      const writes = [
        (auth: Record<string, string>) => request(app).post('/api/categories').set(auth).send(body),
        (auth: Record<string, string>) =>
          request(app).put(`/api/categories/${category.id}`).set(auth).send(body),
        (auth: Record<string, string>) => request(app).delete(`/api/categories/${category.id}`).set(auth),
      ];
      const before = await count();
      for (const write of writes) {
        expect((await write({}).expect(401)).body).toEqual({ message: M.notAuthenticated });
        expect((await write(bearer(editorToken)).expect(403)).body).toEqual({ message: M.forbidden });
      }
      expect(await count()).toBe(before);
      expect((await rowOf(category.id)).name).toBe('Protégée');
    });
  });
});
