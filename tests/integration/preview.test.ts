import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { toDbDateTime } from '#server/db/dialect';
import { signPreview } from '#server/features/preview/preview-token';
import type { SsrRenderer } from '#server/ssr/renderer';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aCategory, anOffer, aProduct, aProject, aPromotion } from '../helpers/builders';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';

/**
 * The staff's preview of a draft in the public page's own look (docs/product-rules.md,
 * "Drafts and scheduled publishing"; docs/decisions/0041-drafts-and-scheduled-publishing.md):
 * a signed link, noindex, never cached, the one item shown and no other draft, a banner;
 * a dead link is the French not-found page. The HTML cache is on throughout.
 */

const DRAFT_BANNER = 'Aperçu — ce contenu n’est pas publié';

describe.each(testEngines())('preview on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  let app: express.Express;
  let editor: Record<string, string>;
  const ids: Record<string, number> = {};

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
    editor = { Authorization: `Bearer ${await api.tokenFor('editeur')}` };
    const category = (await aCategory(api.db, { name: 'Ciment' })).id;
    const draft = { publication: 'draft' as const };
    ids.product = (await aProduct(api.db, { name: 'Produit brouillon', category_id: category, ...draft })).id;
    ids.project = (await aProject(api.db, { title: 'Projet brouillon', ...draft })).id;
    ids.promotion = (await aPromotion(api.db, { title: 'Promotion brouillon', ...draft })).id;
    ids.otherPromotion = (await aPromotion(api.db, { title: 'Autre promotion cachée', ...draft })).id;
    ids.scheduled = (
      await aPromotion(api.db, {
        title: 'Promotion programmée',
        publish_at: toDbDateTime(new Date('2099-06-15T08:30:00Z')),
      })
    ).id;
    ids.parcel = (await anOffer(api.db, 'parcels', { title: 'Parcelle brouillon', ...draft })).id;
    const [testimonial] = await api.db.knex('testimonials').insert({
      client_name: 'Client en attente',
      town: 'Cotonou',
      project_type: 'Villa R+1',
      text: 'Un chantier tenu dans les délais, une équipe à l’écoute.',
      date: '2001-01-10',
      published: false,
    });
    ids.testimonial = Number(testimonial);
    // Newer published ones fill the home page's few places: the previewed one still shows.
    for (let i = 1; i <= 8; i++) {
      await api.db.knex('testimonials').insert({
        client_name: `Client publié ${i}`,
        town: 'Cotonou',
        project_type: 'Villa R+1',
        text: 'Un chantier tenu dans les délais, une équipe à l’écoute.',
        date: `2090-01-0${i}`,
        published: true,
      });
    }
  });
  afterAll(async () => {
    await renderer?.close();
    await api?.cleanup();
  });

  async function previewUrl(kind: string, id: number): Promise<string> {
    const response = await request(app).post(`/api/admin/preview/${kind}/${id}`).set(editor).expect(200);
    expect(Object.keys(response.body)).toEqual(['url']);
    expect(response.body.url).toMatch(/^\/apercu\/[\w-]+\.[\w-]+\.[\w-]+$/);
    return response.body.url;
  }

  function expectPreviewAnswer(response: request.Response): void {
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-html-cache']).toBeUndefined();
    expect(response.text).toContain('<meta name="robots" content="noindex">');
  }

  it.each([
    ['product', 'product', 'Produit brouillon', '/products/'],
    ['project', 'project', 'Projet brouillon', '/projects/'],
    ['promotion', 'promotion', 'Promotion brouillon', '/promotions'],
    ['parcel', 'parcel', 'Parcelle brouillon', '/parcelles'],
    ['testimonial', 'testimonial', 'Client en attente', '/'],
  ])(
    'renders the draft %s on its public page with the banner, noindex and no-store, never cached',
    async (kind, key, text, publicPath) => {
      const url = await previewUrl(kind, ids[key]!);
      for (let i = 0; i < 2; i++) {
        const page = await request(app).get(url).expect(200);
        expectPreviewAnswer(page);
        expect(page.text).toContain(text);
        expect(page.text).toContain(DRAFT_BANNER);
      }
      // The public page itself still leaves it out, cached or not.
      const path = publicPath.endsWith('/') && publicPath !== '/' ? `${publicPath}${ids[key]}` : publicPath;
      for (let i = 0; i < 2; i++) {
        const shown = await request(app).get(path);
        expect(shown.text).not.toContain(text);
      }
    },
  );

  it('shows only the previewed item among the drafts, and says when a scheduled one will appear (Cotonou time)', async () => {
    const page = await request(app)
      .get(await previewUrl('promotion', ids.promotion!))
      .expect(200);
    expect(page.text).not.toContain('Autre promotion cachée');
    const scheduled = await request(app)
      .get(await previewUrl('promotion', ids.scheduled!))
      .expect(200);
    expect(scheduled.text).toContain('Promotion programmée');
    expect(scheduled.text).toContain('Aperçu — ce contenu est programmé le 15/06/2099 à 09:30');
  });

  it('answers the French not-found page to an expired, forged or session token, with the same headers', async () => {
    const secret = api.env.config.jwtSecret;
    const expired = signPreview(
      secret,
      { kind: 'product', id: ids.product! },
      new Date(Date.now() - 11 * 60_000),
    );
    const forged = signPreview('un-autre-secret-de-32-caracteres-au-moins', {
      kind: 'product',
      id: ids.product!,
    });
    const session = editor.Authorization!.slice('Bearer '.length);
    for (const token of [expired, forged, session, 'nimportequoi']) {
      const page = await request(app).get(`/apercu/${token}`).expect(404);
      expect(page.text).toContain('Page introuvable');
      expect(page.text).not.toContain('Produit brouillon');
      expectPreviewAnswer(page);
    }
    // Nor is a preview token a session.
    const url = await previewUrl('product', ids.product!);
    await request(app)
      .get('/api/auth/user')
      .set('Authorization', `Bearer ${url.slice('/apercu/'.length)}`)
      .expect(401);
  });

  it('refuses an unknown kind with 422 and an absent item with 404, in French', async () => {
    const unknown = await request(app).post('/api/admin/preview/voiture/1').set(editor).expect(422);
    expect(unknown.body.errors.kind).toHaveLength(1);
    const absent = await request(app).post('/api/admin/preview/product/999999').set(editor).expect(404);
    expect(absent.body.message).toBe('Contenu introuvable : il a peut-être été supprimé.');
  });
});
