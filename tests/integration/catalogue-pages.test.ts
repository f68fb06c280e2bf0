import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createLogger } from '#server/logger';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { ensureStorageLayout, storageLayout } from '#server/storage/layout';
import { aCategory, aProduct } from '../helpers/builders';
import { testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The catalogue documents on the production build (npm test builds it first), on every
 * engine: filters read from the URL, stored text escaped in the HTML and in the island's
 * props, and product rules, Messages and errors's rule that a products failure is only logged.
 */
const HOSTILE = 'Tôle </script><script>alert(1)</script>';

describe.each(testEngines())('catalogue pages on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let renderer: SsrRenderer;
  let app: express.Express;
  const logLines: string[] = [];
  let roofing: number;
  let furniture: number;
  let hostileId: number;

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database);
    ensureStorageLayout(storageLayout(env.config.storageDir));
    const category = async (name: string) =>
      (await aCategory(db, { name, description: `Catégorie ${name}` })).id;
    roofing = await category('Toiture');
    furniture = await category('Mobilier');
    const product = { price: 12500, stock: 4, description: 'Un produit du catalogue de test.' };
    hostileId = (
      await aProduct(db, { ...product, reference: 'PRD-0001', name: HOSTILE, category_id: roofing })
    ).id;
    await aProduct(db, { ...product, reference: 'PRD-0002', name: 'Chaise en teck', category_id: furniture });
    const logger = createLogger('error', { write: (line: string) => void logLines.push(line) });
    renderer = await createRenderer({
      config: env.config,
      db: db.knex,
      logger,
      root: process.cwd(),
      mode: 'build',
    });
    app = createApp({ config: env.config, db: db.knex, logger, root: process.cwd(), renderer });
  });
  afterAll(async () => {
    await renderer?.close();
    await db.cleanup();
    env.dispose();
  });

  it('escapes a stored product name in the cards, the island props and the product page', async () => {
    const catalogue = (await request(app).get('/products').expect(200)).text;
    expect(catalogue).toContain('Tôle &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(catalogue).not.toContain('<script>alert(1)');
    const detail = (await request(app).get(`/products/${hostileId}`).expect(200)).text;
    expect(detail).toContain('Tôle &lt;/script&gt;');
    expect(detail).not.toContain('<script>alert(1)');
  });

  it('renders the filter of the URL: search and category, and the empty message when nothing matches', async () => {
    const searched = (await request(app).get('/products?search=CHAISE').expect(200)).text;
    expect(searched).toContain('Chaise en teck');
    expect(searched).not.toContain('Tôle &lt;');
    const filtered = (await request(app).get(`/products?search=chaise&category=${roofing}`).expect(200)).text;
    expect(filtered).toContain('Aucun produit ne correspond à votre recherche.');
    // An unknown category shows every product rather than an empty list.
    const unknown = (await request(app).get('/products?category=999999').expect(200)).text;
    expect(unknown).toContain('Chaise en teck');
    expect(unknown).toContain('Tôle &lt;');
  });

  it('answers 404 with Produit non trouvé for an unknown id', async () => {
    const response = await request(app).get('/products/999999').expect(404);
    expect(response.text).toContain('Produit non trouvé');
    expect(response.text).toContain('Retour aux produits BTP');
  });

  it('when the products cannot be read, answers an error page, never an empty catalogue with 200', async () => {
    // A broken schema is a fault of the site, not an outage: 500, logged, nothing listed.
    await db.knex.schema.renameTable('products', 'products_away');
    try {
      logLines.length = 0;
      const response = await request(app).get('/products').expect(500);
      expect(response.text).toContain('Une erreur est survenue');
      expect(response.text).not.toContain('Aucun produit');
      expect(response.text).not.toContain('Chaise en teck');
      expect(logLines.some((line) => line.includes('erreur dans un loader de page'))).toBe(true);
    } finally {
      await db.knex.schema.renameTable('products_away', 'products');
    }
  });
});
