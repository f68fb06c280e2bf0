import { publicAt } from '#server/db/visibility';
import { readdirSync } from 'node:fs';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentProjects } from '#server/features/projects/projects.repository';
import type { StorageLayout } from '#server/storage/layout';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { postForm, type FormFile } from '../helpers/multipart';
import { storedImageChecks } from '../helpers/stored-images';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * /projects on every engine (product rules, API; product rules, Entities and Validation;
 * product rules: an edit can remove or replace any image and edit descriptions; field names are
 * read as UTF-8, `numéro` included). Each situation checks the answer, the rows and the
 * files on disk.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  titleTooShort: 'Le titre doit contenir au moins 3 caractères',
  numeroTooShort: 'Le numéro du projet doit contenir au moins 3 caractères',
  dateRequired: 'La date est requise',
  dateInvalid: 'La date est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  statusRequired: 'Veuillez sélectionner un statut',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  categoriesRequired: 'Au moins une catégorie est requise',
  categoryUnknown:
    'Catégorie inconnue : choisissez parmi Résidentiel, Commercial, Institutionnel, Industriel, Paysager, Clôture',
  mainImageRequired: "L'image principale est obligatoire",
  mainImageTooMany: 'Une seule image principale par projet.',
  descriptionRequired: 'Une description est requise pour chaque image/rendu ajouté',
  notAnImage: 'Le fichier doit être une image (JPEG, PNG, etc.)',
  tooLarge: "L'image est trop volumineuse. La taille maximale est de 2MB.",
  notFound: 'Projet introuvable',
  deleted: 'Le projet a bien été supprimé',
  notAuthenticated: 'Non authentifié. Veuillez vous connecter.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  putRequired: 'Pour modifier, envoyez le formulaire avec _method=PUT.',
};
const TWO_MB = 2 * 1024 * 1024;

/** Form fields in order; a name may repeat (`categories[0]`, `architecturalRendersDescriptions[]`). */
type Field = [name: string, value: string];
/** Every file of a project form names its input. */
type FileField = FormFile & { field: string };

const BASE: Field[] = [
  ['title', 'Villa R+1 à Fidjrossè'],
  ['numéro', 'PRJ-2025-001'],
  ['date', '2025-03-14'],
  ['status', 'En cours'],
  ['description', 'Construction d’une villa R+1 de quatre chambres avec terrasse.'],
  ['categories[0]', 'Résidentiel'],
  ['categories[1]', 'Clôture'],
  ['long_description', 'Plans 3D, permis de construire, puis chantier de quatorze mois.'],
  ['challenges', 'Sol sablonneux près de la mer.'],
  ['materials', 'Ciment CPJ 45, fer HA 10.'],
];

describe.each(testEngines())('projects on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let layout: StorageLayout;
  let token: string;
  let editorToken: string;
  let pictures: Buffer[];

  const bearer = (t = token) => ({ Authorization: `Bearer ${t}` });
  const picture = (i = 0) => pictures[i % pictures.length]!;

  const send = (
    url: string,
    fields: Field[],
    files: FileField[] = [],
    auth: Record<string, string> = bearer(),
  ) => postForm(app, url, fields, files, auth, { field: 'image', name: 'image.jpg' });

  /** A complete creation: main image, two renders and one project image. */
  const fullFiles = (): FileField[] => [
    { field: 'main_image', data: picture(0) },
    { field: 'architecturalRendersImages[]', data: picture(1) },
    { field: 'architecturalRendersImages[]', data: picture(2) },
    { field: 'projectImagesImages[]', data: picture(3) },
  ];
  const fullDescriptions: Field[] = [
    ['architecturalRendersDescriptions[]', 'Rendu 3D de la façade'],
    ['architecturalRendersDescriptions[]', 'Vue côté rue'],
    ['projectImagesDescriptions[]', 'Coulage de la dalle'],
  ];

  interface Detail {
    id: number;
    main_image: string;
    architectural_renders: { id: number; image: string; description: string }[];
    project_images: { id: number; image: string; description: string }[];
    [key: string]: unknown;
  }

  async function create(
    fields: Field[] = [...BASE, ...fullDescriptions],
    files = fullFiles(),
  ): Promise<Detail> {
    return (await send('/api/projects', fields, files).expect(201)).body.data;
  }

  const projectFiles = () => readdirSync(layout.imageDir('projects')).sort();
  const { expectStored, expectGone, expectTrashed, expectTmpEmpty } = storedImageChecks(() => layout);
  const imagesOf = (detail: Detail) => [
    detail.main_image,
    ...detail.architectural_renders.map((r) => r.image),
    ...detail.project_images.map((r) => r.image),
  ];
  const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())?.n);
  /** Runs a refused write and checks that no row and no file was added. */
  async function expectNothingWritten(attempt: () => Promise<unknown>) {
    const before = {
      projects: await count('projects'),
      images: await count('project_images'),
      files: projectFiles(),
    };
    await attempt();
    expect(await count('projects')).toBe(before.projects);
    expect(await count('project_images')).toBe(before.images);
    expect(projectFiles()).toEqual(before.files);
    await expectTmpEmpty();
  }

  /** Makes every write to project_images fail (a database failure in the middle of a transaction). */
  async function withoutImageTable<T>(work: () => Promise<T>): Promise<T> {
    await db.knex.schema.renameTable('project_images', 'project_images_away');
    try {
      return await work();
    } finally {
      await db.knex.schema.renameTable('project_images_away', 'project_images');
    }
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, layout, adminToken: token, editorToken } = api);
    pictures = await Promise.all(
      [30, 90, 150, 210].map((r) => jpeg({ width: 640, height: 400, color: { r, g: 90, b: 30 } })),
    );
  });
  afterAll(() => api.cleanup());

  describe('POST /projects', () => {
    it('creates a project from form data with `numéro` and an accented file name: 201, rows, positions and every file', async () => {
      const response = await send(
        '/api/projects',
        [...BASE, ...fullDescriptions],
        [
          { field: 'main_image', data: picture(0), name: 'Façade été – vue n°1.jpg' },
          ...fullFiles().slice(1),
        ],
      ).expect(201);
      const project: Detail = response.body.data;
      expect(Object.keys(response.body)).toEqual(['data']);
      expect(Object.keys(project).sort()).toEqual(
        [
          'architectural_renders',
          'categories',
          'category',
          'challenges',
          'date',
          'description',
          'id',
          'long_description',
          'main_image',
          'materials',
          'numéro',
          'project_images',
          'status',
          'title',
        ].sort(),
      );
      expect(project).toMatchObject({
        title: 'Villa R+1 à Fidjrossè',
        numéro: 'PRJ-2025-001',
        date: '2025-03-14',
        status: 'En cours',
        categories: ['Résidentiel', 'Clôture'],
        category: 'Résidentiel',
        long_description: 'Plans 3D, permis de construire, puis chantier de quatorze mois.',
        challenges: 'Sol sablonneux près de la mer.',
        materials: 'Ciment CPJ 45, fer HA 10.',
      });
      expect(project.architectural_renders.map((r) => r.description)).toEqual([
        'Rendu 3D de la façade',
        'Vue côté rue',
      ]);
      expect(project.project_images.map((r) => r.description)).toEqual(['Coulage de la dalle']);
      for (const image of imagesOf(project)) {
        expect(image).toMatch(/^projects\/[A-Za-z0-9_-]+\.jpg$/);
        expectStored(image);
      }
      expect(new Set(imagesOf(project)).size).toBe(4);

      const row = await db.knex('projects').where({ id: project.id }).first();
      expect(row.numero).toBe('PRJ-2025-001');
      expect(JSON.parse(row.categories)).toEqual(['Résidentiel', 'Clôture']);
      const images = await db.knex('project_images').where({ project_id: project.id }).orderBy('id');
      expect(images.map((i) => [i.kind, i.position, i.description])).toEqual([
        ['render', 1, 'Rendu 3D de la façade'],
        ['render', 2, 'Vue côté rue'],
        ['project', 1, 'Coulage de la dalle'],
      ]);
      await expectTmpEmpty();
    });

    it('reads `numero` without its accent, a dd/mm/yyyy date as day/month/year, and `categories[]`', async () => {
      const fields: Field[] = [
        ['title', 'Clôture à Akpakpa'],
        ['numero', 'PRJ-2025-002'],
        ['date', '02/09/2024'],
        ['status', 'Complété'],
        ['description', 'Clôture de 85 mètres avec portail coulissant.'],
        ['categories[]', 'Clôture'],
        ['categories[]', 'Clôture'],
      ];
      const project = await create(fields, [{ field: 'main_image', data: picture(0) }]);
      expect(project).toMatchObject({
        numéro: 'PRJ-2025-002',
        date: '2024-09-02',
        categories: ['Clôture'],
        long_description: null,
      });
      expect(project.architectural_renders).toEqual([]);
      expect((await db.knex('projects').where({ id: project.id }).first()).date).toMatch(/^2024-09-02/);
    });

    it('refuses an empty form with every rule of the project form at once', async () => {
      await expectNothingWritten(async () => {
        const response = await send('/api/projects', []).expect(422);
        expect(response.body).toEqual({
          message: M.validation,
          errors: {
            title: [M.titleTooShort],
            numéro: [M.numeroTooShort],
            date: [M.dateRequired],
            status: [M.statusRequired],
            description: [M.descriptionTooShort],
            categories: [M.categoriesRequired],
            main_image: [M.mainImageRequired],
          },
        });
      });
    });

    it.each<[string, Field[], string, string]>([
      ['a 2-character numéro', [['numéro', 'P1']], 'numéro', M.numeroTooShort],
      ['an impossible date', [['date', '31/02/2024']], 'date', M.dateInvalid],
      ['a status outside the four', [['status', 'Terminé']], 'status', M.statusRequired],
      ['an unknown category', [['categories[2]', 'Spatial']], 'categories', M.categoryUnknown],
    ])('refuses %s with its message and stores nothing', async (_label, change, field, message) => {
      const names = new Set(change.map(([name]) => name));
      const fields = [...BASE.filter(([name]) => !names.has(name)), ...change];
      await expectNothingWritten(async () => {
        const response = await send('/api/projects', fields, [
          { field: 'main_image', data: picture(0) },
        ]).expect(422);
        expect(response.body.errors).toEqual({ [field]: [message] });
      });
    });

    it('refuses a new render or project image without a description, storing none of the images', async () => {
      await expectNothingWritten(async () => {
        const response = await send(
          '/api/projects',
          [
            ...BASE,
            ['architecturalRendersDescriptions[]', 'Rendu 3D de la façade'],
            ['architecturalRendersDescriptions[]', '   '],
          ],
          fullFiles(),
        ).expect(422);
        expect(response.body.errors).toEqual({
          architecturalRendersDescriptions: [M.descriptionRequired],
          projectImagesDescriptions: [M.descriptionRequired],
        });
      });
    });

    it('refuses a render whose bytes are not an image and a main image of 2 MB + 1 byte (413)', async () => {
      await expectNothingWritten(async () => {
        const response = await send(
          '/api/projects',
          [...BASE, ['architecturalRendersDescriptions[]', 'Rendu']],
          [
            { field: 'main_image', data: picture(0) },
            {
              field: 'architecturalRendersImages[]',
              data: Buffer.from('GIF89a pas vraiment'),
              name: 'rendu.png',
            },
          ],
        ).expect(422);
        expect(response.body.errors).toEqual({ architecturalRendersImages: [M.notAnImage] });
      });
      await expectNothingWritten(async () => {
        const big = Buffer.concat([picture(0), Buffer.alloc(TWO_MB + 1 - picture(0).length)]);
        const response = await send('/api/projects', BASE, [{ field: 'main_image', data: big }]).expect(413);
        expect(response.body).toEqual({ message: M.tooLarge });
      });
    });

    it('refuses two main images with 422 naming main_image, not the image lists, storing nothing', async () => {
      await expectNothingWritten(async () => {
        const response = await send('/api/projects', BASE, [
          { field: 'main_image', data: picture(0) },
          { field: 'main_image', data: picture(1), name: 'autre.jpg' },
        ]).expect(422);
        expect(response.body).toEqual({
          message: M.mainImageTooMany,
          errors: { main_image: [M.mainImageTooMany] },
        });
      });
    });

    it('writes all or nothing: when the image rows cannot be written, no project row and no file remain', async () => {
      await expectNothingWritten(() =>
        withoutImageTable(() =>
          send('/api/projects', [...BASE, ...fullDescriptions], fullFiles()).expect(500),
        ),
      );
    });
  });

  describe('GET /projects and /projects/{id}', () => {
    it('lists summaries newest first by date then id, without a token, as { data: [...] }', async () => {
      const older = await create(
        [...BASE.filter(([n]) => n !== 'date'), ['date', '2019-05-01']],
        [{ field: 'main_image', data: picture(0) }],
      );
      const sameDayA = await create(
        [...BASE.filter(([n]) => n !== 'date'), ['date', '2030-01-01']],
        [{ field: 'main_image', data: picture(0) }],
      );
      const sameDayB = await create(
        [...BASE.filter(([n]) => n !== 'date'), ['date', '2030-01-01']],
        [{ field: 'main_image', data: picture(0) }],
      );
      const response = await request(app).get('/api/projects').expect(200);
      expect(Object.keys(response.body)).toEqual(['data']);
      const list = response.body.data as { id: number; date: string }[];
      expect(list.slice(0, 2).map((p) => p.id)).toEqual([sameDayB.id, sameDayA.id]);
      expect(list.at(-1)!.id).toBe(older.id);
      expect(Object.keys(list[0]!).sort()).toEqual([
        'categories',
        'category',
        'date',
        'description',
        'id',
        'main_image',
        'numéro',
        'status',
        'title',
      ]);
      const dates = list.map((p) => p.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      // The home page reads the same order (product rules: the three most recent projects).
      expect((await recentProjects(db.knex, publicAt(), 3)).map((p) => p.id)).toEqual(
        list.slice(0, 3).map((p) => p.id),
      );
    });

    it('reads one project with its renders and images, and answers 404 for an unknown or malformed id', async () => {
      const project = await create();
      const response = await request(app).get(`/api/projects/${project.id}`).expect(200);
      expect(response.body).toEqual({ data: project });
      for (const id of ['999999', 'abc', '-1']) {
        expect((await request(app).get(`/api/projects/${id}`).expect(404)).body).toEqual({
          message: M.notFound,
        });
      }
    });
  });

  describe('updating with _method=PUT', () => {
    it('removes one render, edits a description, adds a project image and replaces the main image; old files go', async () => {
      const project = await create();
      const [kept, dropped] = project.architectural_renders;
      const photo = project.project_images[0]!;
      const response = await send(
        `/api/projects/${project.id}`,
        [
          ['_method', 'PUT'],
          ['removeImageIds[]', String(dropped!.id)],
          [`imageDescriptions[${kept!.id}]`, 'Rendu 3D corrigé'],
          ['projectImagesDescriptions[]', 'Pose de la toiture'],
          ['main_image', 'projects/ignored.jpg'],
        ],
        [
          { field: 'main_image', data: picture(2) },
          { field: 'projectImagesImages[]', data: picture(3) },
        ],
      ).expect(200);
      const updated: Detail = response.body.data;

      expect(updated.architectural_renders).toEqual([
        { id: kept!.id, image: kept!.image, description: 'Rendu 3D corrigé' },
      ]);
      expect(updated.project_images.map((i) => i.description)).toEqual([
        'Coulage de la dalle',
        'Pose de la toiture',
      ]);
      expect(updated.project_images[0]).toEqual(photo);
      expect(updated.main_image).not.toBe(project.main_image);
      // Fields not sent are kept.
      const { main_image: _a, architectural_renders: _b, project_images: _c, ...fieldsBefore } = project;
      const { main_image: _d, architectural_renders: _e, project_images: _f, ...fieldsAfter } = updated;
      expect(fieldsAfter).toEqual(fieldsBefore);

      expectGone(project.main_image);
      expectGone(dropped!.image);
      for (const image of imagesOf(updated)) expectStored(image);
      const rows = await db.knex('project_images').where({ project_id: project.id }).orderBy('id');
      expect(rows.map((r) => [r.kind, r.position, r.description])).toEqual([
        ['render', 1, 'Rendu 3D corrigé'],
        ['project', 1, 'Coulage de la dalle'],
        ['project', 2, 'Pose de la toiture'],
      ]);
      expect((await db.knex('projects').where({ id: project.id }).first()).main_image).toBe(
        updated.main_image,
      );
      await expectTmpEmpty();
    });

    it('changes fields only where sent, and replaces the categories when they are sent', async () => {
      const project = await create();
      const updated = (
        await send(`/api/projects/${project.id}`, [
          ['_method', 'PUT'],
          ['status', 'Complété'],
          ['categories[0]', 'Commercial'],
          ['challenges', ''],
        ]).expect(200)
      ).body.data as Detail;
      expect(updated).toMatchObject({
        status: 'Complété',
        categories: ['Commercial'],
        category: 'Commercial',
        challenges: null,
        title: project.title,
      });
      expect(updated.main_image).toBe(project.main_image);
      for (const image of imagesOf(project)) expectStored(image);
    });

    it("leaves another project's images alone when their ids are sent", async () => {
      const mine = await create();
      const other = await create();
      const foreign = other.architectural_renders[0]!;
      const updated = (
        await send(`/api/projects/${mine.id}`, [
          ['_method', 'PUT'],
          ['removeImageIds[0]', String(foreign.id)],
          [`imageDescriptions[${other.architectural_renders[1]!.id}]`, 'piratage'],
        ]).expect(200)
      ).body.data as Detail;
      expect(updated.architectural_renders).toEqual(mine.architectural_renders);
      expect((await request(app).get(`/api/projects/${other.id}`)).body.data).toEqual(other);
      expectStored(foreign.image);
    });

    it('refuses a cleared main image, a blank edited description and a new image without description, changing nothing', async () => {
      const project = await create();
      await expectNothingWritten(async () => {
        const response = await send(
          `/api/projects/${project.id}`,
          [
            ['_method', 'PUT'],
            ['main_image', ''],
            [`imageDescriptions[${project.architectural_renders[0]!.id}]`, ' '],
            ['removeImageIds[]', String(project.project_images[0]!.id)],
          ],
          [{ field: 'projectImagesImages[]', data: picture(1) }],
        ).expect(422);
        expect(response.body.errors).toEqual({
          main_image: [M.mainImageRequired],
          imageDescriptions: [M.descriptionRequired],
          projectImagesDescriptions: [M.descriptionRequired],
        });
      });
      expect((await request(app).get(`/api/projects/${project.id}`)).body.data).toEqual(project);
    });

    it('answers 405 without _method=PUT and 404 for an unknown project, storing nothing', async () => {
      const project = await create();
      await expectNothingWritten(async () => {
        expect((await send(`/api/projects/${project.id}`, BASE).expect(405)).body).toEqual({
          message: M.putRequired,
        });
        expect(
          (
            await send(
              '/api/projects/999999',
              [['_method', 'PUT']],
              [{ field: 'main_image', data: picture(0) }],
            ).expect(404)
          ).body,
        ).toEqual({
          message: M.notFound,
        });
      });
    });

    it('keeps the old files and rows when the update cannot be written, and removes the new files', async () => {
      const project = await create();
      // A write that fails after the new main image is stored.
      await expectNothingWritten(() =>
        withoutImageTable(() =>
          send(
            `/api/projects/${project.id}`,
            [
              ['_method', 'PUT'],
              ['removeImageIds[]', String(project.project_images[0]!.id)],
            ],
            [{ field: 'main_image', data: picture(3) }],
          ).expect(500),
        ),
      );
      for (const image of imagesOf(project)) expectStored(image);
      expect((await request(app).get(`/api/projects/${project.id}`)).body.data).toEqual(project);
    });
  });

  describe('DELETE /projects/{id}', () => {
    it('moves the project, its image rows and every image file to the trash, then answers 404', async () => {
      const project = await create();
      const response = await request(app).delete(`/api/projects/${project.id}`).set(bearer()).expect(200);
      expect(response.body).toEqual({ message: M.deleted });
      // Kept, marked, its files moved aside until purged (docs/product-rules.md, "Trash").
      expect((await db.knex('projects').where({ id: project.id }).first()).deleted_at).not.toBeNull();
      expect(await db.knex('project_images').where({ project_id: project.id })).toHaveLength(
        project.architectural_renders.length + project.project_images.length,
      );
      for (const image of imagesOf(project)) expectTrashed(image);
      await request(app).delete(`/api/projects/${project.id}`).set(bearer()).expect(404);
    });
  });

  it('refuses every write without a token (401) and for a user who is not an administrator (403), writing nothing', async () => {
    const project = await create();
    const attempts = [
      (auth: Record<string, string>) =>
        send('/api/projects', [...BASE, ...fullDescriptions], fullFiles(), auth),
      (auth: Record<string, string>) =>
        send(
          `/api/projects/${project.id}`,
          [
            ['_method', 'PUT'],
            ['title', 'Piraté'],
          ],
          [],
          auth,
        ),
      (auth: Record<string, string>) =>
        request(app).put(`/api/projects/${project.id}`).set(auth).send({ title: 'Piraté' }),
      (auth: Record<string, string>) => request(app).delete(`/api/projects/${project.id}`).set(auth),
    ];
    await expectNothingWritten(async () => {
      for (const attempt of attempts) {
        expect((await attempt({}).expect(401)).body).toEqual({ message: M.notAuthenticated });
        expect((await attempt(bearer(editorToken)).expect(403)).body).toEqual({ message: M.forbidden });
      }
    });
    expect((await request(app).get(`/api/projects/${project.id}`)).body.data).toEqual(project);
  });
});
