import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { toDbDateTime } from '#server/db/dialect';
import { createLogger } from '#server/logger';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aCategory, anOffer, aProduct, aProject, aPromotion } from '../helpers/builders';
import { testEngines } from '../helpers/test-db';

/**
 * Who sees what (docs/product-rules.md, "Trash, revisions and drafts"), on every engine and
 * the production build: of four items of each kind, one published, one draft, one
 * scheduled for tomorrow and one in the trash, the public site (its pages, its API, the
 * sitemap, the WhatsApp order) shows the first only; the staff's token shows the first
 * three in the API; nobody reads the trashed one.
 */

const tomorrow = toDbDateTime(new Date(Date.now() + 24 * 3600_000));
const yesterday = toDbDateTime(new Date(Date.now() - 24 * 3600_000));
const STATES = {
  published: { publish_at: yesterday },
  draft: { publication: 'draft' as const },
  scheduled: { publish_at: tomorrow },
  trashed: { deleted_at: yesterday },
};
type State = keyof typeof STATES;
const STATE_NAMES = Object.keys(STATES) as State[];

describe.each(testEngines())('public visibility on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  let app: express.Express;
  let editor: string;
  const ids: Record<string, Record<State, number>> = {};

  beforeAll(async () => {
    api = await openApiHarness(engine);
    const category = (await aCategory(api.db, { name: 'Ciment' })).id;
    const each = async (kind: string, build: (state: State) => Promise<{ id: number }>) => {
      ids[kind] = {} as Record<State, number>;
      for (const state of STATE_NAMES) ids[kind][state] = (await build(state)).id;
    };
    await each('products', (state) =>
      aProduct(api.db, { name: `Produit ${state}`, category_id: category, ...STATES[state] }),
    );
    await each('projects', (state) => aProject(api.db, { title: `Projet ${state}`, ...STATES[state] }));
    await each('promotions', (state) =>
      aPromotion(api.db, { title: `Promotion ${state}`, ...STATES[state] }),
    );
    await each('parcels', (state) =>
      anOffer(api.db, 'parcels', { title: `Parcelle ${state}`, ...STATES[state] }),
    );
    await each('testimonials', async (state) => {
      const [id] = await api.db.knex('testimonials').insert({
        client_name: `Client ${state}`,
        town: 'Cotonou',
        project_type: 'Villa R+1',
        text: 'Un chantier tenu dans les délais, une équipe à l’écoute.',
        date: '2026-01-10',
        published: state !== 'draft',
        publish_at: state === 'scheduled' ? tomorrow : null,
        deleted_at: state === 'trashed' ? yesterday : null,
      });
      return { id: Number(id) };
    });
    renderer = await createRenderer({
      config: api.env.config,
      db: api.db.knex,
      logger: createLogger('error', { write: () => {} }),
      root: process.cwd(),
      mode: 'build',
    });
    app = createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: createLogger('error', { write: () => {} }),
      root: process.cwd(),
      renderer,
    });
    editor = await api.tokenFor('editeur');
  });
  afterAll(async () => {
    await renderer?.close();
    await api?.cleanup();
  });

  const API_PATHS: Record<string, string> = {
    products: '/api/products',
    projects: '/api/projects',
    promotions: '/api/promotions',
    parcels: '/api/parcels',
    testimonials: '/api/testimonials',
  };

  it.each(Object.keys(API_PATHS))('the public API lists and reads only the published %s', async (kind) => {
    const path = API_PATHS[kind]!;
    const listed = (await request(app).get(path).expect(200)).body.data.map((row: { id: number }) => row.id);
    expect(listed).toContain(ids[kind]!.published);
    for (const state of ['draft', 'scheduled', 'trashed'] as const) {
      expect(listed).not.toContain(ids[kind]![state]);
      await request(app).get(`${path}/${ids[kind]![state]}`).expect(404);
    }
    await request(app).get(`${path}/${ids[kind]!.published}`).expect(200);
  });

  it.each(Object.keys(API_PATHS))(
    'the staff read drafts and scheduled %s, never trashed ones',
    async (kind) => {
      const path = API_PATHS[kind]!;
      const auth = { Authorization: `Bearer ${editor}` };
      const listed = (await request(app).get(path).set(auth).expect(200)).body.data.map(
        (row: { id: number }) => row.id,
      );
      expect(listed).toEqual(
        expect.arrayContaining([ids[kind]!.published, ids[kind]!.draft, ids[kind]!.scheduled]),
      );
      expect(listed).not.toContain(ids[kind]!.trashed);
      await request(app).get(`${path}/${ids[kind]!.draft}`).set(auth).expect(200);
      await request(app).get(`${path}/${ids[kind]!.trashed}`).set(auth).expect(404);
    },
  );

  it.each([
    ['/products', 'Produit'],
    ['/projects', 'Projet'],
    ['/promotions', 'Promotion'],
    ['/parcelles', 'Parcelle'],
    ['/', 'Client'],
  ])('the page %s shows the published item only', async (path, prefix) => {
    const html = (await request(app).get(path).expect(200)).text;
    expect(html).toContain(`${prefix} published`);
    for (const state of ['draft', 'scheduled', 'trashed']) expect(html).not.toContain(`${prefix} ${state}`);
  });

  it('answers 404 for the page, the sitemap entry and the WhatsApp order of an unpublished product or project', async () => {
    const sitemap = (await request(app).get('/sitemap.xml').expect(200)).text;
    for (const state of ['draft', 'scheduled', 'trashed'] as const) {
      await request(app).get(`/products/${ids.products!.draft}`).expect(404);
      await request(app).get(`/projects/${ids.projects![state]}`).expect(404);
      await request(app).get(`/products/${ids.products![state]}/whatsapp`).expect(404);
      expect(sitemap).not.toContain(`/products/${ids.products![state]}<`);
      expect(sitemap).not.toContain(`/projects/${ids.projects![state]}<`);
    }
    expect(sitemap).toContain(`/products/${ids.products!.published}<`);
    await request(app).get(`/products/${ids.products!.published}`).expect(200);
  });
});
