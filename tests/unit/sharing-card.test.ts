import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { renderDocument, type DocumentParts } from '#server/ssr/document';
import { SHARING_IMAGE } from '#server/ssr/sharing-image';

/** Product rules, Public site: every page has a sharing card; pages without a picture get the default one. */

const site = loadConfig({ JWT_SECRET: 'x'.repeat(40), STORAGE_DIR: '/tmp/edifier-unused' }).site;

function page(meta: DocumentParts['meta']): string {
  return renderDocument({
    app: 'public',
    html: '<main>contenu</main>',
    headLinks: '',
    meta,
    assets: { inlineCss: 'body{}', inlineCssHash: null, stylesheets: [], scripts: [], preloads: [] },
    site,
    appUrl: 'https://www.example.bj',
    pathname: '/contact',
    hydrationData: null,
  });
}

describe('sharing card', () => {
  it('uses the default 1200x630 picture, as an absolute URL with its size, when the page has none', () => {
    const html = page({ title: 'Contact', description: 'Nous joindre' });
    expect(html).toContain('<meta property="og:image" content="https://www.example.bj/og-default.jpg">');
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:url" content="https://www.example.bj/contact">');
  });

  it("uses the page's own picture and does not claim the default's size for it", () => {
    const html = page({ title: 'Villa', description: 'Projet', image: 'projects/villa.jpg' });
    expect(html).toContain(
      '<meta property="og:image" content="https://www.example.bj/storage/projects/villa.jpg">',
    );
    expect(html).not.toContain('og-default.jpg');
    expect(html).not.toContain('og:image:width');
  });

  it('gives a noindex page no card and no canonical URL', () => {
    const html = page({ title: 'Connexion', description: 'x', noindex: true });
    expect(html).not.toContain('og:image');
  });

  it('ships the default picture in public/ as a JPEG of the announced size', async () => {
    const file = path.join(process.cwd(), 'public', SHARING_IMAGE.path.slice(1));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: SHARING_IMAGE.width, height: SHARING_IMAGE.height });
  });
});
