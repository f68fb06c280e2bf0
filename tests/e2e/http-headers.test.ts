import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { header, rawGet } from './raw-http';

// What the production server says about its documents and its built assets.

const e2e = e2eHarness({ browser: false });

/** Directive name -> its sources, from a Content-Security-Policy header. */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Same-origin asset URLs a document references (scripts, styles, preloads). */
function assetPaths(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]!);
  return [...found];
}

describe('HTML responses', () => {
  test("carry a Content-Security-Policy whose script-src does not allow 'unsafe-inline'", async () => {
    const response = await rawGet(e2e.url(paths.home));
    expect(response.status).toBe(200);
    const csp = parseCsp(header(response, 'content-security-policy'));
    // Without script-src, browsers apply default-src to scripts.
    const scriptSources = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSources, 'script-src (or default-src) directive').toBeDefined();
    expect(scriptSources).not.toContain("'unsafe-inline'");
  });

  test('do not reveal the framework and forbid MIME sniffing', async () => {
    const response = await rawGet(e2e.url(paths.home));
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(header(response, 'x-content-type-options')).toBe('nosniff');
  });

  test('are compressed (gzip or br) when the client accepts it', async () => {
    const response = await rawGet(e2e.url(paths.home), {
      'Accept-Encoding': 'gzip, deflate, br',
    });
    expect(response.status).toBe(200);
    expect(header(response, 'content-type')).toMatch(/^text\/html/);
    expect(['gzip', 'br']).toContain(header(response, 'content-encoding'));
  });
});

describe('built assets', () => {
  test('hashed files under /assets/ are cached for a year and marked immutable', async () => {
    const referenced = new Set<string>();
    for (const path of [paths.home, paths.adminDashboard]) {
      const page = await rawGet(e2e.url(path));
      for (const asset of assetPaths(page.body.toString('utf8'))) referenced.add(asset);
    }
    expect(referenced.size, 'assets referenced by the home page and the back office').toBeGreaterThan(0);

    for (const asset of referenced) {
      const response = await rawGet(e2e.url(asset));
      expect(response.status, asset).toBe(200);
      const cacheControl = header(response, 'cache-control');
      expect(cacheControl, asset).toMatch(/max-age=31536000\b/);
      expect(cacheControl, asset).toMatch(/\bimmutable\b/);
    }
  });
});
