import { rmSync } from 'node:fs';
import path from 'node:path';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageLayout } from '#server/storage/layout';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aCategory } from '../helpers/builders';
import { jpeg } from '../helpers/images';
import { postForm, type FormFile } from '../helpers/multipart';
import { storedImageChecks } from '../helpers/stored-images';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * Revisions on every engine (docs/product-rules.md, "Revisions"): each save of a kind keeps
 * the version before it, 50 at most per item; a restore brings the fields and images back
 * through the kind's write path, keeps the current version in turn and logs `revert`; an
 * image leaves the storage only when no kept version shows it any more.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  restored: 'Version restaurée.',
  unknownKind: "Ce type d'élément n'a pas d'historique.",
  categoryGone:
    "La catégorie de cette version n'existe plus : choisissez une catégorie dans le formulaire puis enregistrez.",
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  imageGone:
    "Une image de cette version n'est plus dans le stockage : choisissez-en une autre dans le formulaire.",
};

type Fields = Record<string, string>;

describe.each(testEngines())('revisions on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let layout: StorageLayout;
  let token: string;
  let pictures: Buffer[];
  const { expectStored, expectGone } = storedImageChecks(() => layout);

  const bearer = (t = token): Record<string, string> => ({ Authorization: `Bearer ${t}` });
  const send = (url: string, fields: Fields, files: FormFile[] = []) =>
    postForm(app, url, fields, files, bearer(), { field: 'image', name: 'photo.jpg' });
  const history = async (kind: string, id: number) =>
    (await request(app).get(`/api/admin/revisions/${kind}/${id}`).set(bearer()).expect(200)).body.data as {
      id: number;
      created_at: string;
      user_name: string;
      fields: Record<string, unknown>;
      images: string[];
      changes: { field: string; label: string; before: unknown; after: unknown }[];
    }[];
  const restore = (revisionId: number, t = token) =>
    request(app).post(`/api/admin/revisions/${revisionId}/restore`).set(bearer(t));

  async function aProductVia(price = '5 500'): Promise<{ id: number; fields: Fields; image: string }> {
    const category = await aCategory(db);
    const fields = {
      name: 'Ciment CPJ 42,5',
      price,
      category_id: String(category.id),
      description: 'Ciment Portland composé pour béton armé.',
      stock: '120',
    };
    const body = (await send('/api/products', fields, [{ data: pictures[0]! }]).expect(201)).body.data;
    return { id: body.id, fields, image: body.image };
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, layout, adminToken: token } = api);
    pictures = await Promise.all(
      [
        { r: 200, g: 30, b: 30 },
        { r: 30, g: 200, b: 30 },
        { r: 30, g: 30, b: 200 },
      ].map((color) => jpeg({ width: 400, height: 300, color })),
    );
  });
  afterAll(() => api.cleanup());

  it('a product keeps the version before each save, listed newest first with its difference', async () => {
    const product = await aProductVia();
    await send(`/api/products/${product.id}`, { ...product.fields, _method: 'PUT', price: '6 000' }).expect(
      200,
    );
    await send(`/api/products/${product.id}`, { ...product.fields, _method: 'PUT', price: '6 500' }).expect(
      200,
    );
    const versions = await history('product', product.id);
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({ user_name: 'Awa Admin', images: [product.image] });
    expect(Number(versions[0]!.fields.price)).toBe(6000);
    expect(Number(versions[1]!.fields.price)).toBe(5500);
    expect(versions[0]!.fields).not.toHaveProperty('id');
    expect(versions[0]!.fields).not.toHaveProperty('updated_at');
    expect(versions[0]!.fields).not.toHaveProperty('publication');
    expect(new Date(versions[0]!.created_at).toISOString()).toBe(versions[0]!.created_at);
    expect(versions[1]!.changes).toEqual([{ field: 'price', label: 'Prix', before: 5500, after: 6500 }]);
  });

  it.each([
    {
      kind: 'parcel',
      path: '/api/parcels',
      fields: {
        type: 'parcelle',
        title: 'Parcelle de 500 m² à Calavi',
        description: 'Parcelle plate avec convention de vente.',
        location: 'Abomey-Calavi, Togoudo',
        surface: '500',
        price: '12 500 000',
        status: 'Disponible',
      },
      change: { location: 'Abomey-Calavi, Zoca' },
      column: 'location',
    },
    {
      kind: 'fleet',
      path: '/api/flotte-immobiliere',
      fields: {
        type: 'flotte',
        propertyType: 'Villa',
        address: 'Lot 245, Haie Vive, Cotonou',
        surface: '420',
        owner: 'M. Gildas Houngbédji',
        occupationStatus: 'Loué',
        estimatedValue: '185 000 000',
      },
      change: { owner: 'Mme Houngbédji' },
      column: 'owner',
    },
    {
      kind: 'misc',
      path: '/api/biens-immobiliers',
      fields: { type: 'bien', description: 'Groupe électrogène 20 kVA en bon état' },
      change: { description: 'Groupe électrogène 30 kVA révisé' },
      column: 'description',
    },
    {
      kind: 'promotion',
      path: '/api/promotions',
      fields: {
        title: 'Saison sèche : -10 % sur le ciment',
        discount: '10%',
        startDate: '01/02/2025',
        endDate: '2999-03-31',
        description: 'Dix pour cent de remise sur tout le ciment livré.',
      },
      change: { discount: '15%' },
      column: 'discount',
    },
    {
      kind: 'testimonial',
      path: '/api/testimonials',
      fields: {
        clientName: 'Famille Houngbédji',
        town: 'Bruxelles',
        projectType: 'Villa R+1',
        text: 'Nous avons suivi tout le chantier depuis la Belgique, sans mauvaise surprise.',
        date: '15/03/2026',
        published: '1',
      },
      change: { town: 'Liège' },
      column: 'town',
    },
  ] as { kind: string; path: string; fields: Fields; change: Fields; column: string }[])(
    '$kind: a save keeps the version before it, and restoring it brings the field back and logs revert',
    async ({ kind, path, fields, change, column }) => {
      const files =
        kind === 'testimonial' ? [{ field: 'photo', data: pictures[0]! }] : [{ data: pictures[0]! }];
      const id = (await send(path, fields, files).expect(201)).body.data.id as number;
      await send(`${path}/${id}`, { ...fields, ...change, _method: 'PUT' }).expect(200);
      const [version] = await history(kind, id);
      const before = version!.fields[column];
      expect(version!.changes.map((c) => c.field)).toEqual([column]);
      expect(version!.images).toHaveLength(1);

      const restored = await restore(version!.id).expect(200);
      expect(restored.body.message).toBe(M.restored);
      const read = (await request(app).get(`${path}/${id}`).set(bearer()).expect(200)).body.data;
      expect(restored.body.data).toEqual(read);
      const row = await db.knex(tableOf(kind)).where({ id }).first();
      expect(row[column]).toBe(before);
      // The restore is a save: the version it replaced is kept in turn.
      const after = await history(kind, id);
      expect(after).toHaveLength(2);
      expect(after[0]!.fields[column]).toBe(Object.values(change)[0]);
      expect(after[0]!.changes.map((c) => c.field)).toEqual([column]);
      const log = await db.knex('activity_log').orderBy('id', 'desc').first();
      expect(log).toMatchObject({ action: 'revert', entity_id: String(id), user_name: 'Awa Admin' });
    },
  );

  it('a project keeps its renders and photos in its versions and gets them back', async () => {
    const form = (status: string): [string, string][] => [
      ['title', 'Villa R+1 à Fidjrossè'],
      ['numéro', 'PRJ-2025-001'],
      ['date', '2025-03-14'],
      ['status', status],
      ['description', 'Construction d’une villa R+1 de quatre chambres.'],
      ['categories[0]', 'Résidentiel'],
    ];
    const files: FormFile[] = [
      { field: 'main_image', data: pictures[0]! },
      { field: 'architecturalRendersImages[]', data: pictures[1]! },
    ];
    const created = await postForm(
      app,
      '/api/projects',
      [...form('En cours'), ['architecturalRendersDescriptions[0]', 'Façade principale']],
      files,
      bearer(),
      { field: 'image', name: 'image.jpg' },
    ).expect(201);
    const id = created.body.data.id as number;
    const render = created.body.data.architectural_renders[0];
    expect(render).toBeDefined();
    await postForm(
      app,
      `/api/projects/${id}`,
      [...form('Complété'), ['_method', 'PUT'], ['removeImageIds[]', String(render.id)]],
      [],
      bearer(),
      { field: 'image', name: 'image.jpg' },
    ).expect(200);
    // The removed render stays in the storage: the kept version shows it.
    expectStored(render.image);
    const [version] = await history('project', id);
    expect(version!.images).toEqual([created.body.data.main_image, render.image]);
    expect(version!.changes.map((c) => c.field).sort()).toEqual(['project_images', 'status']);
    const restored = (await restore(version!.id).expect(200)).body.data;
    expect(restored.status).toBe('En cours');
    expect(restored.architectural_renders).toEqual([
      expect.objectContaining({ image: render.image, description: 'Façade principale' }),
    ]);
    await request(app).get(`/storage/${render.image}`).expect(200);
  });

  it('restoring brings a replaced image back: its file stayed and is served', async () => {
    const product = await aProductVia();
    const replaced = await send(
      `/api/products/${product.id}`,
      { ...product.fields, _method: 'PUT', price: '7 000' },
      [{ data: pictures[1]! }],
    ).expect(200);
    const newImage = replaced.body.data.image as string;
    expect(newImage).not.toBe(product.image);
    expectStored(product.image);
    const [version] = await history('product', product.id);
    expect(version!.changes.map((c) => c.field).sort()).toEqual(['image', 'price']);

    const restored = (await restore(version!.id).expect(200)).body.data;
    expect(restored.image).toBe(product.image);
    expect(Number(restored.price)).toBe(5500);
    await request(app).get(`/storage/${product.image}`).expect(200);
    // The image it replaced is now in the newest version: still there too.
    expectStored(newImage);
    expect((await history('product', product.id)).map((v) => v.images)).toEqual([
      [newImage],
      [product.image],
    ]);
  });

  it('keeps 50 versions per item; an image leaves only when its last version is pruned', async () => {
    const product = await aProductVia();
    // First save replaces the image: the original is then shown only by version 1.
    await send(`/api/products/${product.id}`, { ...product.fields, _method: 'PUT', price: '5 501' }, [
      { data: pictures[2]! },
    ]).expect(200);
    for (let i = 2; i <= 50; i++) {
      await send(`/api/products/${product.id}`, {
        ...product.fields,
        _method: 'PUT',
        price: String(5500 + i),
      }).expect(200);
    }
    expect(
      await db.knex('revisions').where({ kind: 'product', entity_id: product.id }).count({ n: '*' }).first(),
    ).toEqual({ n: 50 });
    expectStored(product.image);
    // The 51st save prunes the oldest version, the only one showing the first image.
    await send(`/api/products/${product.id}`, { ...product.fields, _method: 'PUT', price: '9 999' }).expect(
      200,
    );
    const versions = await history('product', product.id);
    expect(versions).toHaveLength(50);
    expect(Number(versions.at(-1)!.fields.price)).toBe(5501);
    expectGone(product.image);
    await request(app).get(`/storage/${product.image}`).expect(404);
  }, 60_000);

  it('a version whose category is gone cannot come back: 422 in French, nothing changed', async () => {
    const product = await aProductVia();
    const other = await aCategory(db, { name: 'Autre rayon' });
    await send(`/api/products/${product.id}`, {
      ...product.fields,
      _method: 'PUT',
      category_id: String(other.id),
    }).expect(200);
    await db
      .knex('categories')
      .where({ id: Number(product.fields.category_id) })
      .delete();
    const [version] = await history('product', product.id);
    const refused = await restore(version!.id).expect(422);
    expect(refused.body).toEqual({ message: M.categoryGone, errors: { category_id: [M.categoryGone] } });
    expect(await history('product', product.id)).toHaveLength(1);
  });

  it('a version whose image left the storage (removed by hand) is refused: 422, the item unchanged', async () => {
    const product = await aProductVia();
    await send(`/api/products/${product.id}`, { ...product.fields, _method: 'PUT', price: '6 000' }, [
      { data: pictures[1]! },
    ]).expect(200);
    rmSync(path.join(layout.publicDir, product.image));
    const [version] = await history('product', product.id);
    const refused = await restore(version!.id).expect(422);
    expect(refused.body).toEqual({ message: M.imageGone, errors: { images: [M.imageGone] } });
    const read = (await request(app).get(`/api/products/${product.id}`).set(bearer()).expect(200)).body.data;
    expect(Number(read.price)).toBe(6000);
  });

  it('answers 422 for an unknown kind, 404 for an absent item or version', async () => {
    const unknown = await request(app).get('/api/admin/revisions/category/1').set(bearer()).expect(422);
    expect(unknown.body.message).toBe(M.unknownKind);
    await request(app).get('/api/admin/revisions/product/999999').set(bearer()).expect(404);
    await restore(999999).expect(404);
  });

  it('lets the catalogue readers list and only the catalogue writers restore (403 otherwise)', async () => {
    const product = await aProductVia();
    await send(`/api/products/${product.id}`, { ...product.fields, _method: 'PUT', price: '6 000' }).expect(
      200,
    );
    const [version] = await history('product', product.id);
    const commercial = await api.tokenFor('commercial');
    const chantier = await api.tokenFor('chantier');
    await request(app).get(`/api/admin/revisions/product/${product.id}`).set(bearer(commercial)).expect(200);
    const listed = await request(app)
      .get(`/api/admin/revisions/product/${product.id}`)
      .set(bearer(chantier))
      .expect(403);
    expect(listed.body.message).toBe(M.forbidden);
    expect((await restore(version!.id, commercial).expect(403)).body.message).toBe(M.forbidden);
    await restore(version!.id, await api.tokenFor('editeur')).expect(200);
  });
});

function tableOf(kind: string): string {
  return (
    {
      parcel: 'parcels',
      fleet: 'fleet_properties',
      misc: 'miscellaneous_goods',
      promotion: 'promotions',
      testimonial: 'testimonials',
    } as Record<string, string>
  )[kind]!;
}
