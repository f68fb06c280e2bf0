import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { seedOnStart } from '#server/seed/seed-on-start';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { ensureStorageLayout, storageLayout } from '#server/storage/layout';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * A new production site (DEMO_CONTENT off, docs/product-rules.md, "Demo content"): its
 * first start gives the administrator and no content, and every public page still answers
 * 200 and reads well, each list saying it has nothing yet rather than showing an empty
 * grid, a filter's "nothing matches" or a link to another empty page. Rendered from the
 * production build (npm test builds it first).
 */

/** Each public page and what a visitor reads there on an empty site. */
const PAGES: Array<{ path: string; reads: string[]; never?: string[] }> = [
  {
    path: '/',
    reads: [
      'Nos premières réalisations seront bientôt présentées ici.',
      'Aucune promotion disponible pour le moment.',
    ],
    never: ['Voir tous nos projets', 'Voir toutes les promotions', 'Ils nous ont fait confiance'],
  },
  { path: '/services', reads: ['Voir nos offres', 'Découvrir nos projets'] },
  {
    path: '/products',
    reads: ['Aucun produit disponible pour le moment.'],
    never: ['ne correspond à votre recherche'],
  },
  { path: '/products?search=ciment', reads: ['Aucun produit ne correspond à votre recherche.'] },
  { path: '/parcelles', reads: ['Aucune offre disponible pour le moment.'] },
  { path: '/parcelles?type=flotte', reads: ['Aucune offre disponible pour le moment.'] },
  { path: '/parcelles?type=biens', reads: ['Aucune offre disponible pour le moment.'] },
  { path: '/promotions', reads: ['Aucune promotion disponible pour le moment.', 'Comment en profiter ?'] },
  {
    path: '/projects',
    reads: ['Aucun projet à présenter pour le moment.'],
    never: ['ne correspond à ce filtre'],
  },
  { path: '/submit-project', reads: ['Soumettre le projet'], never: ['Nos réalisations récentes'] },
  { path: '/about', reads: ['Notre histoire'], never: ['Ils nous ont fait confiance'] },
  { path: '/contact', reads: ['Envoyez-nous un message', 'Horaires d’ouverture'] },
  { path: '/suivi', reads: ['Recevoir mon lien de suivi'] },
  { path: '/privacy', reads: ['Politique de confidentialité'] },
  { path: '/terms', reads: ['Conditions d’utilisation'] },
  { path: '/legal', reads: ['Mentions légales'] },
];

describe.each(testEngines())('public pages of an empty site on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let renderer: SsrRenderer;
  let app: express.Express;

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database, {
      DEMO_CONTENT: 'off',
      ADMIN_EMAIL: 'direction@edifier.test',
      ADMIN_PASSWORD: 'mot-de-passe-solide',
    });
    ensureStorageLayout(storageLayout(env.config.storageDir));
    // The first start of server/index.ts.
    await seedOnStart(db.knex, env.config, { output: { stdout: () => {}, stderr: () => {} } });
    renderer = await createRenderer({
      config: env.config,
      db: db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      mode: 'build',
    });
    app = createApp({
      config: env.config,
      db: db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
    });
  });

  afterAll(async () => {
    await renderer?.close();
    await db?.cleanup();
    env?.dispose();
  });

  it('has the administrator and no product, project, offer, promotion, testimonial or request', async () => {
    expect(await db.knex('users').pluck('email')).toEqual(['direction@edifier.test']);
    for (const table of [
      'products',
      'projects',
      'parcels',
      'promotions',
      'testimonials',
      'project_submissions',
    ]) {
      const row = await db.knex(table).count({ n: '*' }).first();
      expect(Number(row?.n), table).toBe(0);
    }
  });

  it.each(PAGES)('$path answers 200 and says it has nothing yet', async ({ path, reads, never = [] }) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(200);
    for (const text of reads) expect(response.text).toContain(text);
    for (const text of never) expect(response.text).not.toContain(text);
  });

  it('lists only the fixed pages in the sitemap', async () => {
    const response = await request(app).get('/sitemap.xml').expect(200);
    expect(response.text).toContain('<loc>http://site.test/products</loc>');
    expect(response.text).not.toMatch(/\/(products|projects)\/\d+/);
  });
});
