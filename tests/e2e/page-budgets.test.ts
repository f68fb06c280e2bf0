import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { header, rawGet, type RawResponse } from './raw-http';

// The byte budgets of the public site (product rules, Public site; decision 0023), counted
// on what the built server sends, so that they cannot drift without a test failing:
// - the first response of every public page, status line and headers included, gzip,
//   fits the first round trip of a slow mobile connection (14,600 bytes);
// - a page without an island loads no script at all; any page at most 100 KiB of gzip
//   JavaScript (scripts and module preloads);
// - no back-office chunk and no back-office style on a public page, no public page style
//   in the back office.
// - the back office's first screen (the sign-in page's document: the admin entry and the
//   chunks it preloads) at most 250 KiB of gzip JavaScript, whatever its lists add.
// On the large seed: the longest lists the pages show.

const FIRST_RESPONSE_BUDGET = 14_600;
const JAVASCRIPT_BUDGET = 100 * 1024;
const ADMIN_JAVASCRIPT_BUDGET = 250 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const e2e = e2eHarness({ largeSeed: true, browser: false });

interface ManifestChunk {
  file: string;
  css?: string[];
}

/** The client build's Vite manifest: each source's chunk. */
function clientManifest(): Record<string, ManifestChunk> {
  return JSON.parse(
    readFileSync(path.join(root, 'dist', 'client', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
}

/** Every file the build made for the back office only: its entry and client/admin/. */
function adminFiles(): Set<string> {
  return new Set(
    Object.entries(clientManifest())
      .filter(([key]) => key === 'client/entry-admin.tsx' || key.startsWith('client/admin/'))
      .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? [])].map((file) => `/${file}`)),
  );
}

/** Status line, headers and the body as sent, the way a browser receives them. */
function wireBytes(response: RawResponse): number {
  const headerLines = Object.entries(response.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? '']).map((v) => `${name}: ${v}\r\n`),
  );
  return (
    Buffer.byteLength(`HTTP/1.1 ${response.status} OK\r\n${headerLines.join('')}\r\n`) + response.body.length
  );
}

/** Scripts a document executes and the chunks it preloads for them. */
function scriptUrls(html: string): string[] {
  const found = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ];
  return [...new Set(found.map((match) => match[1]!))];
}

function stylesheetUrls(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
}

async function publicPages(): Promise<string[]> {
  const [product] = e2e.query<{ id: number }>('select id from products order by id limit 1');
  const [project] = e2e.query<{ id: number }>('select id from projects order by id limit 1');
  return [
    paths.home,
    paths.services,
    paths.products,
    paths.product(product!.id),
    paths.offers,
    paths.promotions,
    paths.projects,
    paths.project(project!.id),
    paths.submitProject,
    paths.about,
    paths.contact,
    paths.privacy,
    paths.terms,
    paths.legal,
    '/page-inexistante',
  ];
}

/** Gzip bytes of the scripts a document references, as the server sends them. */
async function javascriptOf(scripts: readonly string[]): Promise<number> {
  let javascript = 0;
  for (const src of scripts) {
    const asset = await rawGet(e2e.url(src), { 'Accept-Encoding': 'gzip' });
    expect(asset.status, src).toBe(200);
    javascript +=
      header(asset, 'content-encoding') === 'gzip' ? asset.body.length : gzipSync(asset.body).length;
  }
  return javascript;
}

async function documentOf(pagePath: string): Promise<{ first: RawResponse; html: string }> {
  // The first request of a page renders it; every later visitor gets the cached copy.
  await rawGet(e2e.url(pagePath), { 'Accept-Encoding': 'gzip' });
  const first = await rawGet(e2e.url(pagePath), { 'Accept-Encoding': 'gzip' });
  expect(header(first, 'content-encoding'), pagePath).toBe('gzip');
  return { first, html: gunzipSync(first.body).toString('utf8') };
}

describe('budgets of the public pages', () => {
  test(`the first response of every public page stays within ${FIRST_RESPONSE_BUDGET} bytes, headers and gzip HTML`, async () => {
    const sizes: Record<string, number> = {};
    for (const page of await publicPages()) sizes[page] = wireBytes((await documentOf(page)).first);
    const over = Object.entries(sizes).filter(([, bytes]) => bytes > FIRST_RESPONSE_BUDGET);
    expect(over, JSON.stringify(sizes)).toEqual([]);
  });

  test('a page without an island loads no script; any page at most 100 KiB of gzip JavaScript, none of it from the back office', async () => {
    const admin = adminFiles();
    let pagesWithIslands = 0;
    for (const page of await publicPages()) {
      const { html } = await documentOf(page);
      const scripts = scriptUrls(html);
      if (!html.includes('data-island')) {
        expect(scripts, `${page} has no island`).toEqual([]);
        continue;
      }
      pagesWithIslands++;
      expect(
        scripts.filter((src) => admin.has(src)),
        `${page}: back-office chunks`,
      ).toEqual([]);
      expect(await javascriptOf(scripts), `${page}: gzip JavaScript`).toBeLessThanOrEqual(JAVASCRIPT_BUDGET);
    }
    // The catalogue, the offers, the forms: the budget above was really exercised.
    expect(pagesWithIslands).toBeGreaterThan(0);
  });

  test('no back-office style reaches a public page', async () => {
    const admin = adminFiles();
    for (const page of await publicPages()) {
      const { html } = await documentOf(page);
      expect(
        stylesheetUrls(html).filter((href) => admin.has(href)),
        page,
      ).toEqual([]);
      // The back office's own classes (client/admin/admin.css) never travel inline either.
      expect(html, page).not.toMatch(/\.admin-shell\b|\.admin-sidebar\b/);
    }
  });

  test('the back office does not carry the public pages’ styles', async () => {
    const { html } = await documentOf(paths.login);
    // The site's header, footer and catalogue rules belong to public pages only.
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/\.site-footer\b|\.nav-mobile\b|\.catalogue-search\b|\.hero-home\b/);
  });
});

/** The files the back office's service worker keeps at its install (vite.sw.config.ts). */
function serviceWorkerShell(): Set<string> {
  const worker = readFileSync(path.join(root, 'dist', 'sw', 'sw.js'), 'utf8');
  return new Set(worker.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
}

describe('budget of the back office', () => {
  test('its service worker keeps the back office’s screens and none of the public pages’ code', () => {
    const manifest = clientManifest();
    const shell = serviceWorkerShell();
    const fileOf = (key: string) => `/${manifest[key]!.file}`;
    // Every screen is kept, so a phone opens any of them offline.
    for (const screen of [
      'client/admin/products/products-list-page.tsx',
      'client/admin/sites/site-update-form-page.tsx',
    ])
      expect(shell.has(fileOf(screen)), screen).toBe(true);
    const publicCode = Object.keys(manifest)
      .filter((key) => /^client\/(pages|islands)\/.+\.tsx$/.test(key))
      .filter((key) => shell.has(fileOf(key)));
    expect(publicCode).toEqual([]);
  });

  test(`its first screen loads at most ${ADMIN_JAVASCRIPT_BUDGET / 1024} KiB of gzip JavaScript, its own entry included`, async () => {
    const { html } = await documentOf(paths.login);
    const scripts = scriptUrls(html);
    const admin = adminFiles();
    // The budget is the back office's: the document really loads its entry.
    expect(scripts.some((src) => admin.has(src))).toBe(true);
    expect(await javascriptOf(scripts)).toBeLessThanOrEqual(ADMIN_JAVASCRIPT_BUDGET);
  });
});
