import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';

// Public pages are server-rendered documents; only their islands hydrate (decision 0002).

const DEFAULT_SITE_NAME = 'EDIFIER BTP & Immobilier';
const UNKNOWN_PATH = '/cette-page-n-existe-pas';

const e2e = e2eHarness();

/** What the seed wrote, read from the server's own database rather than hard-coded. */
function mostRecentProjectTitles(limit: number): string[] {
  return e2e
    .query<{ title: string }>('select title from projects order by date desc, id desc limit ?', limit)
    .map((row) => row.title);
}

function pathnames(hrefs: string[], base: string): string[] {
  return hrefs.map((href) => new URL(href, base).pathname);
}

describe('home page', () => {
  test('without JavaScript, the document holds the company name, the hero links and the three most recent projects', async () => {
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      const response = await observed.page.goto(e2e.url(paths.home));
      expect(response?.status()).toBe(200);
      const text = (await observed.page.locator('body').textContent()) ?? '';

      expect(text).toContain(DEFAULT_SITE_NAME);

      for (const [label, target] of [
        ['Découvrir nos services', paths.services],
        ['Soumettre un projet', paths.submitProject],
      ] as const) {
        const hrefs = await observed.page
          .getByRole('link', { name: label, exact: true })
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        expect(hrefs.length, `a link labelled "${label}"`).toBeGreaterThan(0);
        expect(pathnames(hrefs, e2e.baseUrl)).toContain(target);
      }

      const titles = mostRecentProjectTitles(3);
      expect(titles).toHaveLength(3);
      for (const title of titles) expect(text).toContain(title);
    } finally {
      await observed.close();
    }
  });
});

describe('promotions page', () => {
  test('with JavaScript, the carousel island hydrates without a console error or a page error', async () => {
    const observed = await e2e.openPage();
    try {
      await observed.page.goto(e2e.url(paths.promotions), { waitUntil: 'networkidle' });
      const islands = await observed.page.locator('[data-island]').count();
      expect(islands, 'islands rendered by the promotions page').toBeGreaterThan(0);
      // 'attached', not the default 'visible': an island root may be hidden (a closed
      // menu, a carousel slide) and still be hydrated.
      await observed.page.waitForSelector('[data-hydrated="true"]', { state: 'attached', timeout: 15_000 });
      await observed.page.waitForFunction(
        () => document.querySelectorAll('[data-island]:not([data-hydrated="true"])').length === 0,
        undefined,
        { timeout: 15_000 },
      );
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('unknown path', () => {
  test("answers 404 with 'Page introuvable' inside the layout, whose header links to Connexion", async () => {
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      const response = await observed.page.goto(e2e.url(UNKNOWN_PATH));
      expect(response?.status()).toBe(404);
      await expect(
        observed.page.getByRole('heading', { name: 'Page introuvable' }).count(),
      ).resolves.toBeGreaterThan(0);
      const login = observed.page
        .locator('header')
        .getByRole('link', { name: 'Connexion', exact: true })
        .first();
      expect(pathnames([(await login.getAttribute('href')) ?? ''], e2e.baseUrl)).toEqual([paths.login]);
    } finally {
      await observed.close();
    }
  });

  test.each([UNKNOWN_PATH, paths.home])(
    'a page without islands (%s) requests no script at all',
    async (pagePath) => {
      const observed = await e2e.openPage();
      try {
        await observed.page.goto(e2e.url(pagePath), { waitUntil: 'networkidle' });
        const scripts = observed.requests
          .filter((request) => request.resourceType === 'script')
          .map((r) => r.url);
        expect(scripts).toEqual([]);
        // Not even an inline one or a preload hint: JSON data blocks are the only scripts allowed.
        const scriptElements = await observed.page.evaluate(() =>
          [
            ...document.querySelectorAll(
              'script:not([type="application/json"]):not([type="application/ld+json"]), link[rel="modulepreload"]',
            ),
          ].map((element) => element.outerHTML.slice(0, 200)),
        );
        expect(scriptElements).toEqual([]);
        expect(observed.pageErrors).toEqual([]);
      } finally {
        await observed.close();
      }
    },
  );
});

describe('public bundles', () => {
  // Every public page of the menu and footer, plus the 404 page. Pages that do not exist
  // yet render the 404 page, which is still a public document.
  const publicPaths = [
    paths.home,
    paths.services,
    paths.products,
    paths.offers,
    paths.promotions,
    paths.projects,
    paths.submitProject,
    paths.about,
    paths.contact,
    paths.privacy,
    paths.terms,
    paths.legal,
    UNKNOWN_PATH,
  ];

  test('no public page ever requests a back-office asset', async () => {
    const offending: string[] = [];
    for (const path of publicPaths) {
      const observed = await e2e.openPage();
      try {
        await observed.page.goto(e2e.url(path), { waitUntil: 'networkidle' });
        for (const url of observed.requestedUrls) {
          const { pathname } = new URL(url);
          if (pathname.startsWith('/assets/') && pathname.includes('admin'))
            offending.push(`${path} -> ${pathname}`);
        }
      } finally {
        await observed.close();
      }
    }
    expect(offending).toEqual([]);
  });
});
