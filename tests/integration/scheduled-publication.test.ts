import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { toDbDateTime } from '#server/db/dialect';
import { startPublicationWatch } from '#server/ssr/publication-watch';
import type { SsrRenderer } from '#server/ssr/renderer';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { anOffer, aPromotion } from '../helpers/builders';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';

/**
 * A scheduled item appears at its moment with no write and no restart, cached pages
 * included (docs/product-rules.md, "Drafts and scheduled publishing";
 * docs/decisions/0041-drafts-and-scheduled-publishing.md).
 */
describe.each(testEngines())('scheduled publication on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  let app: express.Express;

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
  });
  afterAll(async () => {
    await renderer?.close();
    await api?.cleanup();
  });

  it('shows a promotion scheduled a few seconds ahead on / and /promotions once its moment came, the cache emptied by the watch alone', async () => {
    // The next whole second plus two: DATETIME keeps seconds.
    const moment = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    await aPromotion(api.db, { title: 'Promotion programmée du jour', publish_at: toDbDateTime(moment) });
    const watch = startPublicationWatch({
      db: api.db.knex,
      cache: renderer.htmlCache!,
      logger: silentLogger(),
      everyMs: 200,
    });
    try {
      for (const path of ['/', '/promotions']) {
        const before = await request(app).get(path).expect(200);
        expect(before.text).not.toContain('Promotion programmée du jour');
        // Stored: what a visitor gets next comes from the cache.
        expect((await request(app).get(path).expect(200)).headers['x-html-cache']).toBe('hit');
      }
      await new Promise((resolve) => setTimeout(resolve, moment.getTime() - Date.now() + 700));
      for (const path of ['/', '/promotions']) {
        const after = await request(app).get(path).expect(200);
        expect(after.headers['x-html-cache']).toBe('miss');
        expect(after.text).toContain('Promotion programmée du jour');
      }
    } finally {
      await watch.stop();
    }
  });

  it('empties the cache once for a moment that fell between two looks, never for one before the start or still to come (fake clock)', async () => {
    let clock = new Date('2031-06-15T08:00:00Z');
    let emptied = 0;
    await anOffer(api.db, 'parcels', { publish_at: '2031-06-15 07:59:00' });
    await anOffer(api.db, 'parcels', { publish_at: '2031-06-15 08:00:30' });
    const watch = startPublicationWatch({
      db: api.db.knex,
      cache: { clear: () => emptied++ },
      logger: silentLogger(),
      now: () => clock,
      everyMs: 3_600_000,
    });
    try {
      clock = new Date('2031-06-15T08:00:20Z');
      expect(await watch.runOnce()).toBe(false);
      clock = new Date('2031-06-15T08:00:40Z');
      expect(await watch.runOnce()).toBe(true);
      expect(emptied).toBe(1);
      clock = new Date('2031-06-15T08:01:00Z');
      expect(await watch.runOnce()).toBe(false);
      expect(emptied).toBe(1);
    } finally {
      await watch.stop();
    }
  });
});
