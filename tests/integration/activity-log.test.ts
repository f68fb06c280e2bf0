import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { startActivityPurge } from '#server/features/activity/activity-purge';
import { enqueueMail } from '#server/features/outbox';
import { ADMIN_EMAIL, openApiHarness, PASSWORD, type ApiHarness } from '../helpers/api-harness';
import { aCategory, aProduct, aSubmission } from '../helpers/builders';
import { jpeg } from '../helpers/images';
import { postForm, type FormFile } from '../helpers/multipart';
import { silentLogger } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The activity log on every engine (docs/product-rules.md, "Activity log"): each kind of
 * write of the back office records its row (who, action, entity, label, changed fields),
 * in the write's transaction; no secret reaches the table; the admin list's filters,
 * paging and CSV; the retention purge.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  entityInvalid: "Le type d'élément choisi est invalide.",
  actionInvalid: "L'action choisie est invalide.",
  fromInvalid: 'La date de début est invalide (jj/mm/aaaa).',
  rangeInvalid: 'La date de fin doit suivre la date de début.',
  userInvalid: "L'utilisateur choisi est invalide.",
};

interface LogRow {
  id: number;
  user_id: number | null;
  user_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  label: string | null;
  changes: Record<string, [unknown, unknown]> | null;
}

type Fields = Record<string, string | string[]>;

describe.each(testEngines())('activity log on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let token: string;
  let adminId: number;
  let picture: Buffer;

  const bearer = (t = token): Record<string, string> => ({ Authorization: `Bearer ${t}` });
  const send = (url: string, fields: Fields, files: FormFile[] = []) =>
    postForm(app, url, fields, files, bearer(), { field: 'image', name: 'photo.jpg' });

  /** The log's rows written after `since` (an id), oldest first, with changes decoded. */
  async function rowsAfter(since: number): Promise<LogRow[]> {
    const rows = await db.knex('activity_log').where('id', '>', since).orderBy('id');
    return rows.map((row) => ({
      id: Number(row.id),
      user_id: row.user_id === null ? null : Number(row.user_id),
      user_name: row.user_name,
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      label: row.label,
      changes: row.changes ? JSON.parse(row.changes) : null,
    }));
  }
  const lastId = async () => Number((await db.knex('activity_log').max({ id: 'id' }).first())?.id ?? 0);

  /** Runs `write` and answers the one row it recorded (fails if it recorded none or several). */
  async function recorded(write: () => Promise<unknown>): Promise<LogRow> {
    const since = await lastId();
    await write();
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }
  const byAdmin = () => ({ user_id: adminId, user_name: 'Awa Admin' });
  const num = (value: unknown) => Number(value);

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, adminToken: token } = api);
    adminId = Number((await db.knex('users').where({ email: ADMIN_EMAIL }).first('id')).id);
    picture = await jpeg({ width: 800, height: 600 });
  });
  afterAll(() => api.cleanup());

  describe('writes of the catalogue', () => {
    it('products: creation with its fields, a price change as Prix old → new only, deletion by name', async () => {
      const category = await aCategory(db, { name: 'Ciment et liants' });
      const fields: Fields = {
        name: 'Ciment CPJ 42,5',
        price: '5 500',
        category_id: String(category.id),
        description: 'Ciment Portland composé pour béton armé.',
        stock: '120',
      };
      let id = 0;
      const created = await recorded(async () => {
        id = (await send('/api/products', fields, [{ data: picture }]).expect(201)).body.data.id;
      });
      expect(created).toMatchObject({
        ...byAdmin(),
        action: 'create',
        entity: 'product',
        entity_id: String(id),
        label: 'Ciment CPJ 42,5',
      });
      expect(num(created.changes!.price![1])).toBe(5500);
      expect(created.changes!.name).toEqual([null, 'Ciment CPJ 42,5']);
      // Files by their stored names, never their bytes.
      expect(created.changes!.image![1]).toMatch(/^products\/.+/);

      const updated = await recorded(() =>
        send(`/api/products/${id}`, { ...fields, _method: 'PUT', price: '6 000' }).expect(200),
      );
      expect(updated).toMatchObject({
        ...byAdmin(),
        action: 'update',
        entity: 'product',
        label: 'Ciment CPJ 42,5',
      });
      expect(Object.keys(updated.changes!)).toEqual(['price']);
      expect(updated.changes!.price!.map(num)).toEqual([5500, 6000]);

      const deleted = await recorded(() =>
        request(app).delete(`/api/products/${id}`).set(bearer()).expect(200),
      );
      expect(deleted).toMatchObject({
        action: 'trash',
        entity: 'product',
        entity_id: String(id),
        label: 'Ciment CPJ 42,5',
      });
      expect(deleted.changes).toBeNull();
    });

    it('categories: creation, renaming, deletion', async () => {
      let id = 0;
      const created = await recorded(async () => {
        id = (
          await request(app)
            .post('/api/categories')
            .set(bearer())
            .send({ name: 'Quincaillerie', description: 'Vis, clous, serrures et outillage.' })
            .expect(201)
        ).body.data.id;
      });
      expect(created).toMatchObject({
        ...byAdmin(),
        action: 'create',
        entity: 'category',
        label: 'Quincaillerie',
      });
      const renamed = await recorded(() =>
        request(app)
          .put(`/api/categories/${id}`)
          .set(bearer())
          .send({ name: 'Outillage', description: 'Vis, clous, serrures et outillage.' })
          .expect(200),
      );
      expect(renamed).toMatchObject({
        action: 'update',
        label: 'Outillage',
        changes: { name: ['Quincaillerie', 'Outillage'] },
      });
      const deleted = await recorded(() =>
        request(app).delete(`/api/categories/${id}`).set(bearer()).expect(200),
      );
      expect(deleted).toMatchObject({
        action: 'trash',
        entity: 'category',
        entity_id: String(id),
        label: 'Outillage',
      });
    });

    it('projects: creation with its images by name, an update, deletion', async () => {
      const form = (status: string): [string, string][] => [
        ['title', 'Villa R+1 à Fidjrossè'],
        ['numéro', 'PRJ-2025-001'],
        ['date', '2025-03-14'],
        ['status', status],
        ['description', 'Construction d’une villa R+1 de quatre chambres.'],
        ['categories[0]', 'Résidentiel'],
      ];
      const base = form('En cours');
      let id = 0;
      const created = await recorded(async () => {
        id = (
          await postForm(app, '/api/projects', base, [{ field: 'main_image', data: picture }], bearer(), {
            field: 'image',
            name: 'image.jpg',
          }).expect(201)
        ).body.data.id;
      });
      expect(created).toMatchObject({
        ...byAdmin(),
        action: 'create',
        entity: 'project',
        label: 'Villa R+1 à Fidjrossè',
      });
      expect(created.changes!.main_image![1]).toMatch(/^projects\//);
      const updated = await recorded(() =>
        postForm(app, `/api/projects/${id}`, [...form('Complété'), ['_method', 'PUT']], [], bearer(), {
          field: 'image',
          name: 'image.jpg',
        }).expect(200),
      );
      expect(updated).toMatchObject({ action: 'update', entity: 'project' });
      expect(updated.changes!.status).toEqual(['En cours', 'Complété']);
      const deleted = await recorded(() =>
        request(app).delete(`/api/projects/${id}`).set(bearer()).expect(200),
      );
      expect(deleted).toMatchObject({ action: 'trash', entity: 'project', label: 'Villa R+1 à Fidjrossè' });
    });

    it.each([
      {
        path: '/api/parcels',
        entity: 'parcel',
        fields: {
          type: 'parcelle',
          title: 'Parcelle de 500 m² à Calavi',
          description: 'Parcelle plate avec convention de vente.',
          location: 'Abomey-Calavi, Togoudo',
          surface: '500',
          price: '12 500 000',
          status: 'Disponible',
        },
        label: 'Parcelle de 500 m² à Calavi',
        change: { location: 'Abomey-Calavi, Zoca' },
        column: 'location',
      },
      {
        path: '/api/flotte-immobiliere',
        entity: 'fleet_property',
        fields: {
          type: 'flotte',
          propertyType: 'Villa',
          address: 'Lot 245, Haie Vive, Cotonou',
          surface: '420',
          owner: 'M. Gildas Houngbédji',
          occupationStatus: 'Loué',
          estimatedValue: '185 000 000',
        },
        label: 'Villa, Lot 245, Haie Vive, Cotonou',
        change: { owner: 'Mme Houngbédji' },
        column: 'owner',
      },
      {
        path: '/api/biens-immobiliers',
        entity: 'miscellaneous_good',
        fields: { type: 'bien', description: 'Groupe électrogène 20 kVA en bon état' },
        label: 'Groupe électrogène 20 kVA en bon état',
        change: { description: 'Groupe électrogène 30 kVA révisé' },
        column: 'description',
      },
    ] as { path: string; entity: string; fields: Fields; label: string; change: Fields; column: string }[])(
      '$entity: creation, update of one field, deletion',
      async ({ path, entity, fields, label, change, column }) => {
        let id = 0;
        const created = await recorded(async () => {
          id = (await send(path, fields, [{ data: picture }]).expect(201)).body.data.id;
        });
        expect(created).toMatchObject({
          ...byAdmin(),
          action: 'create',
          entity,
          entity_id: String(id),
          label,
        });
        const updated = await recorded(() =>
          send(`${path}/${id}`, { ...change, _method: 'PUT' }).expect(200),
        );
        expect(updated).toMatchObject({ action: 'update', entity });
        expect(Object.keys(updated.changes!)).toEqual([column]);
        expect(updated.changes![column]![1]).toBe(Object.values(change)[0]);
        const deleted = await recorded(() => request(app).delete(`${path}/${id}`).set(bearer()).expect(200));
        expect(deleted).toMatchObject({ action: 'trash', entity, entity_id: String(id) });
      },
    );

    it('promotions: creation, update, deletion', async () => {
      const fields = {
        title: 'Saison sèche : -10 % sur le ciment',
        discount: '10%',
        startDate: '01/02/2025',
        endDate: '2999-03-31',
        description: 'Dix pour cent de remise sur tout le ciment livré.',
      };
      let id = 0;
      const created = await recorded(async () => {
        id = (await send('/api/promotions', fields).expect(201)).body.data.id;
      });
      expect(created).toMatchObject({
        ...byAdmin(),
        action: 'create',
        entity: 'promotion',
        label: fields.title,
      });
      const updated = await recorded(() =>
        send(`/api/promotions/${id}`, { ...fields, discount: '15%', _method: 'PUT' }).expect(200),
      );
      expect(updated).toMatchObject({ action: 'update', changes: { discount: ['10%', '15%'] } });
      const deleted = await recorded(() =>
        request(app).delete(`/api/promotions/${id}`).set(bearer()).expect(200),
      );
      expect(deleted).toMatchObject({ action: 'trash', entity: 'promotion', label: fields.title });
    });

    it('testimonials: creation, the list’s publication toggle as unpublish / publish, deletion', async () => {
      const fields = {
        clientName: 'Famille Houngbédji',
        town: 'Bruxelles',
        projectType: 'Villa R+1',
        text: 'Nous avons suivi tout le chantier depuis la Belgique, sans mauvaise surprise.',
        date: '15/03/2026',
        published: '1',
      };
      let id = 0;
      const created = await recorded(async () => {
        id = (await send('/api/testimonials', fields).expect(201)).body.data.id;
      });
      expect(created).toMatchObject({
        ...byAdmin(),
        action: 'create',
        entity: 'testimonial',
        label: 'Famille Houngbédji',
      });
      const toggle = (published: boolean) =>
        request(app).patch(`/api/testimonials/${id}/published`).set(bearer()).send({ published }).expect(200);
      const hidden = await recorded(() => toggle(false));
      expect(hidden).toMatchObject({
        action: 'unpublish',
        entity: 'testimonial',
        label: 'Famille Houngbédji',
      });
      expect(hidden.changes!.published!.map(Boolean)).toEqual([true, false]);
      const shown = await recorded(() => toggle(true));
      expect(shown).toMatchObject({ action: 'publish' });
      const deleted = await recorded(() =>
        request(app).delete(`/api/testimonials/${id}`).set(bearer()).expect(200),
      );
      expect(deleted).toMatchObject({ action: 'trash', entity: 'testimonial' });
    });

    it('an image upload: its stored name', async () => {
      const row = await recorded(() =>
        request(app)
          .post('/api/upload-image')
          .set(bearer())
          .attach('image', picture, 'photo.jpg')
          .expect(201),
      );
      expect(row).toMatchObject({ ...byAdmin(), action: 'create', entity: 'image' });
      expect(row.label).toMatch(/^misc\/.+/);
      expect(row.changes!.image).toEqual([null, row.label]);
    });
  });

  describe('writes of the requests and messages', () => {
    it('a request: status with the client message, a note alone, a new tracking link (no token), deletion by reference', async () => {
      const submission = await aSubmission(db, { reference: 'EDF-2026-00042', status: 'new' });
      const url = `/api/admin/project-submissions/${submission.id}`;
      const status = await recorded(() =>
        request(app)
          .patch(`${url}/status`)
          .set(bearer())
          .send({ status: 'contacted', client_message: 'Nous vous appelons demain.' })
          .expect(200),
      );
      expect(status).toMatchObject({
        ...byAdmin(),
        action: 'status',
        entity: 'submission',
        entity_id: String(submission.id),
        label: 'EDF-2026-00042',
        changes: { status: ['new', 'contacted'], message: [null, 'Nous vous appelons demain.'] },
      });
      const note = await recorded(() =>
        request(app)
          .patch(`${url}/status`)
          .set(bearer())
          .send({ status: 'contacted', admin_notes: 'Rappeler après 17 h' })
          .expect(200),
      );
      expect(note).toMatchObject({
        action: 'update',
        changes: { admin_notes: [null, 'Rappeler après 17 h'] },
      });

      let link = '';
      const tracking = await recorded(async () => {
        link = (await request(app).post(`${url}/tracking-link`).set(bearer()).send({}).expect(201)).body
          .tracking_url;
      });
      expect(tracking).toMatchObject({
        action: 'tracking_link',
        entity: 'submission',
        label: 'EDF-2026-00042',
      });
      const token = link.split('/').pop()!;
      expect(JSON.stringify(tracking)).not.toContain(token);

      const deleted = await recorded(() => request(app).delete(url).set(bearer()).expect(200));
      expect(deleted).toMatchObject({
        action: 'trash',
        entity: 'submission',
        label: 'EDF-2026-00042',
        changes: null,
      });
    });

    it('a contact message: read, archived, deleted, by reference, without the sender’s text', async () => {
      const [id] = await db.knex('contact_messages').insert({
        reference: 'MSG-2026-00007',
        name: 'Koffi Mensah',
        email: 'koffi@exemple.bj',
        phone: '0197000001',
        subject: 'devis',
        message: 'Combien pour une dalle de 120 m² ?',
        status: 'unread',
        created_at: toDbDateTime(new Date()),
        updated_at: toDbDateTime(new Date()),
      });
      const url = `/api/admin/contact-messages/${Number(id)}`;
      const read = await recorded(() =>
        request(app).patch(url).set(bearer()).send({ status: 'read' }).expect(200),
      );
      expect(read).toMatchObject({
        ...byAdmin(),
        action: 'status',
        entity: 'contact_message',
        label: 'MSG-2026-00007',
        changes: { status: ['unread', 'read'] },
      });
      const archived = await recorded(() =>
        request(app).patch(url).set(bearer()).send({ status: 'archived' }).expect(200),
      );
      expect(archived.changes).toEqual({ status: ['read', 'archived'] });
      const deleted = await recorded(() => request(app).delete(url).set(bearer()).expect(200));
      expect(deleted).toMatchObject({ action: 'trash', entity: 'contact_message', label: 'MSG-2026-00007' });
      expect(JSON.stringify(deleted)).not.toContain('dalle');
      // The trash shows the sender's name for 30 days; the log, kept a year, never holds it.
      expect(JSON.stringify(deleted)).not.toContain('Koffi');
    });

    it('a site update: creation with its photos by name, update, deletion, labelled by the request’s reference', async () => {
      const submission = await aSubmission(db, { reference: 'EDF-2026-00077', status: 'approved' });
      const base = `/api/admin/project-submissions/${submission.id}/updates`;
      const fields = {
        date: '2026-11-20',
        phase: 'elevation',
        progress: '45',
        text: 'Les murs sont montés.',
        published: '0',
      };
      let id = 0;
      const created = await recorded(async () => {
        const call = request(app).post(base).set(bearer());
        for (const [name, value] of Object.entries(fields)) call.field(name, value);
        call.attach('photos[]', picture, 'chantier.jpg');
        id = (await call.expect(201)).body.data.id;
      });
      expect(created).toMatchObject({
        ...byAdmin(),
        action: 'create',
        entity: 'site_update',
        label: 'EDF-2026-00077',
      });
      expect(created.changes!.progress).toEqual([null, 45]);
      expect((created.changes!.photos![1] as string[]).length).toBe(1);
      const updated = await recorded(async () => {
        const call = request(app).post(`${base}/${id}`).set(bearer()).field('_method', 'PUT');
        for (const [name, value] of Object.entries({ ...fields, progress: '60' })) call.field(name, value);
        await call.expect(200);
      });
      expect(updated).toMatchObject({ action: 'update', changes: { progress: [45, 60] } });
      const deleted = await recorded(() => request(app).delete(`${base}/${id}`).set(bearer()).expect(200));
      expect(deleted).toMatchObject({ action: 'trash', entity: 'site_update', label: 'EDF-2026-00077' });
    });

    it('a failed mail put back in the outbox', async () => {
      const id = await enqueueMail(db.knex, {
        to: ['bureau@edifier.test'],
        subject: 'Nouvelle demande EDF-2026-00009',
        html: '<p>Bonjour</p>',
        text: 'Bonjour',
      });
      await db.knex('outbox').where({ id }).update({ status: 'failed', attempts: 8, last_error: 'refusé' });
      const row = await recorded(() =>
        request(app).post(`/api/admin/outbox/${id}/retry`).set(bearer()).expect(200),
      );
      expect(row).toMatchObject({
        ...byAdmin(),
        action: 'status',
        entity: 'mail',
        entity_id: String(id),
        label: 'Nouvelle demande EDF-2026-00009',
        changes: { status: ['failed', 'pending'] },
      });
    });

    it('a storage repair', async () => {
      const row = await recorded(() =>
        request(app).post('/api/diagnostic/repair-storage').set(bearer()).expect(200),
      );
      expect(row).toMatchObject({ ...byAdmin(), action: 'repair', entity: 'storage' });
    });
  });

  describe('the same transaction', () => {
    it('a write whose log row fails (a unique violation after the change) is rolled back, leaving no row', async () => {
      const category = await aCategory(db);
      const product = await aProduct(db, { name: 'Fer HA 10', price: 4000, category_id: category.id });
      // A row already holds the label the write will record; a unique index on label makes
      // the log's insert, the write's last statement, fail.
      await db.knex('activity_log').del();
      await db.knex('activity_log').insert({ action: 'update', entity: 'product', label: 'Fer HA 10' });
      await db.knex.schema.alterTable('activity_log', (table) =>
        table.unique(['label'], { indexName: 'activity_label_test' }),
      );
      try {
        const since = await lastId();
        const answer = await send(`/api/products/${product.id}`, {
          _method: 'PUT',
          name: 'Fer HA 10',
          price: '4 500',
          category_id: String(category.id),
          description: 'Barres de fer haute adhérence.',
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(num((await db.knex('products').where({ id: product.id }).first()).price)).toBe(4000);
        expect(await rowsAfter(since)).toEqual([]);
      } finally {
        await db.knex.schema.alterTable('activity_log', (table) =>
          table.dropUnique(['label'], 'activity_label_test'),
        );
      }
      // And the same write goes through, with its row, once the log accepts it.
      const row = await recorded(() =>
        send(`/api/products/${product.id}`, {
          _method: 'PUT',
          name: 'Fer HA 10',
          price: '4 500',
          category_id: String(category.id),
          description: 'Barres de fer haute adhérence.',
        }).expect(200),
      );
      expect(row.changes!.price!.map(num)).toEqual([4000, 4500]);
    });
  });

  describe('profile and secrets', () => {
    it('a profile change records name and e-mail; a password change only that it happened; no secret anywhere in the table', async () => {
      const me = await db.knex('users').where({ id: adminId }).first();
      const oldHash: string = me.password_hash;
      const newPassword = 'Nouveau-Secret-2026!';
      const since = await lastId();
      const answer = await request(app)
        .put('/api/auth/user')
        .set(bearer())
        .send({
          fullName: 'Awa Admin-Dossou',
          email: ADMIN_EMAIL,
          currentPassword: PASSWORD,
          newPassword,
          confirmPassword: newPassword,
        })
        .expect(200);
      const fresh: string = answer.body.access_token;
      const rows = await rowsAfter(since);
      expect(rows.map((row) => row.action)).toEqual(['update', 'password_change']);
      expect(rows[0]).toMatchObject({
        user_id: adminId,
        user_name: 'Awa Admin',
        entity: 'user',
        entity_id: String(adminId),
        changes: { name: ['Awa Admin', 'Awa Admin-Dossou'] },
      });
      expect(rows[1]!.changes).toBeNull();

      const newHash: string = (await db.knex('users').where({ id: adminId }).first()).password_hash;
      const secrets = [
        PASSWORD,
        newPassword,
        oldHash,
        newHash,
        token,
        fresh,
        ...token.split('.'),
        ...fresh.split('.'),
      ];
      const everything = await db.knex('activity_log').select('*');
      for (const row of everything) {
        for (const value of Object.values(row)) {
          const text = String(value ?? '');
          for (const secret of secrets) expect(text).not.toContain(secret);
        }
      }
      token = fresh;
      // Back to the name the other tests expect of the actor.
      await request(app)
        .put('/api/auth/user')
        .set(bearer())
        .send({ fullName: 'Awa Admin', email: ADMIN_EMAIL })
        .expect(200);
    });
  });

  describe('GET /api/admin/activity and its CSV', () => {
    const at = (iso: string) => toDbDateTime(new Date(iso));
    beforeEach(async () => {
      await db.knex('activity_log').del();
      await db.knex('activity_log').insert([
        {
          created_at: at('2026-03-01T10:00:00Z'),
          user_id: 7,
          user_name: 'Bio Commercial',
          action: 'status',
          entity: 'submission',
          entity_id: '3',
          label: 'EDF-2026-00003',
          changes: JSON.stringify({ status: ['new', 'contacted'] }),
        },
        // 23:30 UTC on 1 March is 00:30 on 2 March in Cotonou.
        {
          created_at: at('2026-03-01T23:30:00Z'),
          user_id: adminId,
          user_name: 'Awa Admin',
          action: 'update',
          entity: 'product',
          entity_id: '9',
          label: '=Ciment',
          changes: JSON.stringify({ price: [5500, 6000] }),
        },
        {
          created_at: at('2026-03-05T08:00:00Z'),
          user_id: adminId,
          user_name: 'Awa Admin',
          action: 'delete',
          entity: 'product',
          entity_id: '9',
          label: 'Ciment',
          changes: null,
        },
        {
          created_at: at('2026-03-06T08:00:00Z'),
          user_id: null,
          user_name: null,
          action: 'login_failed',
          entity: 'user',
          entity_id: null,
          label: 'x@exemple.bj',
          changes: null,
        },
      ]);
    });
    const list = (query: Record<string, string | number> = {}) =>
      request(app).get('/api/admin/activity').query(query).set(bearer());

    it('answers the paged shape, newest first, each row with its fields and changes as an object', async () => {
      const res = await list({ per_page: 2 }).expect(200);
      expect(res.body).toMatchObject({
        current_page: 1,
        last_page: 2,
        per_page: 2,
        total: 4,
        from: 1,
        to: 2,
      });
      expect(res.body.data.map((row: LogRow) => row.action)).toEqual(['login_failed', 'delete']);
      const second = await list({ per_page: 2, page: 2 }).expect(200);
      expect(second.body.data[0]).toEqual({
        id: expect.any(Number),
        created_at: '2026-03-01T23:30:00.000Z',
        user_id: adminId,
        user_name: 'Awa Admin',
        action: 'update',
        entity: 'product',
        entity_id: '9',
        label: '=Ciment',
        changes: { price: [5500, 6000] },
      });
    });

    it('filters by user, entity, action and Cotonou days', async () => {
      const ids = async (query: Record<string, string | number>) =>
        (await list(query).expect(200)).body.data.map((row: LogRow) => `${row.action}:${row.entity}`);
      expect(await ids({ user_id: adminId })).toEqual(['delete:product', 'update:product']);
      expect(await ids({ entity: 'submission' })).toEqual(['status:submission']);
      expect(await ids({ action: 'login_failed' })).toEqual(['login_failed:user']);
      expect(await ids({ from: '2026-03-02', to: '2026-03-05' })).toEqual([
        'delete:product',
        'update:product',
      ]);
      expect(await ids({ to: '01/03/2026' })).toEqual(['status:submission']);
    });

    it('refuses bad filters with French 422s, and non-administrators', async () => {
      const res = await list({
        entity: 'martian',
        action: 'dance',
        from: '31/02/2026',
        user_id: 'abc',
      }).expect(422);
      expect(res.body.errors).toEqual({
        entity: [M.entityInvalid],
        action: [M.actionInvalid],
        from: [M.fromInvalid],
        user_id: [M.userInvalid],
      });
      const range = await list({ from: '2026-03-05', to: '2026-03-01' }).expect(422);
      expect(range.body.errors).toEqual({ to: [M.rangeInvalid] });
      await request(app).get('/api/admin/activity').expect(401);
      await request(app).get('/api/admin/activity').set(bearer(api.editorToken)).expect(403);
      await request(app).get('/api/admin/activity/export.csv').set(bearer(api.editorToken)).expect(403);
    });

    it('lists the people in the log for the user filter', async () => {
      const res = await request(app).get('/api/admin/activity/users').set(bearer()).expect(200);
      expect(res.body.data).toEqual([
        { id: adminId, name: 'Awa Admin' },
        { id: 7, name: 'Bio Commercial' },
      ]);
    });

    it('exports the filtered rows as French Excel CSV: BOM, semicolons, French labels, neutralised formulas', async () => {
      const res = await request(app)
        .get('/api/admin/activity/export.csv')
        .query({ entity: 'product' })
        .set(bearer())
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/journal-activite-\d{4}-\d{2}-\d{2}\.csv/);
      const text = (res.body as Buffer).toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.slice(1).split('\r\n')).toEqual([
        'Date;Heure;Utilisateur;Action;Élément;N°;Libellé;Modifications',
        '05/03/2026;09:00;Awa Admin;Suppression;Produit;9;Ciment;',
        "02/03/2026;00:30;Awa Admin;Modification;Produit;9;'=Ciment;Prix : 5500 → 6000",
        '',
      ]);
    });
  });

  describe('retention', () => {
    it('the running server’s purge deletes rows older than ACTIVITY_RETENTION_DAYS at start-up and keeps the rest', async () => {
      await db.knex('activity_log').del();
      const now = new Date('2026-11-28T12:00:00Z');
      const daysAgo = (days: number) => toDbDateTime(new Date(now.getTime() - days * 86_400_000));
      await db.knex('activity_log').insert([
        { created_at: daysAgo(400), action: 'update', entity: 'product', label: 'très ancien' },
        { created_at: daysAgo(31), action: 'update', entity: 'product', label: 'ancien' },
        { created_at: daysAgo(29), action: 'update', entity: 'product', label: 'récent' },
      ]);
      expect(api.env.config.activityRetentionDays).toBe(365);
      const purge = startActivityPurge({
        db: db.knex,
        logger: silentLogger(),
        retentionDays: 30,
        now: () => now,
      });
      try {
        await expect
          .poll(async () => (await db.knex('activity_log').pluck('label')).sort())
          .toEqual(['récent']);
        expect(await purge.runOnce()).toBe(0);
      } finally {
        await purge.stop();
      }
    });
  });
});
