import { readdirSync } from 'node:fs';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageLayout } from '#server/storage/layout';
import { aCategory } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { postForm, type FormFile } from '../helpers/multipart';
import { storedImageChecks } from '../helpers/stored-images';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * /api/products on every engine (product rules, API; product rules, Entities and Validation;
 * product rules: whole F CFA, references, old price and discount, specifications and features,
 * public catalogue, deleting removes the image files). Each situation checks the answer,
 * the row and the files on disk.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  nameTooShort: 'Le nom doit contenir au moins 3 caractères',
  priceInvalid: 'Le prix doit être un nombre',
  oldPriceNotHigher: "L'ancien prix doit être supérieur au prix",
  categoryRequired: 'Veuillez sélectionner une catégorie',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  stockInvalid: 'Le stock doit être un nombre',
  referenceTaken: 'Cette référence est déjà utilisée par un autre produit.',
  specificationsInvalid:
    'Chaque caractéristique doit avoir un nom (120 caractères au maximum) et une valeur (500 au maximum)',
  galleryTooMany: 'La galerie contient au maximum 6 images.',
  imageTooMany: 'Une seule image principale par produit.',
  notAnImage: 'Le fichier doit être une image (JPEG, PNG, etc.)',
  tooLarge: "L'image est trop volumineuse. La taille maximale est de 2MB.",
  notFound: 'Produit non trouvé',
  deleted: 'Le produit a bien été supprimé',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  putRequired: 'Pour modifier, envoyez le formulaire avec _method=PUT.',
  categoryFilterInvalid: 'Le filtre de catégorie est invalide',
};
const TWO_MB = 2 * 1024 * 1024;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SUMMARY_KEYS = [
  'category',
  'category_id',
  'created_at',
  'description',
  'discount',
  'id',
  'image',
  'name',
  'oldPrice',
  'old_price',
  'price',
  'reference',
  'stock',
];
const DETAIL_KEYS = [
  ...SUMMARY_KEYS,
  'features',
  'gallery',
  'longDescription',
  'long_description',
  'specifications',
  'updated_at',
].sort();

type Fields = Record<string, string | string[]>;

describe.each(testEngines())('products on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let layout: StorageLayout;
  let token: string;
  let editorToken: string;
  let picture: Buffer;
  let cement: number;
  let furniture: number;

  const bearer = (t = token): Record<string, string> => ({ Authorization: `Bearer ${t}` });

  const form = (categoryId = cement): Fields => ({
    name: 'Ciment CPJ 42,5 – sac de 50 kg',
    price: '5 500',
    category_id: String(categoryId),
    description: 'Ciment Portland composé pour béton armé et maçonnerie courante.',
    stock: '120',
  });

  const send = (
    url: string,
    fields: Fields,
    files: FormFile[] = [],
    auth: Record<string, string> = bearer(),
  ) => postForm(app, url, fields, files, auth, { field: 'image', name: 'photo.jpg' });

  const { expectStored, expectGone, expectTrashed, expectTmpEmpty } = storedImageChecks(() => layout);
  const productFiles = () => readdirSync(layout.imageDir('products')).sort();
  const count = async () => Number((await db.knex('products').count({ n: '*' }).first())?.n);
  const rowOf = (id: number) => db.knex('products').where({ id }).first();

  async function create(fields: Fields = form(), files: FormFile[] = [{ data: picture }]) {
    return (await send('/api/products', fields, files).expect(201)).body.data;
  }

  async function category(name: string): Promise<number> {
    return (await aCategory(api.db, { name, description: `Catégorie ${name} du catalogue` })).id;
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, layout, adminToken: token, editorToken } = api);
    picture = await jpeg();
    cement = await category('Ciment et liants');
    furniture = await category('Mobilier de salon');
  });
  afterAll(() => api.cleanup());

  describe('POST /products', () => {
    it('creates a product from the whole form: 201 { data }, the row, the image, the gallery and their variants', async () => {
      const gallery = [
        await jpeg({ color: { r: 10, g: 120, b: 200 } }),
        await jpeg({ color: { r: 200, g: 200, b: 20 } }),
      ];
      const response = await send(
        '/api/products',
        {
          ...form(),
          old_price: '6 000',
          long_description: 'Un ciment polyvalent, fabriqué au Bénin.',
          'specifications[0][name]': 'Poids',
          'specifications[0][value]': '50 kg',
          'specifications[1][name]': 'Classe',
          'specifications[1][value]': '42,5 R',
          'features[]': ['Prise rapide', '  ', 'Résiste à l’humidité'],
          // Unknown or server-owned fields are ignored.
          id: '999',
          created_at: '2001-01-01',
          image: 'products/autre.jpg',
          gallery: 'products/autre.jpg',
        },
        [{ data: picture }, ...gallery.map((data) => ({ field: 'gallery[]', data }))],
      ).expect(201);
      expect(Object.keys(response.body)).toEqual(['data']);
      const product = response.body.data;
      expect(Object.keys(product).sort()).toEqual(DETAIL_KEYS);
      expect(product).toMatchObject({
        name: 'Ciment CPJ 42,5 – sac de 50 kg',
        category_id: cement,
        category: { id: cement, name: 'Ciment et liants' },
        price: 5500,
        old_price: 6000,
        oldPrice: 6000,
        discount: 8,
        stock: 120,
        description: 'Ciment Portland composé pour béton armé et maçonnerie courante.',
        long_description: 'Un ciment polyvalent, fabriqué au Bénin.',
        longDescription: 'Un ciment polyvalent, fabriqué au Bénin.',
        specifications: [
          { name: 'Poids', value: '50 kg' },
          { name: 'Classe', value: '42,5 R' },
        ],
        features: ['Prise rapide', 'Résiste à l’humidité'],
      });
      expect(product.id).not.toBe(999);
      expect(product.reference).toMatch(/^PRD-\d{4,}$/);
      expect(product.created_at).toMatch(ISO_INSTANT);
      expect(Math.abs(Date.parse(product.created_at) - Date.now())).toBeLessThan(10_000);
      expect(product.image).toMatch(/^products\/[A-Za-z0-9_-]+\.jpg$/);
      expectStored(product.image);
      expect(product.gallery).toHaveLength(2);
      for (const image of product.gallery) {
        expect(image).toMatch(/^products\//);
        expectStored(image);
      }

      const row = await rowOf(product.id);
      expect(row).toMatchObject({
        name: product.name,
        reference: product.reference,
        image: product.image,
        description: product.description,
      });
      expect(Number(row.price)).toBe(5500);
      expect(Number(row.old_price)).toBe(6000);
      expect(Number(row.stock)).toBe(120);
      expect(Number(row.category_id)).toBe(cement);
      expect(JSON.parse(row.specifications)).toEqual(product.specifications);
      expect(JSON.parse(row.features)).toEqual(product.features);
      expect(JSON.parse(row.gallery)).toEqual(product.gallery);
      await expectTmpEmpty();
    });

    it('generates consecutive PRD references when none is given, and keeps a given one upper-cased', async () => {
      const first = await create(form(), []);
      const second = await create(form(), []);
      const number = (ref: string) => Number(ref.replace('PRD-', ''));
      expect(number(second.reference)).toBe(number(first.reference) + 1);
      const named = await create({ ...form(), reference: ' cim-42/b ' }, []);
      expect(named.reference).toBe('CIM-42/B');
      expect((await rowOf(named.id)).reference).toBe('CIM-42/B');
    });

    it('refuses a reference another product has (whatever its case) with 422 on reference', async () => {
      await create({ ...form(), reference: 'UNIQUE-1' }, []);
      const before = await count();
      const response = await send('/api/products', { ...form(), reference: 'unique-1' }).expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { reference: [M.referenceTaken] } });
      expect(await count()).toBe(before);
    });

    it('reads JSON text for specifications and features, the camelCase oldPrice and longDescription, and defaults stock to 0', async () => {
      const { stock: _omitted, ...withoutStock } = form();
      const product = await create(
        {
          ...withoutStock,
          oldPrice: '7000',
          longDescription: 'Texte long',
          specifications: JSON.stringify([{ name: 'Origine', value: 'Bénin' }]),
          features: JSON.stringify(['Certifié NB']),
        },
        [],
      );
      expect(product).toMatchObject({
        stock: 0,
        old_price: 7000,
        long_description: 'Texte long',
        specifications: [{ name: 'Origine', value: 'Bénin' }],
        features: ['Certifié NB'],
        image: null,
        gallery: [],
        discount: 21,
      });
      const row = await rowOf(product.id);
      expect(Number(row.stock)).toBe(0);
      expect(row.image).toBeNull();
      expect(row.gallery).toBeNull();
    });

    it('takes a price with spaces and a comma with zero decimals as whole F CFA', async () => {
      const product = await create({ ...form(), price: '1 250 000,00' }, []);
      expect(product.price).toBe(1_250_000);
      expect(Number((await rowOf(product.id)).price)).toBe(1_250_000);
    });

    it('refuses an empty form with every rule of the product form at once, and writes nothing', async () => {
      const before = { rows: await count(), files: productFiles() };
      const response = await send('/api/products', {}, [{ data: picture }]).expect(422);
      expect(response.body).toEqual({
        message: M.validation,
        errors: {
          name: [M.nameTooShort],
          price: [M.priceInvalid],
          category_id: [M.categoryRequired],
          description: [M.descriptionTooShort],
        },
      });
      expect(await count()).toBe(before.rows);
      expect(productFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });

    it.each([
      ['a fractional price', { price: '1500,5' }, 'price', M.priceInvalid],
      ['a fractional price with a point', { price: '1500.25' }, 'price', M.priceInvalid],
      ['a price in words', { price: 'cinq mille' }, 'price', M.priceInvalid],
      ['a negative price', { price: '-5000' }, 'price', M.priceInvalid],
      ['a 2-character name', { name: ' Ci ' }, 'name', M.nameTooShort],
      ['a 9-character description', { description: ' 123456789 ' }, 'description', M.descriptionTooShort],
      ['no category', { category_id: '' }, 'category_id', M.categoryRequired],
      ['a category that does not exist', { category_id: '999999' }, 'category_id', M.categoryRequired],
      ['a stock in words', { stock: 'beaucoup' }, 'stock', M.stockInvalid],
      ['a fractional stock', { stock: '2,5' }, 'stock', M.stockInvalid],
      ['a negative stock', { stock: '-1' }, 'stock', M.stockInvalid],
      ['an old price below the price', { old_price: '5000' }, 'old_price', M.oldPriceNotHigher],
      [
        'a specification without value',
        { 'specifications[0][name]': 'Poids' },
        'specifications',
        M.specificationsInvalid,
      ],
    ])('refuses %s with its message and stores no image', async (_label, change, field, message) => {
      const before = { rows: await count(), files: productFiles() };
      const response = await send('/api/products', { ...form(), ...change }, [{ data: picture }]).expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { [field]: [message] } });
      expect(await count()).toBe(before.rows);
      expect(productFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });

    it('refuses an image of 2 MB + 1 byte with 413 and the product rules message, keeping nothing', async () => {
      const before = { rows: await count(), files: productFiles() };
      const big = Buffer.concat([picture, Buffer.alloc(TWO_MB + 1 - picture.length)]);
      const response = await send('/api/products', form(), [{ data: big }]).expect(413);
      expect(response.body).toEqual({ message: M.tooLarge });
      expect(await count()).toBe(before.rows);
      expect(productFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });

    it('accepts an image of exactly 2 MB', async () => {
      const exact = Buffer.concat([picture, Buffer.alloc(TWO_MB - picture.length)]);
      const product = await create(form(), [{ data: exact }]);
      expectStored(product.image);
    });

    it('refuses a text file named .jpg (as image or in the gallery) with 422, reported with the field errors, keeping nothing', async () => {
      const before = { rows: await count(), files: productFiles() };
      const text = Buffer.from('ceci est un texte, pas une image');
      const response = await send('/api/products', { ...form(), name: 'ab' }, [
        { data: text, name: 'photo.jpg' },
        { field: 'gallery[]', data: picture },
        { field: 'gallery[]', data: text, name: 'vue.jpg' },
      ]).expect(422);
      expect(response.body).toEqual({
        message: M.validation,
        errors: { name: [M.nameTooShort], image: [M.notAnImage], gallery: [M.notAnImage] },
      });
      expect(await count()).toBe(before.rows);
      expect(productFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });

    it('refuses a seventh gallery image with 422, keeping nothing', async () => {
      const before = { rows: await count(), files: productFiles() };
      const files = Array.from({ length: 7 }, () => ({ field: 'gallery[]', data: picture }));
      const response = await send('/api/products', form(), files).expect(422);
      expect(response.body.errors).toEqual({ gallery: [M.galleryTooMany] });
      expect(await count()).toBe(before.rows);
      expect(productFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });

    it('refuses two main images with 422 naming the image, not the gallery, keeping nothing', async () => {
      const before = { rows: await count(), files: productFiles() };
      const response = await send('/api/products', form(), [
        { data: picture },
        { data: picture, name: 'autre.jpg' },
      ]).expect(422);
      expect(response.body).toEqual({ message: M.imageTooMany, errors: { image: [M.imageTooMany] } });
      expect(await count()).toBe(before.rows);
      expect(productFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });

    it('stores a name holding </script> as it was typed and answers it unchanged as JSON data', async () => {
      const name = 'Vis </script><script>alert(1)</script> & "écrous"';
      const product = await create({ ...form(), name }, []);
      expect(product.name).toBe(name);
      expect((await rowOf(product.id)).name).toBe(name);
      const detail = await request(app).get(`/api/products/${product.id}`).expect(200);
      expect(detail.headers['content-type']).toMatch(/^application\/json/);
      expect(detail.body.data.name).toBe(name);
      const list = await request(app).get('/api/products').expect(200);
      expect(list.body.data.find((p: { id: number }) => p.id === product.id).name).toBe(name);
    });
  });

  describe('GET /products and /products/{id}', () => {
    it('lists every product newest first as { data: [...] } without a token, with the category name', async () => {
      const older = await create({ ...form(furniture), name: 'Canapé trois places' }, []);
      const newer = await create({ ...form(furniture), name: 'Table basse en teck' }, []);
      await db.knex('products').where({ id: older.id }).update({ created_at: '2020-01-01 10:00:00' });
      const response = await request(app).get('/api/products').expect(200);
      expect(Object.keys(response.body)).toEqual(['data']);
      const ids = response.body.data.map((p: { id: number }) => p.id);
      expect(ids.length).toBe(await count());
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids.at(-1)).toBe(older.id);
      const summary = response.body.data.find((p: { id: number }) => p.id === newer.id);
      expect(Object.keys(summary).sort()).toEqual(SUMMARY_KEYS);
      expect(summary.category).toEqual({ id: furniture, name: 'Mobilier de salon' });
      expect(summary.discount).toBeNull();
      expect(summary.old_price).toBeNull();
    });

    it('filters by a case-insensitive part of the name or reference and by category', async () => {
      const product = await create(
        { ...form(furniture), name: 'Fauteuil Rotin Naturel', reference: 'ROT-77' },
        [],
      );
      const names = async (query: string) =>
        (await request(app).get(`/api/products?${query}`).expect(200)).body.data.map(
          (p: { id: number }) => p.id,
        );
      expect(await names('search=rotin')).toEqual([product.id]);
      expect(await names('search=rot-7')).toEqual([product.id]);
      expect(await names(`search=fauteuil&category_id=${cement}`)).toEqual([]);
      expect(await names(`search=fauteuil&category_id=${furniture}`)).toEqual([product.id]);
      const inFurniture = await names(`category_id=${furniture}`);
      const rows = await db.knex('products').where({ category_id: furniture }).pluck('id');
      expect([...inFurniture].sort()).toEqual(rows.map(Number).sort());
      expect((await names('category_id=all')).length).toBe(await count());
      expect(await names('search=aucun-produit-ainsi')).toEqual([]);
      // LIKE wildcards are text, not patterns.
      expect(await names('search=%25')).toEqual([]);
    });

    it('refuses a category filter that is not an id with 422', async () => {
      const response = await request(app).get('/api/products?category_id=abc').expect(422);
      expect(response.body).toEqual({
        message: M.validation,
        errors: { category_id: [M.categoryFilterInvalid] },
      });
    });

    it('reads one product as { data: {...} } without a token, and answers 404 for an unknown or malformed id', async () => {
      const product = await create({ ...form(), old_price: '11000' }, [{ data: picture }]);
      const response = await request(app).get(`/api/products/${product.id}`).expect(200);
      expect(response.body).toEqual({ data: product });
      expect(response.body.data.discount).toBe(50);
      for (const id of ['999999', 'abc', '0', '1.5']) {
        const missing = await request(app).get(`/api/products/${id}`).expect(404);
        expect(missing.body).toEqual({ message: M.notFound });
      }
    });
  });

  describe('updates', () => {
    it('updates with _method=PUT: a new image replaces the old one, whose files are removed; absent extras are kept', async () => {
      const product = await create(
        { ...form(), long_description: 'Gardée', features: JSON.stringify(['Gardé']) },
        [{ data: picture }],
      );
      const replacement = await jpeg({ color: { r: 20, g: 140, b: 60 } });
      const response = await send(
        `/api/products/${product.id}`,
        { ...form(furniture), _method: 'PUT', name: 'Nouveau nom', price: '6100', stock: '3' },
        [{ data: replacement }],
      ).expect(200);
      const updated = response.body.data;
      expect(updated).toMatchObject({
        id: product.id,
        reference: product.reference,
        name: 'Nouveau nom',
        price: 6100,
        stock: 3,
        category_id: furniture,
        long_description: 'Gardée',
        features: ['Gardé'],
      });
      expect(updated.image).not.toBe(product.image);
      expectStored(updated.image);
      expectGone(product.image);
      const row = await rowOf(product.id);
      expect(row.image).toBe(updated.image);
      expect(row.name).toBe('Nouveau nom');
      await expectTmpEmpty();
    });

    it('accepts a real PUT too, and keeps the image when none is sent', async () => {
      const product = await create();
      const updated = (
        await request(app)
          .put(`/api/products/${product.id}`)
          .set(bearer())
          .field({ ...form(), price: '7000' })
          .expect(200)
      ).body.data;
      expect(updated.price).toBe(7000);
      expect(updated.image).toBe(product.image);
      expectStored(product.image);
    });

    it('removes the image with remove_image, and clears lists sent empty', async () => {
      const product = await create({ ...form(), features: JSON.stringify(['A', 'B']) });
      const updated = (
        await send(`/api/products/${product.id}`, {
          ...form(),
          _method: 'PUT',
          remove_image: '1',
          features: '',
        }).expect(200)
      ).body.data;
      expect(updated.image).toBeNull();
      expect(updated.features).toEqual([]);
      expectGone(product.image);
      const row = await rowOf(product.id);
      expect(row.image).toBeNull();
      expect(row.features).toBeNull();
    });

    it('removes the listed gallery images only, adds new ones, and never deletes a file the product does not own', async () => {
      const other = await create();
      const product = await create(form(), [
        { field: 'gallery[]', data: picture },
        { field: 'gallery[]', data: await jpeg({ color: { r: 1, g: 2, b: 3 } }) },
      ]);
      const [dropped, kept] = product.gallery;
      const response = await send(
        `/api/products/${product.id}`,
        { ...form(), _method: 'PUT', 'remove_gallery[]': [dropped, other.image] },
        [{ field: 'gallery[]', data: await jpeg({ color: { r: 9, g: 9, b: 9 } }) }],
      ).expect(200);
      const gallery = response.body.data.gallery;
      expect(gallery).toHaveLength(2);
      expect(gallery[0]).toBe(kept);
      expectStored(gallery[1]);
      expectGone(dropped);
      expectStored(kept);
      expectStored(other.image);
      expect(JSON.parse((await rowOf(product.id)).gallery)).toEqual(gallery);
    });

    it('refuses a gallery that would exceed 6 images, keeping the product and its files as they were', async () => {
      const product = await create(
        form(),
        Array.from({ length: 5 }, () => ({ field: 'gallery[]', data: picture })),
      );
      const before = productFiles();
      const response = await send(`/api/products/${product.id}`, { ...form(), _method: 'PUT' }, [
        { field: 'gallery[]', data: picture },
        { field: 'gallery[]', data: picture },
      ]).expect(422);
      expect(response.body.errors).toEqual({ gallery: [M.galleryTooMany] });
      expect(productFiles()).toEqual(before);
      expect(JSON.parse((await rowOf(product.id)).gallery)).toEqual(product.gallery);
    });

    it('keeps the old image when the new one is refused (text named .jpg), and when the form is invalid', async () => {
      const product = await create();
      const before = productFiles();
      await send(`/api/products/${product.id}`, { ...form(), _method: 'PUT' }, [
        { data: Buffer.from('texte'), name: 'x.jpg' },
      ]).expect(422);
      await send(`/api/products/${product.id}`, { ...form(), _method: 'PUT', price: '12,5' }, [
        { data: picture },
      ]).expect(422);
      expect(productFiles()).toEqual(before);
      expect((await rowOf(product.id)).image).toBe(product.image);
      expectStored(product.image);
      await expectTmpEmpty();
    });

    it('clears a kept old price that the new price reaches', async () => {
      const product = await create({ ...form(), old_price: '6000' }, []);
      const updated = (
        await send(`/api/products/${product.id}`, { ...form(), _method: 'PUT', price: '6000' }).expect(200)
      ).body.data;
      expect(updated).toMatchObject({ price: 6000, old_price: null, discount: null });
    });

    it('answers 405 to POST /products/{id} without _method=PUT and changes nothing', async () => {
      const product = await create({ ...form(), name: 'Inchangé' }, []);
      const response = await send(`/api/products/${product.id}`, { ...form(), name: 'Changé' }).expect(405);
      expect(response.body).toEqual({ message: M.putRequired });
      expect((await rowOf(product.id)).name).toBe('Inchangé');
    });

    it('answers 404 for an unknown product, storing no image', async () => {
      const before = productFiles();
      const response = await send('/api/products/999999', { ...form(), _method: 'PUT' }, [
        { data: picture },
      ]).expect(404);
      expect(response.body).toEqual({ message: M.notFound });
      expect(productFiles()).toEqual(before);
    });
  });

  describe('DELETE /products/{id}', () => {
    it('moves the row and its image and gallery files to the trash, then answers 404', async () => {
      const product = await create(form(), [{ data: picture }, { field: 'gallery[]', data: picture }]);
      const response = await request(app).delete(`/api/products/${product.id}`).set(bearer()).expect(200);
      expect(response.body).toEqual({ message: M.deleted });
      // Kept, marked, its files moved aside until purged (docs/product-rules.md, "Trash").
      expect((await rowOf(product.id)).deleted_at).not.toBeNull();
      expectTrashed(product.image);
      expectTrashed(product.gallery[0]);
      const again = await request(app).delete(`/api/products/${product.id}`).set(bearer()).expect(404);
      expect(again.body).toEqual({ message: M.notFound });
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 to a non-administrator on every write, changing nothing', async () => {
      const product = await create(form(), []);
      const before = { rows: await count(), files: productFiles() };
      const writes = [
        (auth: Record<string, string>) => send('/api/products', form(), [], auth),
        (auth: Record<string, string>) =>
          send(`/api/products/${product.id}`, { ...form(), _method: 'PUT', name: 'Piraté' }, [], auth),
        (auth: Record<string, string>) =>
          request(app)
            .put(`/api/products/${product.id}`)
            .set(auth)
            .field({ ...form(), name: 'Piraté' }),
        (auth: Record<string, string>) => request(app).delete(`/api/products/${product.id}`).set(auth),
      ];
      for (const write of writes) {
        expect((await write({}).expect(401)).body).toEqual({ message: M.notAuthenticated });
        expect((await write(bearer(editorToken)).expect(403)).body).toEqual({ message: M.forbidden });
      }
      expect(await count()).toBe(before.rows);
      expect(productFiles()).toEqual(before.files);
      expect((await rowOf(product.id)).name).toBe(product.name);
    });
  });
});
