import type express from 'express';
import request from 'supertest';
import { cspHash } from '#server/ssr/assets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { ensureStorageLayout, storageLayout } from '#server/storage/layout';
import { aProject, aPromotion } from '../helpers/builders';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The server-rendering pipeline on the production build (npm test builds it first):
 * documents come from loaders reading the real database, stored text is escaped, and
 * scripts appear only where a page needs them.
 */
const HOSTILE = 'Villa </script><script>alert(1)</script>';

describe.each(testEngines())('server rendering on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let renderer: SsrRenderer;
  let app: express.Express;

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database);
    ensureStorageLayout(storageLayout(env.config.storageDir));
    const project = {
      numero: 'PRJ-T',
      status: 'Complété',
      description: 'Une description assez longue',
      categories: '["Résidentiel"]',
    };
    await aProject(db, { ...project, title: 'Ancien projet', date: '2019-05-01' });
    await aProject(db, { ...project, title: HOSTILE, date: '2024-03-01' });
    await aProject(db, { ...project, title: 'Clôture récente', date: '2024-02-01' });
    await aProject(db, { ...project, title: 'Immeuble neuf', date: '2023-12-01' });
    const promotion = {
      description: 'Remise sur le ciment',
      discount: '10%',
      start_date: '2024-01-01',
      image: 'promotions/a.jpg',
    };
    await aPromotion(db, { ...promotion, title: HOSTILE, end_date: '2099-12-31', code: 'CIMENT10' });
    await aPromotion(db, { ...promotion, title: 'Promotion terminée', end_date: '2020-01-31' });
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
    await db.cleanup();
    env.dispose();
  });

  it('renders the home page from the database: the three most recent projects, escaped', async () => {
    const response = await request(app).get('/').expect(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.text;
    expect(html).toContain('Découvrir nos services');
    expect(html).toContain('Villa &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Clôture récente');
    expect(html).toContain('Immeuble neuf');
    expect(html).not.toContain('Ancien projet');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('Promotion terminée');
  });

  it('shows a promotion’s code and takes it to WhatsApp with the title, discount and code in the message', async () => {
    const { text } = await request(app).get('/promotions').expect(200);
    expect(text).toContain('Code promo : <strong>CIMENT10</strong>');
    const href =
      /<a class="btn btn-whatsapp card-action" href="([^"]+)"[^>]*>(?:(?!<\/a>).)*En profiter maintenant/.exec(
        text,
      )?.[1];
    expect(href).toBeDefined();
    // The site's own counted link (docs/decisions/0043-audience-counting.md), which answers
    // 302 to the wa.me chat with the message.
    expect(href).toMatch(/^\/whatsapp\/promotion\/\d+\?text=/);
    const answer = await request(app).get(href!.replace(/&amp;/g, '&')).expect(302);
    const link = new URL(answer.headers.location!);
    expect(`${link.origin}${link.pathname}`).toBe(`https://wa.me/${env.config.site.whatsapp}`);
    expect(link.searchParams.get('text')).toBe(
      `Bonjour, je souhaite profiter de la promotion « ${HOSTILE} » (10%) avec le code CIMENT10. Pouvez-vous me donner les détails ?`,
    );
  });

  it('ships no script on a page without islands', async () => {
    const { text } = await request(app).get('/').expect(200);
    // JSON-LD data blocks are never executed: every other script tag is forbidden.
    expect(text).not.toMatch(/<script(?! type="application\/ld\+json")/);
  });

  it('embeds island props so that no stored text can close the script tag', async () => {
    const { text } = await request(app).get('/promotions').expect(200);
    const block = /<script type="application\/json" data-island-props="i0-">(.*?)<\/script>/.exec(text);
    expect(block).not.toBeNull();
    expect(block![1]).not.toContain('</script');
    expect(JSON.parse(block![1]!).slides[0].alt).toBe(HOSTILE);
    // Low priority: the islands' code never competes with the page's LCP image (decision 0029).
    expect(text).toMatch(
      /<script type="module" src="\/assets\/islands-[\w-]+\.js" fetchpriority="low"><\/script>/,
    );
    expect(text).toMatch(
      /<link rel="modulepreload" href="\/assets\/hero-carousel-[\w-]+\.js" fetchpriority="low">/,
    );
    expect(text).not.toMatch(/src="\/assets\/admin-/);
  });

  it('sends a Content-Security-Policy whose script-src forbids inline scripts and allows the inline CSS by hash', async () => {
    const response = await request(app).get('/promotions').expect(200);
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toBe("'self'");
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it("allows the catalogue's one inline script by its hash on /products only (decision 0047)", async () => {
    const scriptSrc = (csp: unknown) => /script-src ([^;]*)/.exec(String(csp))?.[1];
    const catalogue = await request(app).get('/products').expect(200);
    const inline = /<script>(.*?)<\/script>/s.exec(catalogue.text)?.[1] ?? '';
    expect(inline).toContain('showModal');
    expect(scriptSrc(catalogue.headers['content-security-policy'])).toBe(`'self' ${cspHash(inline)}`);
    const contact = await request(app).get('/contact').expect(200);
    expect(scriptSrc(contact.headers['content-security-policy'])).toBe("'self'");
    expect(contact.text).not.toContain('<script>');
  });

  it("allows exactly the inline CSS each document carries: the public pages' own sheets, the back office's base", async () => {
    // Minified media queries may hold '<' (`width<=39.99rem`): read up to the closing tag.
    const styleOf = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';
    const allowed = (csp: unknown) => /style-src 'self' ('sha256-[^']+')/.exec(String(csp))?.[1];
    const pages = ['/promotions', '/products', '/contact', '/admin/dashboard'];
    const styles = new Map<string, string>();
    for (const path of pages) {
      const response = await request(app).get(path).expect(200);
      const css = styleOf(response.text);
      expect(allowed(response.headers['content-security-policy']), path).toBe(cspHash(css));
      styles.set(path, css);
    }
    // The catalogue's rules travel with the catalogue only; the back office gets neither
    // the site's header nor any page's rules (decision 0023).
    expect(styles.get('/products')).toContain('.catalogue-search');
    expect(styles.get('/promotions')).not.toContain('.catalogue-search');
    expect(styles.get('/contact')).toContain('.contact-grid');
    expect(styles.get('/contact')).toContain('.form-grid');
    expect(styles.get('/admin/dashboard')).toContain('.btn-primary');
    expect(styles.get('/admin/dashboard')).not.toMatch(/\.site-header|\.catalogue-search|\.contact-grid/);
  });

  it('answers an unknown path with 404 and Page introuvable inside the layout', async () => {
    const response = await request(app).get('/cette-page-n-existe-pas').expect(404);
    expect(response.text).toContain('Page introuvable');
    expect(response.text).toContain('Connexion');
    expect(response.text).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('serves the back office as its own bundle with its router state', async () => {
    const { text } = await request(app).get('/admin/dashboard').expect(200);
    expect(text).toContain('<div id="root">');
    expect(text).toContain('<script type="application/json" id="router-hydration">');
    expect(text).toMatch(/<script type="module" src="\/assets\/admin-[\w-]+\.js"><\/script>/);
    expect(text).not.toMatch(/islands-[\w-]+\.js/);
  });

  it('compresses documents and caches hashed assets for a year', async () => {
    const page = await request(app).get('/').set('Accept-Encoding', 'gzip').expect(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = /src="(\/assets\/islands-[\w-]+\.js)"/.exec(
      (await request(app).get('/promotions')).text,
    )![1]!;
    const asset = await request(app).get(script).expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get('/assets/absent-123.js').expect(404);
  });
});
