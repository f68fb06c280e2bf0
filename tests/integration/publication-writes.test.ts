import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDbDateTime, toDbDateTime } from '#server/db/dialect';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aCategory, anOffer, aProduct, aProject, aPromotion } from '../helpers/builders';
import { jpeg } from '../helpers/images';
import { postForm, type FormFields } from '../helpers/multipart';
import { testEngines } from '../helpers/test-db';

/**
 * The state and moment the staff write (docs/product-rules.md, "Drafts and scheduled
 * publishing"): `publication` and `publish_at` on every publishable kind, a Cotonou wall
 * clock from a form stored in UTC, ISO 8601 UTC in the answers, the activity log's French
 * labels, a 422 for a moment that is no moment, and the back-office lists' `?publication=`.
 */

const INVALID_MOMENT = 'La date de publication est invalide (jj/mm/aaaa hh:mm).';
const FILTER_INVALID = 'Le filtre de publication doit être « draft », « scheduled » ou « published ».';

const PROMOTION = {
  title: 'Saison sèche : -10 % sur le ciment',
  discount: '10%',
  startDate: '2025-02-01',
  endDate: '2999-03-31',
  description: 'Dix pour cent de remise sur tout le ciment livré à Cotonou.',
};
const TESTIMONIAL = {
  clientName: 'Rachidatou B.',
  town: 'Cotonou',
  projectType: 'Villa R+1 à Calavi',
  text: 'Un chantier tenu dans les délais, une équipe à l’écoute du début à la fin.',
  date: '2026-01-10',
  published: 'true',
};
const PARCEL = {
  title: 'Parcelle de 500 m² à Calavi',
  description: 'Parcelle plate avec convention de vente, proche du goudron.',
  location: 'Abomey-Calavi',
  price: '12 500 000',
  status: 'Disponible',
};

describe.each(testEngines())('publication writes on $name', (engine) => {
  let api: ApiHarness;
  let auth: Record<string, string>;
  let picture: Buffer;

  beforeAll(async () => {
    api = await openApiHarness(engine);
    auth = { Authorization: `Bearer ${await api.tokenFor('editeur')}` };
    picture = await jpeg();
  });
  afterAll(() => api.cleanup());

  const post = (url: string, fields: FormFields, withImage = false) =>
    postForm(api.app, url, fields, withImage ? [{ data: picture }] : [], auth, {
      field: 'image',
      name: 'photo.jpg',
    });

  it('publishes at once what a form without the fields creates, as clients did before drafts', async () => {
    const promotion = (await post('/api/promotions', PROMOTION).expect(201)).body.data;
    expect(promotion).toMatchObject({ publication: 'published', publish_at: null });
    const row = await api.db.knex('promotions').where({ id: promotion.id }).first();
    expect(row.publication).toBe('published');
    expect(row.publish_at).toBeNull();
  });

  it('reads a form’s YYYY-MM-DDTHH:MM as Cotonou time, stores it in UTC and answers it in ISO 8601 UTC', async () => {
    const promotion = (
      await post('/api/promotions', {
        ...PROMOTION,
        publication: 'published',
        publish_at: '2031-06-15T09:30',
      }).expect(201)
    ).body.data;
    // Cotonou is UTC+1 all year.
    expect(promotion).toMatchObject({ publication: 'published', publish_at: '2031-06-15T08:30:00.000Z' });
    const row = await api.db.knex('promotions').where({ id: promotion.id }).first();
    expect(fromDbDateTime(row.publish_at)?.toISOString()).toBe('2031-06-15T08:30:00.000Z');

    // An update without the fields keeps them; an empty publish_at clears it; a full ISO
    // 8601 with an offset is that instant.
    const kept = (await post(`/api/promotions/${promotion.id}`, { ...PROMOTION, _method: 'PUT' }).expect(200))
      .body.data;
    expect(kept.publish_at).toBe('2031-06-15T08:30:00.000Z');
    const moved = (
      await post(`/api/promotions/${promotion.id}`, {
        ...PROMOTION,
        _method: 'PUT',
        publication: 'draft',
        publish_at: '2031-07-01T12:00:00+02:00',
      }).expect(200)
    ).body.data;
    expect(moved).toMatchObject({ publication: 'draft', publish_at: '2031-07-01T10:00:00.000Z' });
    const cleared = (
      await post(`/api/promotions/${promotion.id}`, { ...PROMOTION, _method: 'PUT', publish_at: '' }).expect(
        200,
      )
    ).body.data;
    expect(cleared).toMatchObject({ publication: 'draft', publish_at: null });
  });

  it('writes the state and the moment of a product, a project’s fields through the same schema, an offer and a testimonial', async () => {
    const category = await aCategory(api.db, { name: 'Ciment' });
    const product = (
      await post('/api/products', {
        name: 'Ciment CPJ 45',
        price: '5500',
        category_id: String(category.id),
        description: 'Ciment pour maçonnerie, sac de 50 kg.',
        publication: 'draft',
        publish_at: '15/06/2031 09:30',
      }).expect(201)
    ).body.data;
    expect(product).toMatchObject({ publication: 'draft', publish_at: '2031-06-15T08:30:00.000Z' });

    const parcel = (await post('/api/parcels', { ...PARCEL, publication: 'draft' }, true).expect(201)).body
      .data;
    expect(parcel).toMatchObject({ publication: 'draft', publish_at: null });
    const due = (
      await post(`/api/parcels/${parcel.id}`, { _method: 'PUT', publish_at: '2031-06-15T09:30' }).expect(200)
    ).body.data;
    expect(due).toMatchObject({ publication: 'draft', publish_at: '2031-06-15T08:30:00.000Z' });

    const testimonial = (
      await postForm(
        api.app,
        '/api/testimonials',
        { ...TESTIMONIAL, publish_at: '2031-06-15T09:30' },
        [],
        auth,
        { field: 'photo', name: 'photo.jpg' },
      ).expect(201)
    ).body.data;
    expect(testimonial).toMatchObject({ published: true, publish_at: '2031-06-15T08:30:00.000Z' });
    expect(testimonial).not.toHaveProperty('publication');
  });

  it.each([
    ['/api/promotions', PROMOTION, false],
    ['/api/parcels', PARCEL, true],
  ] as const)(
    'refuses a moment that is none on %s with 422 and the French message',
    async (url, form, image) => {
      for (const moment of ['2031-02-30T10:00', 'demain', '2031-06-15T25:00', '15/13/2031 10:00']) {
        const response = await post(url, { ...form, publish_at: moment }, image).expect(422);
        expect(response.body.errors.publish_at).toEqual([INVALID_MOMENT]);
      }
      const state = await post(url, { ...form, publication: 'bientôt' }, image).expect(422);
      expect(state.body.errors.publication).toHaveLength(1);
    },
  );

  it('logs the state and the moment under their French labels', async () => {
    const promotion = (await post('/api/promotions', PROMOTION).expect(201)).body.data;
    await post(`/api/promotions/${promotion.id}`, {
      ...PROMOTION,
      _method: 'PUT',
      publication: 'draft',
      publish_at: '2031-06-15T09:30',
    }).expect(200);
    const log = await api.db
      .knex('activity_log')
      .where({ entity: 'promotion', entity_id: String(promotion.id), action: 'update' })
      .first();
    const changes = JSON.parse(log.changes);
    expect(changes.publication).toEqual(['published', 'draft']);
    expect(changes.publish_at[0]).toBeNull();
    expect(fromDbDateTime(changes.publish_at[1])?.toISOString()).toBe('2031-06-15T08:30:00.000Z');
    const { ACTIVITY_FIELDS } = await import('#shared/activity');
    expect(ACTIVITY_FIELDS.publication).toBe('État de publication');
    expect(ACTIVITY_FIELDS.publish_at).toBe('Date de publication');
  });

  describe('the back-office lists’ ?publication=', () => {
    const later = toDbDateTime(new Date(Date.now() + 24 * 3600_000));
    const earlier = toDbDateTime(new Date(Date.now() - 24 * 3600_000));
    const ids: Record<string, Record<'draft' | 'scheduled' | 'published', number>> = {};

    beforeAll(async () => {
      const category = (await aCategory(api.db, { name: 'Filtre' })).id;
      const states = {
        draft: { publication: 'draft' as const },
        scheduled: { publish_at: later },
        published: { publish_at: earlier },
      };
      ids.products = {
        draft: (await aProduct(api.db, { category_id: category, name: 'F draft', ...states.draft })).id,
        scheduled: (await aProduct(api.db, { category_id: category, name: 'F sched', ...states.scheduled }))
          .id,
        published: (await aProduct(api.db, { category_id: category, name: 'F pub', ...states.published })).id,
      };
      ids.projects = {
        draft: (await aProject(api.db, states.draft)).id,
        scheduled: (await aProject(api.db, states.scheduled)).id,
        published: (await aProject(api.db, states.published)).id,
      };
      ids.promotions = {
        draft: (await aPromotion(api.db, states.draft)).id,
        scheduled: (await aPromotion(api.db, states.scheduled)).id,
        published: (await aPromotion(api.db, states.published)).id,
      };
      ids.parcels = {
        draft: (await anOffer(api.db, 'parcels', states.draft)).id,
        scheduled: (await anOffer(api.db, 'parcels', states.scheduled)).id,
        published: (await anOffer(api.db, 'parcels', states.published)).id,
      };
      const testimonial = async (published: boolean, publishAt: string | null) => {
        const [id] = await api.db.knex('testimonials').insert({
          client_name: 'Client filtre',
          town: 'Cotonou',
          project_type: 'Villa R+1',
          text: 'Un chantier tenu dans les délais, une équipe à l’écoute.',
          date: '2026-01-10',
          published,
          publish_at: publishAt,
        });
        return Number(id);
      };
      ids.testimonials = {
        draft: await testimonial(false, null),
        scheduled: await testimonial(true, later),
        published: await testimonial(true, earlier),
      };
    });

    const PATHS = {
      products: '/api/products',
      projects: '/api/projects',
      promotions: '/api/promotions',
      parcels: '/api/parcels',
      testimonials: '/api/testimonials',
    };

    it.each(Object.entries(PATHS))('%s: each state keeps its own rows for the staff', async (kind, path) => {
      for (const state of ['draft', 'scheduled', 'published'] as const) {
        const listed = (
          await request(api.app).get(`${path}?publication=${state}`).set(auth).expect(200)
        ).body.data.map((row: { id: number }) => row.id);
        expect(listed).toContain(ids[kind]![state]);
        for (const other of ['draft', 'scheduled', 'published'] as const)
          if (other !== state) expect(listed).not.toContain(ids[kind]![other]);
      }
    });

    it('refuses an unknown state with 422 in French, and the public still never sees a draft', async () => {
      const refused = await request(api.app).get('/api/products?publication=brouillon').set(auth).expect(422);
      expect(refused.body.errors.publication).toEqual([FILTER_INVALID]);
      await request(api.app).get('/api/projects?publication=x').set(auth).expect(422);
      const publicList = (await request(api.app).get('/api/parcels?publication=draft').expect(200)).body.data;
      expect(publicList.map((row: { id: number }) => row.id)).not.toContain(ids.parcels!.draft);
    });
  });
});
