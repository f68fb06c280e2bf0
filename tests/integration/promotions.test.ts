import { readdirSync } from 'node:fs';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '#shared/calendar';
import type { StorageLayout } from '#server/storage/layout';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg, type Rgb } from '../helpers/images';
import { postForm, type FormFile } from '../helpers/multipart';
import { storedImageChecks } from '../helpers/stored-images';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * /api/promotions on every engine (product rules, API; product rules, Entities and Validation;
 * product rules: the public list holds only promotions whose end date has not passed, the back
 * office sees all, deleting removes the image files). Each situation checks the answer, the
 * row and the files on disk.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  titleTooShort: 'Le titre doit contenir au moins 3 caractères',
  discountInvalid: 'La remise doit être un nombre',
  discountOverHundred: 'Une remise en pourcentage ne peut pas dépasser 100%',
  startDateRequired: 'La date de début est requise',
  startDateInvalid: 'La date de début est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  endDateRequired: 'La date de fin est requise',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  notAnImage: 'Le fichier doit être une image (JPEG, PNG, etc.)',
  tooLarge: "L'image est trop volumineuse. La taille maximale est de 2MB.",
  notFound: 'Promotion non trouvée',
  deleted: 'La promotion a bien été supprimée',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  putRequired: 'Pour modifier, envoyez le formulaire avec _method=PUT.',
};
const TWO_MB = 2 * 1024 * 1024;

const poster = (color: Rgb = { r: 200, g: 40, b: 40 }) => jpeg({ width: 900, height: 600, color });

/** A calendar day `days` away from Cotonou's today, as 'YYYY-MM-DD'. */
function dayFromToday(days: number): string {
  const date = new Date(`${businessToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type Fields = Record<string, string>;

const FORM: Fields = {
  title: 'Saison sèche : -10 % sur le ciment',
  discount: '10%',
  startDate: '01/02/2025',
  endDate: '2999-03-31',
  description: 'Dix pour cent de remise sur tout le ciment livré à Cotonou.',
};

describe.each(testEngines())('promotions on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let layout: StorageLayout;
  let token: string;
  let editorToken: string;
  let picture: Buffer;

  const bearer = (t = token): Record<string, string> => ({ Authorization: `Bearer ${t}` });

  const send = (
    url: string,
    fields: Fields,
    files: FormFile[] = [],
    auth: Record<string, string> = bearer(),
  ) => postForm(app, url, fields, files, auth, { field: 'image', name: 'affiche.jpg' });

  const { expectStored, expectGone, expectTrashed, expectTmpEmpty } = storedImageChecks(() => layout);
  const promotionFiles = () => readdirSync(layout.imageDir('promotions')).sort();
  const count = async () => Number((await db.knex('promotions').count({ n: '*' }).first())?.n);
  const rowOf = (id: number) => db.knex('promotions').where({ id }).first();

  async function create(fields: Fields = FORM, files = [{ data: picture }]) {
    return (await send('/api/promotions', fields, files).expect(201)).body.data;
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, layout, adminToken: token, editorToken } = api);
    picture = await poster();
  });
  afterAll(() => api.cleanup());

  describe('POST /promotions', () => {
    it('creates a promotion from form data: 201 { data } with the product rules fields, a dd/mm/yyyy date read day first, the image and its variants', async () => {
      const response = await send('/api/promotions', { ...FORM, id: '999', image: 'promotions/autre.jpg' }, [
        { data: picture },
      ]).expect(201);
      expect(Object.keys(response.body)).toEqual(['data']);
      const promotion = response.body.data;
      expect(Object.keys(promotion).sort()).toEqual([
        'code',
        'description',
        'discount',
        'endDate',
        'id',
        'image',
        'startDate',
        'title',
      ]);
      expect(promotion).toMatchObject({
        title: FORM.title,
        discount: '10%',
        startDate: '2025-02-01',
        endDate: '2999-03-31',
        description: FORM.description,
      });
      expect(promotion.id).not.toBe(999);
      expect(promotion.image).toMatch(/^promotions\/[A-Za-z0-9_-]+\.jpg$/);
      expectStored(promotion.image);
      const row = await rowOf(promotion.id);
      expect(row).toMatchObject({ title: FORM.title, discount: '10%', image: promotion.image });
      expect(String(row.start_date).slice(0, 10)).toBe('2025-02-01');
      expect(String(row.end_date).slice(0, 10)).toBe('2999-03-31');
      await expectTmpEmpty();
    });

    it('keeps the discount text as typed and lets the image be optional', async () => {
      const promotion = await create({ ...FORM, discount: ' 12,5 % ' }, []);
      expect(promotion.discount).toBe('12,5 %');
      expect(promotion.image).toBeNull();
      expect((await rowOf(promotion.id)).image).toBeNull();
    });

    it('stores an optional promotion code in capitals, takes it away when emptied, and refuses a code nobody could type', async () => {
      const promotion = await create({ ...FORM, code: ' rentree-2026 ' }, []);
      expect(promotion.code).toBe('RENTREE-2026');
      expect((await rowOf(promotion.id)).code).toBe('RENTREE-2026');
      const plain = await create(FORM, []);
      expect(plain.code).toBeNull();

      for (const code of ['É-2026', 'AB', 'ESPACE INTERDIT', '-DEBUT', 'X'.repeat(31)]) {
        const refused = await send('/api/promotions', { ...FORM, code }, []).expect(422);
        expect(refused.body.errors.code).toEqual([
          'Le code promo contient de 3 à 30 lettres sans accents, chiffres ou tirets (ex. RENTREE-2026)',
        ]);
      }

      const cleared = await send(
        `/api/promotions/${promotion.id}`,
        { ...FORM, _method: 'PUT', code: '' },
        [],
      ).expect(200);
      expect(cleared.body.data.code).toBeNull();
      expect((await rowOf(promotion.id)).code).toBeNull();
    });

    it('refuses an empty form with every rule of the promotion form at once, and writes nothing', async () => {
      const before = { rows: await count(), files: promotionFiles() };
      const response = await send('/api/promotions', {}, [{ data: picture }]).expect(422);
      expect(response.body).toEqual({
        message: M.validation,
        errors: {
          title: [M.titleTooShort],
          discount: [M.discountInvalid],
          startDate: [M.startDateRequired],
          endDate: [M.endDateRequired],
          description: [M.descriptionTooShort],
        },
      });
      expect(await count()).toBe(before.rows);
      expect(promotionFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });

    it.each([
      ['a 2-character title', { title: 'Ab' }, 'title', M.titleTooShort],
      ['a discount in words', { discount: 'dix pour cent' }, 'discount', M.discountInvalid],
      ['a percentage above 100', { discount: '150%' }, 'discount', M.discountOverHundred],
      ['an impossible start date', { startDate: '31/02/2025' }, 'startDate', M.startDateInvalid],
      [
        'an end date before the start date',
        { startDate: '2025-03-10', endDate: '09/03/2025' },
        'endDate',
        M.endBeforeStart,
      ],
      ['a 9-character description', { description: '123456789' }, 'description', M.descriptionTooShort],
    ])('refuses %s with its message and stores no image', async (_label, change, field, message) => {
      const before = { rows: await count(), files: promotionFiles() };
      const response = await send('/api/promotions', { ...FORM, ...change }, [{ data: picture }]).expect(422);
      expect(response.body).toEqual({ message: M.validation, errors: { [field]: [message] } });
      expect(await count()).toBe(before.rows);
      expect(promotionFiles()).toEqual(before.files);
    });

    it('refuses an image of 2 MB + 1 byte with 413 and a text file named .jpg with 422, keeping nothing', async () => {
      const before = { rows: await count(), files: promotionFiles() };
      const big = Buffer.concat([picture, Buffer.alloc(TWO_MB + 1 - picture.length)]);
      expect((await send('/api/promotions', FORM, [{ data: big }]).expect(413)).body).toEqual({
        message: M.tooLarge,
      });
      const text = await send('/api/promotions', FORM, [
        { data: Buffer.from('une affiche en texte'), name: 'affiche.jpg' },
      ]).expect(422);
      expect(text.body).toEqual({ message: M.validation, errors: { image: [M.notAnImage] } });
      expect(await count()).toBe(before.rows);
      expect(promotionFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });
  });

  describe('GET /promotions and /promotions/{id}', () => {
    it('shows the public only promotions whose end date has not passed in Cotonou (today included); an administrator sees all', async () => {
      const ended = await create(
        { ...FORM, title: 'Terminée hier', startDate: '2020-01-01', endDate: dayFromToday(-1) },
        [],
      );
      const endsToday = await create(
        { ...FORM, title: "Finit aujourd'hui", startDate: '2020-01-01', endDate: dayFromToday(0) },
        [],
      );
      const upcoming = await create(
        { ...FORM, title: 'À venir', startDate: dayFromToday(10), endDate: dayFromToday(20) },
        [],
      );
      const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);

      const anonymous = await request(app).get('/api/promotions').expect(200);
      expect(Object.keys(anonymous.body)).toEqual(['data']);
      expect(ids(anonymous.body)).toContain(endsToday.id);
      expect(ids(anonymous.body)).toContain(upcoming.id);
      expect(ids(anonymous.body)).not.toContain(ended.id);
      for (const promotion of anonymous.body.data) expect(promotion.endDate >= businessToday()).toBe(true);
      // Running promotions: the soonest to end first.
      const ends = anonymous.body.data.map((p: { endDate: string }) => p.endDate);
      expect([...ends].sort()).toEqual(ends);

      const administrator = await request(app).get('/api/promotions').set(bearer()).expect(200);
      expect(ids(administrator.body)).toContain(ended.id);
      expect(administrator.body.data.length).toBe(await count());

      // Another role, or a token that is no longer valid, reads as the public.
      const editor = await request(app).get('/api/promotions').set(bearer(editorToken)).expect(200);
      expect(ids(editor.body)).not.toContain(ended.id);
      const stale = await request(app).get('/api/promotions').set(bearer('abc.def.ghi')).expect(200);
      expect(ids(stale.body)).not.toContain(ended.id);
      expect(anonymous.headers.vary).toMatch(/Authorization/);
    });

    it('reads one promotion as { data } without a token while it runs; an ended one is 404 to the public, readable by an administrator', async () => {
      const running = await create();
      expect((await request(app).get(`/api/promotions/${running.id}`).expect(200)).body).toEqual({
        data: running,
      });
      const ended = await create({ ...FORM, startDate: '2020-01-01', endDate: '2020-01-31' }, []);
      expect((await request(app).get(`/api/promotions/${ended.id}`).expect(404)).body).toEqual({
        message: M.notFound,
      });
      expect(
        (await request(app).get(`/api/promotions/${ended.id}`).set(bearer()).expect(200)).body.data.id,
      ).toBe(ended.id);
      for (const id of ['999999', 'abc', '0']) {
        expect((await request(app).get(`/api/promotions/${id}`).set(bearer()).expect(404)).body).toEqual({
          message: M.notFound,
        });
      }
    });
  });

  describe('updates', () => {
    it('updates with _method=PUT: a new image replaces the old one, whose files are removed', async () => {
      const promotion = await create();
      const replacement = await poster({ r: 30, g: 160, b: 90 });
      const response = await send(
        `/api/promotions/${promotion.id}`,
        { ...FORM, _method: 'PUT', title: 'Nouveau titre', discount: '15%' },
        [{ data: replacement }],
      ).expect(200);
      const updated = response.body.data;
      expect(updated).toMatchObject({ id: promotion.id, title: 'Nouveau titre', discount: '15%' });
      expect(updated.image).not.toBe(promotion.image);
      expectStored(updated.image);
      expectGone(promotion.image);
      expect(await rowOf(promotion.id)).toMatchObject({ title: 'Nouveau titre', image: updated.image });
      await expectTmpEmpty();
    });

    it('keeps the image when none is sent (real PUT too), and removes it with remove_image', async () => {
      const promotion = await create();
      const kept = (
        await request(app)
          .put(`/api/promotions/${promotion.id}`)
          .set(bearer())
          .field({ ...FORM, title: 'Titre gardé' })
          .expect(200)
      ).body.data;
      expect(kept.image).toBe(promotion.image);
      expectStored(promotion.image);
      const removed = (
        await send(`/api/promotions/${promotion.id}`, {
          ...FORM,
          _method: 'PUT',
          remove_image: 'true',
        }).expect(200)
      ).body.data;
      expect(removed.image).toBeNull();
      expectGone(promotion.image);
      expect((await rowOf(promotion.id)).image).toBeNull();
    });

    it('keeps the old image and row when the update is refused', async () => {
      const promotion = await create();
      const before = promotionFiles();
      await send(`/api/promotions/${promotion.id}`, { ...FORM, _method: 'PUT', endDate: '01/01/2000' }, [
        { data: picture },
      ]).expect(422);
      expect(promotionFiles()).toEqual(before);
      expect((await rowOf(promotion.id)).image).toBe(promotion.image);
      await expectTmpEmpty();
    });

    it('answers 405 without _method=PUT and 404 for an unknown promotion', async () => {
      const promotion = await create(FORM, []);
      expect(
        (await send(`/api/promotions/${promotion.id}`, { ...FORM, title: 'Changé' }).expect(405)).body,
      ).toEqual({ message: M.putRequired });
      expect((await rowOf(promotion.id)).title).toBe(FORM.title);
      expect((await send('/api/promotions/999999', { ...FORM, _method: 'PUT' }).expect(404)).body).toEqual({
        message: M.notFound,
      });
    });
  });

  describe('DELETE /promotions/{id}', () => {
    it('moves the row and its image files to the trash, then answers 404', async () => {
      const promotion = await create();
      expect(
        (await request(app).delete(`/api/promotions/${promotion.id}`).set(bearer()).expect(200)).body,
      ).toEqual({ message: M.deleted });
      // Kept, marked, its files moved aside until purged (docs/product-rules.md, "Trash").
      expect((await rowOf(promotion.id)).deleted_at).not.toBeNull();
      expectTrashed(promotion.image);
      expect(
        (await request(app).delete(`/api/promotions/${promotion.id}`).set(bearer()).expect(404)).body,
      ).toEqual({ message: M.notFound });
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 to a non-administrator on every write, changing nothing', async () => {
      const promotion = await create(FORM, []);
      const before = await count();
      const writes = [
        (auth: Record<string, string>) => send('/api/promotions', FORM, [], auth),
        (auth: Record<string, string>) =>
          send(`/api/promotions/${promotion.id}`, { ...FORM, _method: 'PUT', title: 'Piratée' }, [], auth),
        (auth: Record<string, string>) =>
          request(app)
            .put(`/api/promotions/${promotion.id}`)
            .set(auth)
            .field({ ...FORM, title: 'Piratée' }),
        (auth: Record<string, string>) => request(app).delete(`/api/promotions/${promotion.id}`).set(auth),
      ];
      for (const write of writes) {
        expect((await write({}).expect(401)).body).toEqual({ message: M.notAuthenticated });
        expect((await write(bearer(editorToken)).expect(403)).body).toEqual({ message: M.forbidden });
      }
      expect(await count()).toBe(before);
      expect((await rowOf(promotion.id)).title).toBe(FORM.title);
    });
  });
});
