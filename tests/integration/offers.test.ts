import { readdirSync } from 'node:fs';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageLayout } from '#server/storage/layout';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { postForm, type FormFile } from '../helpers/multipart';
import { storedImageChecks } from '../helpers/stored-images';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The offers on every engine (product rules, API; product rules, Entities and Validation;
 * product rules: offers can be edited, the parcel form's rules are enforced, deleting an entity
 * removes its images). Each situation checks the answer, the rows and the files on disk.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  imageRequired: 'Une image est requise.',
  notAnImage: 'Le fichier doit être une image (JPEG, PNG, etc.)',
  tooLarge: "L'image est trop volumineuse. La taille maximale est de 2MB.",
  titleTooShort: 'Le titre doit contenir au moins 3 caractères',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  locationRequired: 'La localisation est requise',
  priceRequired: 'Le prix est requis',
  priceInvalid: 'Le prix doit être un nombre',
  statusRequired: 'Veuillez sélectionner un statut',
  valueTooHigh: 'La valeur est trop élevée. Maximum autorisé: 9 999 999 999 999,99',
  valueInvalid: 'La valeur estimée doit être un nombre positif (2 décimales au plus)',
  goodTooShort: 'La description doit contenir au moins 3 caractères',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  deleted: "L'offre a bien été supprimée.",
  putRequired: 'Pour modifier, envoyez le formulaire avec _method=PUT.',
};
const TWO_MB = 2 * 1024 * 1024;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Fields = Record<string, string>;

const PARCEL: Fields = {
  type: 'parcelle',
  title: 'Parcelle de 500 m² à Calavi',
  description: 'Parcelle plate avec convention de vente, proche du goudron.',
  location: 'Abomey-Calavi, Togoudo',
  surface: '500,5',
  price: '12 500 000',
  status: 'Disponible',
};
const FLEET: Fields = {
  type: 'flotte',
  propertyType: 'Villa',
  address: 'Lot 245, Haie Vive, Cotonou',
  surface: '420',
  owner: 'M. Gildas Houngbédji',
  occupationStatus: 'Loué',
  estimatedValue: '185 000 000,50',
};
const GOOD: Fields = { type: 'bien', description: 'Groupe électrogène 20 kVA en bon état' };

interface Kind {
  name: string;
  path: string;
  table: string;
  folder: string;
  fields: Fields;
}
const KINDS: Kind[] = [
  { name: 'parcels', path: '/api/parcels', table: 'parcels', folder: 'parcelle', fields: PARCEL },
  {
    name: 'fleet',
    path: '/api/flotte-immobiliere',
    table: 'fleet_properties',
    folder: 'fleet',
    fields: FLEET,
  },
  {
    name: 'miscellaneous goods',
    path: '/api/biens-immobiliers',
    table: 'miscellaneous_goods',
    folder: 'bien',
    fields: GOOD,
  },
];

describe.each(testEngines())('offers on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let layout: StorageLayout;
  let token: string;
  let editorToken: string;
  let picture: Buffer;

  const bearer = (t = token) => ({ Authorization: `Bearer ${t}` });

  const send = (
    url: string,
    fields: Fields,
    files: FormFile[] = [],
    auth: Record<string, string> = bearer(),
  ) => postForm(app, url, fields, files, auth, { field: 'image', name: 'photo.jpg' });

  const filesIn = (folder: string) => readdirSync(layout.imageDir(folder as never)).sort();
  const { expectStored, expectGone, expectTrashed, expectTmpEmpty } = storedImageChecks(() => layout);
  const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())?.n);

  async function create(kind: Kind, fields: Fields = kind.fields): Promise<{ id: number; image: string }> {
    const response = await send(kind.path, fields, [{ data: picture }]).expect(201);
    return response.body.data;
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, layout, adminToken: token, editorToken } = api);
    picture = await jpeg();
  });
  afterAll(() => api.cleanup());

  describe('parcels', () => {
    it('creates a parcel from form data: 201, the product rules fields, a row with whole F CFA, the image and its variants', async () => {
      const response = await send(
        '/api/parcels',
        { ...PARCEL, id: '999', created_at: '2001-01-01', image: 'products/x.jpg' },
        [{ data: picture }],
      ).expect(201);
      const parcel = response.body.data;
      expect(Object.keys(response.body)).toEqual(['data']);
      expect(Object.keys(parcel).sort()).toEqual([
        'created_at',
        'description',
        'id',
        'image',
        'location',
        'price',
        'status',
        'surface',
        'title',
      ]);
      expect(parcel).toMatchObject({
        title: PARCEL.title,
        description: PARCEL.description,
        location: PARCEL.location,
        surface: 500.5,
        price: 12_500_000,
        status: 'Disponible',
      });
      expect(parcel.id).not.toBe(999);
      expect(parcel.created_at).toMatch(ISO_INSTANT);
      expect(Math.abs(Date.parse(parcel.created_at) - Date.now())).toBeLessThan(10_000);
      expect(parcel.image).toMatch(/^parcelle\/[A-Za-z0-9_-]+\.jpg$/);
      expectStored(parcel.image);

      const row = await db.knex('parcels').where({ id: parcel.id }).first();
      expect(row.title).toBe(PARCEL.title);
      expect(Number(row.price)).toBe(12_500_000);
      expect(Number(row.surface)).toBe(500.5);
      expect(row.image).toBe(parcel.image);
      await expectTmpEmpty();
    });

    it('refuses an empty form with every rule of the parcel form at once, and writes nothing', async () => {
      const before = { rows: await count('parcels'), files: filesIn('parcelle') };
      const response = await send('/api/parcels', { type: 'parcelle' }).expect(422);
      expect(response.body).toEqual({
        message: M.validation,
        errors: {
          title: [M.titleTooShort],
          description: [M.descriptionTooShort],
          location: [M.locationRequired],
          price: [M.priceRequired],
          status: [M.statusRequired],
          image: [M.imageRequired],
        },
      });
      expect(await count('parcels')).toBe(before.rows);
      expect(filesIn('parcelle')).toEqual(before.files);
    });

    it.each([
      ['a fractional price', { price: '1500,5' }, 'price', M.priceInvalid],
      ['a price in words', { price: 'douze millions' }, 'price', M.priceInvalid],
      ['a negative price', { price: '-5000' }, 'price', M.priceInvalid],
      ['a 2-character title', { title: 'Lo' }, 'title', M.titleTooShort],
      ['a 9-character description', { description: ' 123456789 ' }, 'description', M.descriptionTooShort],
      ['a 2-character location', { location: '  Ab ' }, 'location', M.locationRequired],
      ['a status outside the five', { status: 'Loué' }, 'status', M.statusRequired],
      ['a blank status', { status: '' }, 'status', M.statusRequired],
    ])('refuses %s with its message and stores no image', async (_label, change, field, message) => {
      const before = { rows: await count('parcels'), files: filesIn('parcelle') };
      const response = await send('/api/parcels', { ...PARCEL, ...change }, [{ data: picture }]).expect(422);
      expect(response.body.errors).toEqual({ [field]: [message] });
      expect(await count('parcels')).toBe(before.rows);
      expect(filesIn('parcelle')).toEqual(before.files);
      await expectTmpEmpty();
    });

    it('takes a price written with a comma and zero decimals as whole F CFA, and leaves surface optional', async () => {
      const { surface: _omitted, ...withoutSurface } = PARCEL;
      const parcel = (
        await send('/api/parcels', { ...withoutSurface, price: '1250000,00', status: 'À venir' }, [
          { data: picture },
        ]).expect(201)
      ).body.data;
      expect(parcel.price).toBe(1_250_000);
      expect(parcel.surface).toBeNull();
      expect(parcel.status).toBe('À venir');
    });
  });

  describe('fleet properties', () => {
    it('creates a property with camelCase fields and a two-decimal estimated value read with a comma', async () => {
      const property = (await send('/api/flotte-immobiliere', FLEET, [{ data: picture }]).expect(201)).body
        .data;
      expect(Object.keys(property).sort()).toEqual([
        'address',
        'created_at',
        'estimatedValue',
        'id',
        'image',
        'occupationStatus',
        'owner',
        'propertyType',
        'surface',
      ]);
      expect(property).toMatchObject({
        propertyType: 'Villa',
        address: FLEET.address,
        surface: 420,
        owner: 'M. Gildas Houngbédji',
        occupationStatus: 'Loué',
        estimatedValue: 185_000_000.5,
      });
      expect(property.image).toMatch(/^fleet\//);
      expectStored(property.image);
      const row = await db.knex('fleet_properties').where({ id: property.id }).first();
      expect(row.property_type).toBe('Villa');
      expect(Number(row.estimated_value)).toBe(185_000_000.5);
    });

    it('accepts the cap 9 999 999 999 999,99 exactly and answers it as a number', async () => {
      const property = (
        await send('/api/flotte-immobiliere', { ...FLEET, estimatedValue: '9 999 999 999 999,99' }, [
          { data: picture },
        ]).expect(201)
      ).body.data;
      expect(property.estimatedValue).toBe(9_999_999_999_999.99);
      const row = await db.knex('fleet_properties').where({ id: property.id }).first();
      expect(String(row.estimated_value)).toMatch(/^9999999999999\.99$/);
    });

    it.each([
      ['one cent above the cap', '10 000 000 000 000,00', M.valueTooHigh],
      ['far above the cap', '99999999999999999999', M.valueTooHigh],
      ['three decimals', '1250,125', M.valueInvalid],
      ['a negative value', '-10', M.valueInvalid],
    ])(
      'refuses an estimated value of %s with 422 and stores nothing',
      async (_label, estimatedValue, message) => {
        const before = { rows: await count('fleet_properties'), files: filesIn('fleet') };
        const response = await send('/api/flotte-immobiliere', { ...FLEET, estimatedValue }, [
          { data: picture },
        ]).expect(422);
        expect(response.body).toEqual({ message: M.validation, errors: { estimatedValue: [message] } });
        expect(await count('fleet_properties')).toBe(before.rows);
        expect(filesIn('fleet')).toEqual(before.files);
      },
    );

    it('creates a property from the image alone (every other field is optional) with nulls', async () => {
      const property = (
        await send('/api/flotte-immobiliere', { type: 'flotte' }, [{ data: picture }]).expect(201)
      ).body.data;
      expect(property).toMatchObject({
        propertyType: null,
        address: null,
        surface: null,
        owner: null,
        occupationStatus: null,
        estimatedValue: null,
      });
    });
  });

  describe('miscellaneous goods', () => {
    it('creates a good from the form field simpleDescription, answering id, description, image, created_at', async () => {
      const good = (
        await send('/api/biens-immobiliers', { type: 'bien', simpleDescription: '  Lot de 40 chaises  ' }, [
          { data: picture },
        ]).expect(201)
      ).body.data;
      expect(Object.keys(good).sort()).toEqual(['created_at', 'description', 'id', 'image']);
      expect(good.description).toBe('Lot de 40 chaises');
      expect(good.image).toMatch(/^bien\//);
      expectStored(good.image);
      expect((await db.knex('miscellaneous_goods').where({ id: good.id }).first()).description).toBe(
        'Lot de 40 chaises',
      );
    });

    it('prefers description over simpleDescription when both are sent', async () => {
      const good = (
        await send(
          '/api/biens-immobiliers',
          { description: 'Bétonnière 350 L', simpleDescription: 'autre texte' },
          [{ data: picture }],
        ).expect(201)
      ).body.data;
      expect(good.description).toBe('Bétonnière 350 L');
    });

    it('refuses a good without description or image with both messages', async () => {
      const response = await send('/api/biens-immobiliers', { simpleDescription: 'ab' }).expect(422);
      expect(response.body.errors).toEqual({ description: [M.goodTooShort], image: [M.imageRequired] });
    });
  });

  describe.each(KINDS)('the five calls of $name', (kind) => {
    it('lists newest first as { data: [...] } without a token', async () => {
      const first = await create(kind);
      const second = await create(kind);
      // Same second: the id breaks the tie. An older row must come after both.
      await db.knex(kind.table).where({ id: first.id }).update({ created_at: '2020-01-01 10:00:00' });
      const response = await request(app).get(kind.path).expect(200);
      expect(Object.keys(response.body)).toEqual(['data']);
      const ids = response.body.data.map((o: { id: number }) => o.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(ids.at(-1)).toBe(first.id);
      expect(ids.length).toBe(await count(kind.table));
    });

    it('reads one offer as { data: {...} } without a token, and answers 404 for an unknown or malformed id', async () => {
      const offer = await create(kind);
      const response = await request(app).get(`${kind.path}/${offer.id}`).expect(200);
      expect(response.body).toEqual({ data: offer });
      for (const id of ['999999', 'abc', '0', '1.5', '99999999999']) {
        const missing = await request(app).get(`${kind.path}/${id}`).expect(404);
        expect(Object.keys(missing.body)).toEqual(['message']);
      }
    });

    it('refuses a creation without an image, even one naming a stored path, with the product rules message', async () => {
      const before = await count(kind.table);
      const response = await send(kind.path, { ...kind.fields, image: 'parcelle/existante.jpg' }).expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { image: [M.imageRequired] } });
      expect(await count(kind.table)).toBe(before);
    });

    it('refuses an upload whose bytes are not an image (a text file named .jpg), keeping nothing', async () => {
      const before = { rows: await count(kind.table), files: filesIn(kind.folder) };
      const response = await send(kind.path, kind.fields, [
        { data: Buffer.from('pas une image du tout'), name: 'photo.jpg' },
      ]).expect(422);
      expect(response.body.errors).toEqual({ image: [M.notAnImage] });
      expect(await count(kind.table)).toBe(before.rows);
      expect(filesIn(kind.folder)).toEqual(before.files);
      await expectTmpEmpty();
    });

    it('refuses an image of 2 MB + 1 byte with 413 and the product rules message, keeping nothing', async () => {
      const before = { rows: await count(kind.table), files: filesIn(kind.folder) };
      const big = Buffer.concat([picture, Buffer.alloc(TWO_MB + 1 - picture.length)]);
      const response = await send(kind.path, kind.fields, [{ data: big }]).expect(413);
      expect(response.body).toEqual({ message: M.tooLarge });
      expect(await count(kind.table)).toBe(before.rows);
      expect(filesIn(kind.folder)).toEqual(before.files);
      await expectTmpEmpty();
    });

    it('updates with _method=PUT: a new image replaces the old one, whose files are removed', async () => {
      const offer = await create(kind);
      const newPicture = await jpeg({ color: { r: 20, g: 140, b: 60 } });
      const response = await send(`${kind.path}/${offer.id}`, { _method: 'PUT' }, [
        { data: newPicture, name: 'nouvelle façade.jpg' },
      ]).expect(200);
      const updated = response.body.data;
      expect(updated.image).not.toBe(offer.image);
      expect(updated.image.startsWith(`${kind.folder}/`)).toBe(true);
      expectStored(updated.image);
      expectGone(offer.image);
      expect((await db.knex(kind.table).where({ id: offer.id }).first()).image).toBe(updated.image);
      // The fields not sent are kept.
      const { image: _a, ...before } = offer as Record<string, unknown>;
      const { image: _b, ...after } = updated as Record<string, unknown>;
      expect(after).toEqual(before);
    });

    it('updates the fields without an image and keeps the image and its files', async () => {
      const offer = await create(kind);
      const change: Fields =
        kind.name === 'parcels'
          ? { price: '9 000 000', status: 'Vendu' }
          : kind.name === 'fleet'
            ? { owner: '', estimatedValue: '1250,5' }
            : { simpleDescription: 'Échafaudage complet' };
      const updated = (await send(`${kind.path}/${offer.id}`, { _method: 'PUT', ...change }).expect(200)).body
        .data;
      expect(updated.image).toBe(offer.image);
      expectStored(offer.image);
      const expected =
        kind.name === 'parcels'
          ? { price: 9_000_000, status: 'Vendu' }
          : kind.name === 'fleet'
            ? { owner: null, estimatedValue: 1250.5, address: FLEET.address }
            : { description: 'Échafaudage complet' };
      expect(updated).toMatchObject(expected);
      expect(
        await request(app)
          .get(`${kind.path}/${offer.id}`)
          .then((r) => r.body.data),
      ).toEqual(updated);
    });

    it('refuses an invalid update with 422, changing nothing and keeping no new file', async () => {
      const offer = await create(kind);
      const before = filesIn(kind.folder);
      const invalid: Fields =
        kind.name === 'parcels'
          ? { title: 'ab' }
          : kind.name === 'fleet'
            ? { estimatedValue: '10000000000000' }
            : { description: 'x' };
      await send(`${kind.path}/${offer.id}`, { _method: 'PUT', ...invalid }, [{ data: picture }]).expect(422);
      expect(filesIn(kind.folder)).toEqual(before);
      expect((await request(app).get(`${kind.path}/${offer.id}`)).body.data).toEqual(offer);
    });

    it('answers 405 to POST {id} without _method=PUT, and 404 to an update of an unknown offer', async () => {
      const offer = await create(kind);
      const response = await send(`${kind.path}/${offer.id}`, kind.fields).expect(405);
      expect(response.body).toEqual({ message: M.putRequired });
      await send(`${kind.path}/999999`, { _method: 'PUT' }, [{ data: picture }]).expect(404);
      await expectTmpEmpty();
    });

    it('moves an offer and its image files to the trash, then answers 404', async () => {
      const offer = await create(kind);
      expectStored(offer.image);
      const response = await request(app).delete(`${kind.path}/${offer.id}`).set(bearer()).expect(200);
      expect(response.body).toEqual({ message: M.deleted });
      // Kept, marked, its files moved aside until purged (docs/product-rules.md, "Trash").
      expect((await db.knex(kind.table).where({ id: offer.id }).first()).deleted_at).not.toBeNull();
      expectTrashed(offer.image);
      await request(app).delete(`${kind.path}/${offer.id}`).set(bearer()).expect(404);
    });

    it('refuses every write without a token (401) and for a user who is not an administrator (403), writing nothing', async () => {
      const offer = await create(kind);
      const before = { rows: await count(kind.table), files: filesIn(kind.folder) };
      const attempts = [
        (auth: Record<string, string>) => send(kind.path, kind.fields, [{ data: picture }], auth),
        (auth: Record<string, string>) =>
          send(`${kind.path}/${offer.id}`, { ...kind.fields, _method: 'PUT' }, [{ data: picture }], auth),
        (auth: Record<string, string>) => request(app).put(`${kind.path}/${offer.id}`).set(auth).send({}),
        (auth: Record<string, string>) => request(app).delete(`${kind.path}/${offer.id}`).set(auth),
      ];
      for (const attempt of attempts) {
        expect((await attempt({}).expect(401)).body).toEqual({ message: M.notAuthenticated });
        expect((await attempt(bearer(editorToken)).expect(403)).body).toEqual({ message: M.forbidden });
      }
      expect(await count(kind.table)).toBe(before.rows);
      expect(filesIn(kind.folder)).toEqual(before.files);
      expect((await request(app).get(`${kind.path}/${offer.id}`)).body.data).toEqual(offer);
      await expectTmpEmpty();
    });

    it('removes the stored image when the database refuses the row (all or nothing)', async () => {
      const before = filesIn(kind.folder);
      await db.knex.schema.renameTable(kind.table, `${kind.table}_away`);
      try {
        await send(kind.path, kind.fields, [{ data: picture }]).expect(500);
      } finally {
        await db.knex.schema.renameTable(`${kind.table}_away`, kind.table);
      }
      expect(filesIn(kind.folder)).toEqual(before);
      await expectTmpEmpty();
    });
  });
});
