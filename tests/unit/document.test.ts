import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { renderDocument, type DocumentParts } from '#server/ssr/document';
import { escapeHtml } from '#shared/escape-html';

const site = loadConfig({ JWT_SECRET: 'x'.repeat(40), STORAGE_DIR: '/tmp/edifier-unused' }).site;

function parts(overrides: Partial<DocumentParts> = {}): DocumentParts {
  return {
    app: 'public',
    html: '<main>contenu</main>',
    headLinks: '',
    meta: { title: 'Titre', description: 'Description' },
    assets: { inlineCss: 'body{}', inlineCssHash: null, stylesheets: [], scripts: [], preloads: [] },
    site,
    appUrl: 'https://www.example.bj',
    pathname: '/products/3',
    hydrationData: null,
    ...overrides,
  };
}

describe('renderDocument', () => {
  it('escapes titles and descriptions coming from the database', () => {
    const html = renderDocument(
      parts({ meta: { title: '</title><script>x()</script>', description: '"><img onerror=x>' } }),
    );
    expect(html).not.toContain('<script>x()');
    expect(html).not.toContain('"><img');
    expect(html).toContain(`<title>${escapeHtml('</title><script>x()</script>')}</title>`);
  });

  it('writes a French document with canonical URL and sharing card', () => {
    const html = renderDocument(
      parts({ meta: { title: 'Ciment', description: 'Sac de 50 kg', image: 'products/abc.jpg' } }),
    );
    expect(html).toMatch(/^<!doctype html><html lang="fr">/);
    expect(html).toContain('<link rel="canonical" href="https://www.example.bj/products/3">');
    expect(html).toContain(
      '<meta property="og:image" content="https://www.example.bj/storage/products/abc.jpg">',
    );
  });

  it('adds no script at all to a public page without islands', () => {
    expect(renderDocument(parts())).not.toContain('<script');
  });

  it('marks noindex pages and leaves their canonical out', () => {
    const html = renderDocument(parts({ meta: { title: 'x', description: 'y', noindex: true } }));
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('rel="canonical"');
  });

  it('gives the back office its shell, escaped router state and bundle', () => {
    const html = renderDocument(
      parts({
        app: 'admin',
        html: '<div>coquille</div>',
        hydrationData: { loaderData: { x: '</script>' }, actionData: null, errors: null },
        assets: {
          inlineCss: null,
          inlineCssHash: null,
          stylesheets: ['/assets/admin.css'],
          scripts: ['/assets/admin.js'],
          preloads: ['/assets/react.js'],
        },
      }),
    );
    expect(html).toContain('<div id="root"><div>coquille</div></div>');
    expect(html).toContain(
      '<script type="application/json" id="router-hydration">{"loaderData":{"x":"\\u003c/script\\u003e"}',
    );
    expect(html).toContain('<script type="module" src="/assets/admin.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/react.js">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/admin.css">');
  });
});
