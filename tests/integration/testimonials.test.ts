import { readdirSync } from 'node:fs';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariants } from '#shared/image-variants';
import { createApp } from '#server/app';
import type { SsrRenderer } from '#server/ssr/renderer';
import type { StorageLayout } from '#server/storage/layout';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg, type Rgb } from '../helpers/images';
import { postForm, type FormFile } from '../helpers/multipart';
import { storedImageChecks } from '../helpers/stored-images';
import { silentLogger } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * /api/testimonials and the testimonials of the home and about pages on every engine
 * (docs/product-rules.md, "Testimonials"): validation with its French messages, the
 * published filter, access, the optional photo and its files, deletion, and the public
 * pages, whose cache a write empties. Each situation checks the answer, the row and the
 * files on disk, or the page a visitor receives.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  clientNameTooShort: 'Le nom du client doit contenir au moins 3 caractères',
  clientNameTooLong: 'Le nom du client ne doit pas dépasser 100 caractères',
  townTooShort: 'La ville doit contenir au moins 2 caractères',
  projectTypeTooShort: 'Le type de projet doit contenir au moins 3 caractères',
  textTooShort: 'Le témoignage doit contenir au moins 20 caractères',
  textTooLong: 'Le témoignage ne doit pas dépasser 1000 caractères',
  dateRequired: 'La date du témoignage est requise',
  dateInvalid: 'La date du témoignage est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  photoTooMany: 'Une seule photo par témoignage.',
  notAnImage: 'Le fichier doit être une image (JPEG, PNG, etc.)',
  tooLarge: "L'image est trop volumineuse. La taille maximale est de 2MB.",
  notFound: 'Témoignage non trouvé',
  deleted: 'Le témoignage a bien été supprimé',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  putRequired: 'Pour modifier, envoyez le formulaire avec _method=PUT.',
};
const TWO_MB = 2 * 1024 * 1024;
const SECTION_TITLE = 'Ils nous ont fait confiance';

const portrait = (color: Rgb = { r: 60, g: 120, b: 180 }) => jpeg({ width: 900, height: 675, color });

type Fields = Record<string, string>;

const FORM: Fields = {
  clientName: 'Famille Houngbédji',
  town: 'Bruxelles (diaspora)',
  projectType: 'Villa R+1 à Abomey-Calavi',
  text: 'Nous avons suivi tout le chantier depuis la Belgique, photos à l’appui, sans mauvaise surprise.',
  date: '15/03/2026',
  published: '1',
};

describe.each(testEngines())('testimonials on $name', (engine) => {
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
  ) => postForm(app, url, fields, files, auth, { field: 'photo', name: 'portrait.jpg' });

  const { expectStored, expectGone, expectTrashed, expectTmpEmpty } = storedImageChecks(() => layout);
  const photoFiles = () => readdirSync(layout.imageDir('testimonials')).sort();
  const count = async () => Number((await db.knex('testimonials').count({ n: '*' }).first())?.n);
  const rowOf = (id: number) => db.knex('testimonials').where({ id }).first();

  async function create(fields: Fields = FORM, files = [{ data: picture }]) {
    return (await send('/api/testimonials', fields, files).expect(201)).body.data;
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, layout, adminToken: token, editorToken } = api);
    picture = await portrait();
  });
  afterAll(() => api.cleanup());

  describe('POST /testimonials', () => {
    it('creates a testimonial from form data: 201 { data }, a dd/mm/yyyy date read day first, the photo and its variants', async () => {
      const response = await send('/api/testimonials', { ...FORM, id: '999', photo: 'testimonials/x.jpg' }, [
        { data: picture },
      ]).expect(201);
      expect(Object.keys(response.body)).toEqual(['data']);
      const testimonial = response.body.data;
      expect(Object.keys(testimonial).sort()).toEqual([
        'clientName',
        'date',
        'id',
        'photo',
        'projectType',
        'published',
        'text',
        'town',
      ]);
      expect(testimonial).toMatchObject({
        clientName: FORM.clientName,
        town: FORM.town,
        projectType: FORM.projectType,
        text: FORM.text,
        date: '2026-03-15',
        published: true,
      });
      expect(testimonial.id).not.toBe(999);
      expect(testimonial.photo).toMatch(/^testimonials\/[A-Za-z0-9_-]+\.jpg$/);
      expectStored(testimonial.photo);
      const row = await rowOf(testimonial.id);
      expect(row).toMatchObject({ client_name: FORM.clientName, town: FORM.town, photo: testimonial.photo });
      expect(String(row.date).slice(0, 10)).toBe('2026-03-15');
      await expectTmpEmpty();
    });

    it('keeps a testimonial unpublished unless the box is ticked, and lets the photo be optional', async () => {
      const { published: _ticked, ...unticked } = FORM;
      const testimonial = await create(unticked, []);
      expect(testimonial).toMatchObject({ published: false, photo: null });
      expect(Number((await rowOf(testimonial.id)).published)).toBe(0);
    });

    it('refuses an empty form with every rule at once, and writes nothing', async () => {
      const before = { rows: await count(), files: photoFiles() };
      const response = await send('/api/testimonials', {}, [{ data: picture }]).expect(422);
      expect(response.body).toEqual({
        message: M.validation,
        errors: {
          clientName: [M.clientNameTooShort],
          town: [M.townTooShort],
          projectType: [M.projectTypeTooShort],
          text: [M.textTooShort],
          date: [M.dateRequired],
        },
      });
      expect(await count()).toBe(before.rows);
      expect(photoFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });

    it.each([
      ['a 2-character name', { clientName: 'Jo' }, 'clientName', M.clientNameTooShort],
      ['a 101-character name', { clientName: 'A'.repeat(101) }, 'clientName', M.clientNameTooLong],
      ['a blank town', { town: '   ' }, 'town', M.townTooShort],
      ['a 19-character text', { text: 'Très bon travail !!' }, 'text', M.textTooShort],
      ['a 1001-character text', { text: 'a'.repeat(1001) }, 'text', M.textTooLong],
      ['an impossible date', { date: '31/02/2026' }, 'date', M.dateInvalid],
    ])('refuses %s with its message and stores no photo', async (_label, change, field, message) => {
      const before = { rows: await count(), files: photoFiles() };
      const response = await send('/api/testimonials', { ...FORM, ...change }, [{ data: picture }]).expect(
        422,
      );
      expect(response.body).toEqual({ message: M.validation, errors: { [field]: [message] } });
      expect(await count()).toBe(before.rows);
      expect(photoFiles()).toEqual(before.files);
    });

    it('refuses a photo of 2 MB + 1 byte with 413, a text file named .jpg and two photos with 422, keeping nothing', async () => {
      const before = { rows: await count(), files: photoFiles() };
      const big = Buffer.concat([picture, Buffer.alloc(TWO_MB + 1 - picture.length)]);
      expect((await send('/api/testimonials', FORM, [{ data: big }]).expect(413)).body).toEqual({
        message: M.tooLarge,
      });
      const text = await send('/api/testimonials', FORM, [
        { data: Buffer.from('un portrait en texte'), name: 'portrait.jpg' },
      ]).expect(422);
      expect(text.body).toEqual({ message: M.validation, errors: { photo: [M.notAnImage] } });
      const two = await send('/api/testimonials', FORM, [{ data: picture }, { data: picture }]).expect(422);
      expect(two.body.errors).toEqual({ photo: [M.photoTooMany] });
      expect(await count()).toBe(before.rows);
      expect(photoFiles()).toEqual(before.files);
      await expectTmpEmpty();
    });
  });

  describe('GET /testimonials and /testimonials/{id}', () => {
    it('shows the public only published testimonials, the latest date first; an administrator sees all', async () => {
      const older = await create({ ...FORM, clientName: 'Publié ancien', date: '2025-01-10' }, []);
      const newer = await create({ ...FORM, clientName: 'Publié récent', date: '2026-06-01' }, []);
      const hidden = await create({ ...FORM, clientName: 'Pas encore publié', published: '0' }, []);
      const ids = (body: { data: { id: number }[] }) => body.data.map((t) => t.id);

      const anonymous = await request(app).get('/api/testimonials').expect(200);
      expect(Object.keys(anonymous.body)).toEqual(['data']);
      expect(ids(anonymous.body)).toEqual(expect.arrayContaining([older.id, newer.id]));
      expect(ids(anonymous.body)).not.toContain(hidden.id);
      expect(anonymous.body.data.every((t: { published: boolean }) => t.published)).toBe(true);
      const dates = anonymous.body.data.map((t: { date: string }) => t.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(anonymous.headers.vary).toMatch(/Authorization/);

      const administrator = await request(app).get('/api/testimonials').set(bearer()).expect(200);
      expect(ids(administrator.body)).toContain(hidden.id);
      expect(administrator.body.data.length).toBe(await count());

      // Another role reads as the public.
      const editor = await request(app).get('/api/testimonials').set(bearer(editorToken)).expect(200);
      expect(ids(editor.body)).not.toContain(hidden.id);
    });

    it('reads one published testimonial without a token; an unpublished one is 404 to the public, readable by an administrator', async () => {
      const shown = await create();
      expect((await request(app).get(`/api/testimonials/${shown.id}`).expect(200)).body).toEqual({
        data: shown,
      });
      const hidden = await create({ ...FORM, published: '0' }, []);
      expect((await request(app).get(`/api/testimonials/${hidden.id}`).expect(404)).body).toEqual({
        message: M.notFound,
      });
      expect(
        (await request(app).get(`/api/testimonials/${hidden.id}`).set(bearer()).expect(200)).body.data.id,
      ).toBe(hidden.id);
      for (const id of ['999999', 'abc', '0']) {
        expect((await request(app).get(`/api/testimonials/${id}`).set(bearer()).expect(404)).body).toEqual({
          message: M.notFound,
        });
      }
    });
  });

  describe('updates', () => {
    it('updates with _method=PUT: unpublishes, and a new photo replaces the old one, whose files are removed', async () => {
      const testimonial = await create();
      const replacement = await portrait({ r: 30, g: 160, b: 90 });
      const updated = (
        await send(
          `/api/testimonials/${testimonial.id}`,
          { ...FORM, _method: 'PUT', town: 'Cotonou', published: '0' },
          [{ data: replacement }],
        ).expect(200)
      ).body.data;
      expect(updated).toMatchObject({ id: testimonial.id, town: 'Cotonou', published: false });
      expect(updated.photo).not.toBe(testimonial.photo);
      expectStored(updated.photo);
      expectGone(testimonial.photo);
      expect(await rowOf(testimonial.id)).toMatchObject({ town: 'Cotonou', photo: updated.photo });
      await expectTmpEmpty();
    });

    it('keeps the photo when none is sent (real PUT too), and removes it with remove_photo', async () => {
      const testimonial = await create();
      const kept = (
        await request(app)
          .put(`/api/testimonials/${testimonial.id}`)
          .set(bearer())
          .field({ ...FORM, clientName: 'Nom gardé' })
          .expect(200)
      ).body.data;
      expect(kept).toMatchObject({ clientName: 'Nom gardé', photo: testimonial.photo });
      expectStored(testimonial.photo);
      const removed = (
        await send(`/api/testimonials/${testimonial.id}`, {
          ...FORM,
          _method: 'PUT',
          remove_photo: 'true',
        }).expect(200)
      ).body.data;
      expect(removed.photo).toBeNull();
      expectGone(testimonial.photo);
      expect((await rowOf(testimonial.id)).photo).toBeNull();
    });

    it('keeps the old photo and row when the update is refused; 405 without _method=PUT; 404 for an unknown one', async () => {
      const testimonial = await create();
      const before = photoFiles();
      await send(`/api/testimonials/${testimonial.id}`, { ...FORM, _method: 'PUT', text: 'Trop court' }, [
        { data: picture },
      ]).expect(422);
      expect(photoFiles()).toEqual(before);
      expect((await rowOf(testimonial.id)).photo).toBe(testimonial.photo);
      expect(
        (await send(`/api/testimonials/${testimonial.id}`, { ...FORM, town: 'Changée' }).expect(405)).body,
      ).toEqual({ message: M.putRequired });
      expect((await rowOf(testimonial.id)).town).toBe(FORM.town);
      expect((await send('/api/testimonials/999999', { ...FORM, _method: 'PUT' }).expect(404)).body).toEqual({
        message: M.notFound,
      });
      await expectTmpEmpty();
    });
  });

  describe('PATCH /testimonials/{id}/published', () => {
    it('publishes and unpublishes with JSON, changing nothing else; refuses anything but a boolean; 404 for an unknown one', async () => {
      const testimonial = await create({ ...FORM, published: '0' });
      const patch = (id: number | string, body: object) =>
        request(app).patch(`/api/testimonials/${id}/published`).set(bearer()).send(body);
      const published = (await patch(testimonial.id, { published: true }).expect(200)).body;
      expect(published).toEqual({ data: { ...testimonial, published: true } });
      expect((await request(app).get(`/api/testimonials/${testimonial.id}`).expect(200)).body.data.id).toBe(
        testimonial.id,
      );
      expect((await patch(testimonial.id, { published: false }).expect(200)).body.data.published).toBe(false);
      expect(Number((await rowOf(testimonial.id)).published)).toBe(0);
      for (const body of [{}, { published: 'oui' }, { published: 1 }]) {
        expect((await patch(testimonial.id, body).expect(422)).body).toEqual({
          message: M.validation,
          errors: { published: ['Indiquez published : true pour publier, false pour retirer du site'] },
        });
      }
      expect((await patch(999999, { published: true }).expect(404)).body).toEqual({ message: M.notFound });
      expect(await rowOf(testimonial.id)).toMatchObject({ photo: testimonial.photo, text: FORM.text });
      expectStored(testimonial.photo);
    });
  });

  describe('DELETE /testimonials/{id}', () => {
    it('moves the row and its photo files to the trash, then answers 404', async () => {
      const testimonial = await create();
      expectStored(testimonial.photo);
      expect(
        (await request(app).delete(`/api/testimonials/${testimonial.id}`).set(bearer()).expect(200)).body,
      ).toEqual({ message: M.deleted });
      // Kept, marked, its files moved aside until purged (docs/product-rules.md, "Trash").
      expect((await rowOf(testimonial.id)).deleted_at).not.toBeNull();
      expectTrashed(testimonial.photo);
      expect(
        (await request(app).delete(`/api/testimonials/${testimonial.id}`).set(bearer()).expect(404)).body,
      ).toEqual({ message: M.notFound });
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 to a non-administrator on every write, changing nothing', async () => {
      const testimonial = await create(FORM, []);
      const before = { rows: await count(), files: photoFiles() };
      const writes = [
        (auth: Record<string, string>) => send('/api/testimonials', FORM, [{ data: picture }], auth),
        (auth: Record<string, string>) =>
          send(`/api/testimonials/${testimonial.id}`, { ...FORM, _method: 'PUT', town: 'Piratée' }, [], auth),
        (auth: Record<string, string>) =>
          request(app)
            .put(`/api/testimonials/${testimonial.id}`)
            .set(auth)
            .field({ ...FORM, town: 'Piratée' }),
        (auth: Record<string, string>) =>
          request(app)
            .patch(`/api/testimonials/${testimonial.id}/published`)
            .set(auth)
            .send({ published: false }),
        (auth: Record<string, string>) =>
          request(app).delete(`/api/testimonials/${testimonial.id}`).set(auth),
      ];
      for (const write of writes) {
        expect((await write({}).expect(401)).body).toEqual({ message: M.notAuthenticated });
        expect((await write(bearer(editorToken)).expect(403)).body).toEqual({ message: M.forbidden });
      }
      expect({ rows: await count(), files: photoFiles() }).toEqual(before);
      expect((await rowOf(testimonial.id)).town).toBe(FORM.town);
      // Still published: the refused PATCH changed nothing.
      expect(Number((await rowOf(testimonial.id)).published)).toBe(1);
      await expectTmpEmpty();
    });
  });
});

describe.each(testEngines())('testimonials on the home and about pages on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  let app: express.Express;
  let picture: Buffer;
  const bearer = () => ({ Authorization: `Bearer ${api.adminToken}` });
  const page = (path: string) => request(app).get(path).expect(200);

  function send(url: string, fields: Fields, withPhoto: boolean) {
    const req = request(app).post(url).set(bearer());
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    if (withPhoto) req.attach('photo', picture, { filename: 'portrait.jpg', contentType: 'image/jpeg' });
    return req;
  }

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { HTML_CACHE: 'on' } });
    renderer = await builtRenderer(api);
    app = createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
    });
    picture = await portrait();
  });
  afterAll(async () => {
    await renderer?.close();
    await api?.cleanup();
  });

  it('shows no testimonials section while none is published', async () => {
    await send('/api/testimonials', { ...FORM, published: '0' }, false).expect(201);
    for (const path of ['/', '/about']) {
      const html = (await page(path)).text;
      expect(html, path).not.toContain(SECTION_TITLE);
      expect(html, path).not.toContain(FORM.clientName);
    }
  });

  it('shows a published testimonial on both pages as a figure with its words, the client, the town, the project and a responsive lazy photo; the cache is emptied by the write', async () => {
    // Cached before the write: the next request must not be served that copy.
    await page('/');
    expect((await page('/')).headers['x-html-cache']).toBe('hit');
    const shown = (
      await send(
        '/api/testimonials',
        {
          ...FORM,
          clientName: 'Famille Kpadonou',
          text: 'Premier paragraphe du client.\n\nSecond paragraphe.',
        },
        true,
      ).expect(201)
    ).body.data;
    const home = await page('/');
    expect(home.headers['x-html-cache']).toBe('miss');

    for (const html of [home.text, (await page('/about')).text]) {
      const section =
        /<section[^>]*aria-labelledby="([^"]+)"[^>]*>\s*<h2 id="\1">Ils nous ont fait confiance<\/h2>(.*?)<\/section>/s.exec(
          html,
        );
      expect(section, 'the testimonials section').not.toBeNull();
      const figure = /<figure class="testimonial">(.*?)<\/figure>/s.exec(section![2]!)![1]!;
      expect(figure).toContain(
        '<blockquote><p>Premier paragraphe du client.</p><p>Second paragraphe.</p></blockquote>',
      );
      expect(figure).toMatch(
        /<figcaption><strong>Famille Kpadonou<\/strong>, Bruxelles \(diaspora\)<span class="testimonial-project">Villa R\+1 à Abomey-Calavi<\/span><\/figcaption>/,
      );
      const img = /<img [^>]*>/.exec(figure)![0];
      const [small, medium] = imageVariants(shown.photo);
      // React writes the attribute srcSet; HTML names are case-insensitive.
      expect(img.toLowerCase()).toContain(
        `srcset="/storage/${small!.path} 320w, /storage/${medium!.path} 640w"`.toLowerCase(),
      );
      expect(img).toContain('alt="Photo de Famille Kpadonou"');
      expect(img).toContain('width="640"');
      expect(img).toContain('height="480"');
      expect(img).toContain('loading="lazy"');
      // The unpublished one of the test above stays off the pages.
      expect(html).not.toContain(FORM.clientName);
    }
  });

  it('takes a testimonial off both pages once it is unpublished', async () => {
    const list = await request(app).get('/api/testimonials').set(bearer()).expect(200);
    const shown = list.body.data.find((t: { clientName: string }) => t.clientName === 'Famille Kpadonou');
    await page('/about');
    await send(
      `/api/testimonials/${shown.id}`,
      { ...FORM, _method: 'PUT', clientName: shown.clientName, published: '0' },
      false,
    ).expect(200);
    for (const path of ['/', '/about']) {
      const html = (await page(path)).text;
      expect(html, path).not.toContain('Famille Kpadonou');
      expect(html, path).not.toContain(SECTION_TITLE);
    }
  });
});
