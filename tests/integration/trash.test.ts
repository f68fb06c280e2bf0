import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryMessages } from '#shared/schemas/category';
import { offerMessages } from '#shared/schemas/offer';
import { productMessages } from '#shared/schemas/product';
import { projectMessages } from '#shared/schemas/project';
import { promotionMessages } from '#shared/schemas/promotion';
import { testimonialMessages } from '#shared/schemas/testimonial';
import { FORBIDDEN_MESSAGE } from '#shared/roles';
import { TRASH_MESSAGES, type TrashKind } from '#shared/trash';
import { toDbDateTime } from '#server/db/dialect';
import { productTrashMessages } from '#server/features/products/product-trash';
import { startTrashPurge } from '#server/features/trash';
import { TRASH_KIND_HANDLERS } from '#server/features/trash-kinds';
import { storedImageKeys } from '#server/images/image-paths';
import { createLogger } from '#server/logger';
import { openApiHarness, ROLE_NAMES, type ApiHarness } from '../helpers/api-harness';
import { aCategory, anOffer, aProduct, aProject, aPromotion } from '../helpers/builders';
import { jpeg } from '../helpers/images';
import { testEngines } from '../helpers/test-db';

/**
 * The trash of the catalogue's kinds (docs/product-rules.md, "Trash";
 * docs/decisions/0039-trash.md), on both engines: the former DELETE routes move the item
 * there with its images (moved aside, their addresses 404), the trash lists it, a restore
 * brings row and files back byte for byte, a purge (by hand or past the period) deletes
 * them for good; categories keep their products' rules; each role sees its own kinds.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface Case {
  kind: TrashKind;
  /** The public API path of one item. */
  api: string;
  deleted: string;
  /** Builds the item with its images (stored image paths); answers its id and images. */
  build(
    api: ApiHarness,
    image: (folder: string) => Promise<string>,
  ): Promise<{ id: number; images: string[] }>;
  table: string;
  label: string;
}

let serial = 0;

const CASES: Case[] = [
  {
    kind: 'product',
    api: '/api/products',
    deleted: productMessages.deleted,
    table: 'products',
    label: 'Ciment CPJ 45',
    async build(api, image) {
      const [main, extra] = [await image('products'), await image('products')];
      const row = await aProduct(api.db, {
        name: 'Ciment CPJ 45',
        image: main,
        gallery: JSON.stringify([extra]),
      });
      return { id: row.id, images: [main, extra] };
    },
  },
  {
    kind: 'category',
    api: '/api/categories',
    deleted: categoryMessages.deleted,
    table: 'categories',
    label: 'Toitures',
    async build(api) {
      return { id: (await aCategory(api.db, { name: 'Toitures' })).id, images: [] };
    },
  },
  {
    kind: 'project',
    api: '/api/projects',
    deleted: projectMessages.deleted,
    table: 'projects',
    label: 'Villa Fidjrossè',
    async build(api, image) {
      const [main, photo] = [await image('projects'), await image('projects')];
      const row = await aProject(api.db, { title: 'Villa Fidjrossè', main_image: main });
      await api.db.knex('project_images').insert({
        project_id: row.id,
        kind: 'project',
        image: photo,
        description: 'Coulage de la dalle',
        position: 1,
        created_at: toDbDateTime(new Date()),
      });
      return { id: row.id, images: [main, photo] };
    },
  },
  ...(
    [
      ['parcel', 'parcels', '/api/parcels', 'parcelle', 'Parcelle Calavi'],
      ['fleet', 'fleet_properties', '/api/flotte-immobiliere', 'fleet', ''],
      ['misc', 'miscellaneous_goods', '/api/biens-immobiliers', 'bien', 'Groupe électrogène'],
    ] as const
  ).map(([kind, table, api, folder, title]): Case => ({
    kind,
    api,
    deleted: offerMessages.deleted,
    table,
    label: title,
    async build(harness, image) {
      const main = await image(folder);
      const fields =
        table === 'parcels'
          ? { title, image: main }
          : table === 'miscellaneous_goods'
            ? { description: title, image: main }
            : { image: main };
      const row = await anOffer(harness.db, table, fields);
      return { id: row.id, images: [main] };
    },
  })),
  {
    kind: 'promotion',
    api: '/api/promotions',
    deleted: promotionMessages.deleted,
    table: 'promotions',
    label: 'Promo saison sèche',
    async build(api, image) {
      const main = await image('promotions');
      return {
        id: (await aPromotion(api.db, { title: 'Promo saison sèche', image: main })).id,
        images: [main],
      };
    },
  },
  {
    kind: 'testimonial',
    api: '/api/testimonials',
    deleted: testimonialMessages.deleted,
    table: 'testimonials',
    label: 'Adjoa K.',
    async build(api, image) {
      const photo = await image('testimonials');
      const [id] = await api.db.knex('testimonials').insert({
        client_name: 'Adjoa K.',
        town: 'Cotonou',
        project_type: 'Villa R+1',
        text: 'Un chantier tenu dans les délais.',
        date: '2026-01-10',
        published: true,
        photo,
      });
      return { id: Number(id), images: [photo] };
    },
  },
];

describe.each(testEngines())('trash on $name', (engine) => {
  let api: ApiHarness;
  let admin: string;
  let editor: string;
  let chantier: string;
  let picture: Buffer;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const onDisk = (key: string) => path.join(api.layout.root, 'app', key);
  /** The fallback and every variant of an image, as storage keys. */
  const keysOf = (image: string) => storedImageKeys(image, api.layout);

  /** Stores an image and its variants, each with its own bytes; answers its path. */
  async function image(folder: string): Promise<string> {
    serial += 1;
    const relPath = `${folder}/trash-test-${serial}.jpg`;
    const keys = keysOf(relPath);
    await api.layout.files.putAll(
      keys.map((key, i) => ({ key, data: i === 0 ? picture : Buffer.from(`variante ${key}`) })),
    );
    return relPath;
  }

  const bytesOf = (keys: string[]) => keys.map((key) => readFileSync(onDisk(key)));
  const list = (token: string, query = '') =>
    request(api.app).get(`/api/admin/trash${query}`).set(auth(token)).expect(200);

  beforeAll(async () => {
    api = await openApiHarness(engine);
    admin = api.adminToken;
    editor = await api.tokenFor('editeur');
    chantier = await api.tokenFor('chantier');
    picture = await jpeg();
  }, 120_000);
  afterAll(() => api.cleanup());

  describe.each(CASES)('$kind', (kase) => {
    it('goes to the trash with its files, comes back byte for byte, and is purged for good', async () => {
      const { id, images } = await kase.build(api, image);
      const keys = images.flatMap(keysOf);
      const before = bytesOf(keys);
      const rowBefore = await api.db.knex(kase.table).where({ id }).first();
      await request(api.app).get(`${kase.api}/${id}`).expect(200);

      // Deleting: the former answer; the row stays, marked; the files move aside.
      const deleted = await request(api.app).delete(`${kase.api}/${id}`).set(auth(editor)).expect(200);
      expect(deleted.body).toEqual({ message: kase.deleted });
      const trashed = await api.db.knex(kase.table).where({ id }).first();
      expect(trashed.deleted_at).not.toBeNull();
      for (const key of keys) {
        expect(existsSync(onDisk(key)), key).toBe(false);
        expect(existsSync(onDisk(`trash/${key}`)), `trash/${key}`).toBe(true);
      }
      await request(api.app).get(`${kase.api}/${id}`).expect(404);
      await request(api.app).get(`${kase.api}/${id}`).set(auth(admin)).expect(404);
      for (const relPath of images) await request(api.app).get(`/storage/${relPath}`).expect(404);
      // The image diagnostic lists public images only: the trashed ones are not there.
      const inventory = await request(api.app).get('/api/diagnostic/images').set(auth(admin)).expect(200);
      for (const relPath of images) expect(JSON.stringify(inventory.body)).not.toContain(relPath);
      const staffList = await request(api.app).get(kase.api).set(auth(admin)).expect(200);
      expect(staffList.body.data.map((row: { id: number }) => row.id)).not.toContain(id);
      await request(api.app).delete(`${kase.api}/${id}`).set(auth(editor)).expect(404);

      const shown = await list(editor, `?kind=${kase.kind}`);
      const item = shown.body.data.find((row: { id: number }) => row.id === id);
      expect(item).toMatchObject({
        kind: kase.kind,
        id,
        label: kase.label || expect.any(String),
        deletedBy: ROLE_NAMES.editeur,
        daysLeft: 29,
      });
      expect(Date.parse(item.deletedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(item.deletedAt).toMatch(/Z$/);
      expect(shown.body).toMatchObject({ current_page: 1, per_page: 20 });

      // Restoring: same id, same row, the same bytes at the same keys.
      const restored = await request(api.app)
        .post(`/api/admin/trash/${kase.kind}/${id}/restore`)
        .set(auth(editor))
        .expect(200);
      expect(restored.body).toEqual({ message: TRASH_MESSAGES.restored });
      expect(await api.db.knex(kase.table).where({ id }).first()).toEqual(rowBefore);
      expect(bytesOf(keys)).toEqual(before);
      for (const key of keys) expect(existsSync(onDisk(`trash/${key}`))).toBe(false);
      await request(api.app).get(`${kase.api}/${id}`).expect(200);
      for (const relPath of images) await request(api.app).get(`/storage/${relPath}`).expect(200);
      const listedAgain = await request(api.app).get(kase.api).set(auth(admin)).expect(200);
      expect(listedAgain.body.data.map((row: { id: number }) => row.id)).toContain(id);
      expect(await api.db.knex('trash').where({ kind: kase.kind, entity_id: id })).toEqual([]);

      // Purging: only the operator; the row and every file gone.
      await request(api.app).delete(`${kase.api}/${id}`).set(auth(editor)).expect(200);
      const refused = await request(api.app).delete(`/api/admin/trash/${kase.kind}/${id}`).set(auth(editor));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: FORBIDDEN_MESSAGE });
      const purged = await request(api.app)
        .delete(`/api/admin/trash/${kase.kind}/${id}`)
        .set(auth(admin))
        .expect(200);
      expect(purged.body).toEqual({ message: TRASH_MESSAGES.purged });
      expect(await api.db.knex(kase.table).where({ id }).first()).toBeUndefined();
      for (const key of keys) {
        expect(existsSync(onDisk(key))).toBe(false);
        expect(existsSync(onDisk(`trash/${key}`))).toBe(false);
      }
      const again = await request(api.app)
        .post(`/api/admin/trash/${kase.kind}/${id}/restore`)
        .set(auth(admin));
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: TRASH_MESSAGES.notFound });

      // The log: to the trash, back, to the trash, purged.
      const log = await api.db
        .knex('activity_log')
        .where({ entity_id: String(id) })
        .whereIn('action', ['trash', 'restore', 'purge'])
        .orderBy('id');
      expect(
        log
          .filter((row) => row.entity === TRASH_KIND_HANDLERS.find((h) => h.kind === kase.kind)!.entity)
          .map((row) => [row.action, row.user_name]),
      ).toEqual([
        ['trash', ROLE_NAMES.editeur],
        ['restore', ROLE_NAMES.editeur],
        ['trash', ROLE_NAMES.editeur],
        ['purge', ROLE_NAMES.admin],
      ]);
    });
  });

  it("moves aside the images of the item's kept versions too, once each, and purges their rows", async () => {
    const old = await image('products');
    const current = await image('products');
    const product = await aProduct(api.db, { image: current });
    await api.db.knex('revisions').insert(
      [[old], [old, current]].map((images) => ({
        kind: 'product',
        entity_id: product.id,
        data: JSON.stringify({ fields: { name: 'Avant' }, images }),
        created_at: toDbDateTime(new Date()),
      })),
    );
    await request(api.app).delete(`/api/products/${product.id}`).set(auth(editor)).expect(200);
    const entry = await api.db.knex('trash').where({ kind: 'product', entity_id: product.id }).first();
    const moved = JSON.parse(entry.files) as [string, string][];
    expect(moved.map(([original]) => original).sort()).toEqual([...keysOf(old), ...keysOf(current)].sort());
    for (const key of keysOf(old)) expect(existsSync(onDisk(`trash/${key}`))).toBe(true);
    await request(api.app).delete(`/api/admin/trash/product/${product.id}`).set(auth(admin)).expect(200);
    expect(await api.db.knex('revisions').where({ kind: 'product', entity_id: product.id })).toEqual([]);
    for (const key of keysOf(old)) expect(existsSync(onDisk(`trash/${key}`))).toBe(false);
  });

  it('keeps a category holding live products, trashes one holding only trashed ones, and purges it after them', async () => {
    const category = await aCategory(api.db, { name: 'Carrelage' });
    const product = await aProduct(api.db, { category_id: category.id });
    const kept = await request(api.app).delete(`/api/categories/${category.id}`).set(auth(editor));
    expect(kept.status).toBe(409);
    expect(kept.body).toEqual({ message: categoryMessages.notEmpty });
    expect((await api.db.knex('categories').where({ id: category.id }).first()).deleted_at).toBeNull();

    await request(api.app).delete(`/api/products/${product.id}`).set(auth(editor)).expect(200);
    await request(api.app).delete(`/api/categories/${category.id}`).set(auth(editor)).expect(200);

    // Its product does not come back before it.
    const alone = await request(api.app)
      .post(`/api/admin/trash/product/${product.id}/restore`)
      .set(auth(editor));
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({ message: productTrashMessages.categoryInTrash });

    // Nor is it purged before its product.
    const early = await request(api.app).delete(`/api/admin/trash/category/${category.id}`).set(auth(admin));
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: TRASH_MESSAGES.categoryHoldsProducts });

    await request(api.app)
      .post(`/api/admin/trash/category/${category.id}/restore`)
      .set(auth(editor))
      .expect(200);
    await request(api.app)
      .post(`/api/admin/trash/product/${product.id}/restore`)
      .set(auth(editor))
      .expect(200);
    await request(api.app).get(`/api/products/${product.id}`).expect(200);

    await request(api.app).delete(`/api/products/${product.id}`).set(auth(editor)).expect(200);
    await request(api.app).delete(`/api/categories/${category.id}`).set(auth(editor)).expect(200);
    await request(api.app).delete(`/api/admin/trash/product/${product.id}`).set(auth(admin)).expect(200);
    await request(api.app).delete(`/api/admin/trash/category/${category.id}`).set(auth(admin)).expect(200);
    expect(await api.db.knex('categories').where({ id: category.id }).first()).toBeUndefined();
  });

  it('purges what is past TRASH_RETENTION_DAYS on a moved clock, and nothing younger', async () => {
    const old = await aPromotion(api.db, { image: await image('promotions') });
    const young = await aPromotion(api.db);
    await request(api.app).delete(`/api/promotions/${old.id}`).set(auth(editor)).expect(200);
    const stamp = toDbDateTime(new Date(Date.now() - 10 * DAY_MS));
    await api.db.knex('trash').where({ kind: 'promotion', entity_id: old.id }).update({ deleted_at: stamp });
    await request(api.app).delete(`/api/promotions/${young.id}`).set(auth(editor)).expect(200);

    const purge = (days: number) =>
      startTrashPurge({
        db: api.db.knex,
        layout: api.layout,
        logger: createLogger('error', { write: () => {} }),
        retentionDays: api.env.config.trashRetentionDays,
        handlers: TRASH_KIND_HANDLERS,
        now: () => new Date(Date.now() + days * DAY_MS),
        everyMs: 3_600_000,
      });
    // 30 days: 19 days on, the old one (deleted 10 days ago) has one day left; 21 days on, it is due.
    const early = purge(19);
    await early.runOnce();
    await early.stop();
    expect(await api.db.knex('promotions').where({ id: old.id }).first()).toBeDefined();

    const later = purge(21);
    expect(await later.runOnce()).toBeGreaterThanOrEqual(1);
    await later.stop();
    expect(await api.db.knex('promotions').where({ id: old.id }).first()).toBeUndefined();
    expect(existsSync(onDisk(`trash/public/${old.image}`))).toBe(false);
    expect(await api.db.knex('promotions').where({ id: young.id }).first()).toBeDefined();
    const log = await api.db
      .knex('activity_log')
      .where({ action: 'purge', entity: 'promotion', entity_id: String(old.id) })
      .first();
    expect(log).toMatchObject({ entity: 'promotion', user_id: null });
  });

  it('shows each role the kinds it may delete, refuses the others, and names an unknown kind in French', async () => {
    const promotion = await aPromotion(api.db);
    await request(api.app).delete(`/api/promotions/${promotion.id}`).set(auth(editor)).expect(200);

    expect((await list(chantier)).body.data).toEqual([]);
    const forbidden = await request(api.app)
      .post(`/api/admin/trash/promotion/${promotion.id}/restore`)
      .set(auth(chantier));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: FORBIDDEN_MESSAGE });
    const commercial = await request(api.app)
      .get('/api/admin/trash')
      .set(auth(await api.tokenFor('commercial')));
    expect(commercial.status).toBe(403);

    const unknown = await request(api.app).get('/api/admin/trash?kind=chaise').set(auth(editor));
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      message: expect.any(String),
      errors: { kind: [TRASH_MESSAGES.unknownKind] },
    });
    const badRestore = await request(api.app).post(`/api/admin/trash/chaise/1/restore`).set(auth(editor));
    expect(badRestore.status).toBe(422);

    const page = await list(editor, '?kind=promotion&per_page=1');
    expect(page.body).toMatchObject({ per_page: 1, current_page: 1 });
    expect(page.body.data).toHaveLength(1);

    // Emptying: the operator's, every kind.
    await request(api.app).delete('/api/admin/trash').set(auth(editor)).expect(403);
    const emptied = await request(api.app).delete('/api/admin/trash').set(auth(admin)).expect(200);
    expect(emptied.body).toMatchObject({ message: TRASH_MESSAGES.emptied });
    expect((await list(admin)).body.total).toBe(0);
    expect(await api.db.knex('promotions').where({ id: promotion.id }).first()).toBeUndefined();
  });
});
