import { get } from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { PORTFOLIO_PAGE_SIZE } from '#client/pages/projects/portfolio-filtering';
import { businessToday } from '#shared/calendar';
import { holdReact, withholdReact, type ObservedPage } from '../helpers/browser';
import { e2eHarness, type E2eHarness } from '../helpers/e2e-harness';
import { expectTapShownAtOnce } from './tap-shown';

// Home, portfolio, project detail and promotions (product rules, Public site), in real Chromium against the
// built server; what the pages should show is read from the server's own database.

const EMPTY_FILTER_MESSAGE = 'Aucun projet ne correspond à ce filtre.';
const NOT_FOUND_MESSAGE = 'Erreur lors du chargement du projet : Projet introuvable';
/** The first response of a page must fit the first round trips of a slow connection. */
const FIRST_RESPONSE_BUDGET_BYTES = 14_600;
/** Product rules, Limits and constants: the carousel turns every 5000 ms; waiting longer proves it stood still. */
const LONGER_THAN_ONE_TURN_MS = 6_500;

const e2e = e2eHarness();

interface ProjectRow {
  id: number;
  title: string;
  categories: string | null;
}

/** Every project, most recent first (the order of the home page and the portfolio). */
function projectsNewestFirst(
  harness: E2eHarness = e2e,
): { id: number; title: string; categories: string[] }[] {
  return harness
    .query<ProjectRow>('select id, title, categories from projects order by date desc, id desc')
    .map((row) => ({
      id: row.id,
      title: row.title,
      categories: JSON.parse(row.categories ?? '[]') as string[],
    }));
}

/** Bytes on the wire of a gzip-compressed answer: status line, headers and body. */
function compressedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      expect(response.headers['content-encoding']).toBe('gzip');
      let size = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length;
      for (let i = 0; i < response.rawHeaders.length; i += 2)
        size += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
      response.on('data', (chunk: Buffer) => (size += chunk.length));
      response.on('end', () => resolve(size));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Promotions not ended in Cotonou today, in the order the public lists show them. */
function runningPromotionTitles(): string[] {
  return e2e
    .query<{ title: string }>(
      'select title from promotions where end_date >= ? order by end_date asc, id asc',
      businessToday(),
    )
    .map((row) => row.title);
}

function endedPromotionTitles(): string[] {
  return e2e
    .query<{ title: string }>('select title from promotions where end_date < ?', businessToday())
    .map((row) => row.title);
}

function pathOf(href: string | null): string {
  return new URL(href ?? '', e2e.baseUrl).pathname + new URL(href ?? '', e2e.baseUrl).search;
}

interface PageOptions {
  javaScriptEnabled?: boolean;
  /** Chromium logs a document answered with 404 as a console error: expected there. */
  documentStatus404?: boolean;
}

async function withPage(options: PageOptions, run: (observed: ObservedPage) => Promise<void>): Promise<void> {
  const observed = await e2e.openPage(options);
  try {
    await run(observed);
    const expected = (message: string) =>
      options.documentStatus404 === true &&
      /status of 404 \(Not Found\) \(http[^)]*\/projects\//.test(message);
    expect(observed.consoleErrors.filter((message) => !expected(message))).toEqual([]);
    expect(observed.pageErrors).toEqual([]);
  } finally {
    await observed.close();
  }
}

async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-island]').length > 0 &&
      document.querySelectorAll('[data-island]:not([data-hydrated="true"])').length === 0,
    undefined,
    { timeout: 15_000 },
  );
}

/** Whether React has taken the portfolio's filter over: it waits for the visitor's first use. */
const portfolioHydrated = (page: Page) =>
  page.locator('[data-island="portfolio-filter"][data-hydrated="true"]').count();

function cardTitles(page: Page): Promise<string[]> {
  return page.locator('.card h2, .card h3').allTextContents();
}

describe('home page', () => {
  test('shows the three most recent projects with their links, the first four running promotions, and loads no script', async () => {
    await withPage({}, async ({ page, requests }) => {
      const response = await page.goto(e2e.url(paths.home), { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);

      const projects = page.locator('section[aria-labelledby="projects-title"]');
      const recent = projectsNewestFirst().slice(0, 3);
      expect(recent).toHaveLength(3);
      expect(await projects.locator('.card h3').allTextContents()).toEqual(recent.map((p) => p.title));
      // By text, not by accessible name: the arrow site.css draws after the label is part of the name.
      const more = projects.locator('.card a');
      expect(await more.allTextContents()).toEqual(['Voir plus', 'Voir plus', 'Voir plus']);
      expect(
        (await more.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map(pathOf),
      ).toEqual(recent.map((p) => paths.project(p.id)));
      expect(pathOf(await projects.locator('.section-more a').getAttribute('href'))).toBe(paths.projects);

      const running = runningPromotionTitles();
      expect(running.length, 'the seed holds more running promotions than the home shows').toBeGreaterThan(4);
      const promotions = page.locator('section[aria-labelledby="promotions-title"]');
      expect(await promotions.locator('.card h3').allTextContents()).toEqual(running.slice(0, 4));
      const text = (await page.locator('body').textContent()) ?? '';
      for (const ended of endedPromotionTitles()) expect(text).not.toContain(ended);

      const hero = page.locator('.hero-home img');
      expect(await hero.getAttribute('fetchpriority')).toBe('high');
      expect(await hero.getAttribute('srcset')).not.toMatch(/-(320|1280)\.webp/);

      expect(requests.filter((r) => r.resourceType === 'script')).toEqual([]);
      expect(await page.locator('[data-island], script[type="module"]').count()).toBe(0);
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
      expect(JSON.parse(jsonLd ?? '{}')['@type']).toBe('HomeAndConstructionBusiness');
    });
  });
});

describe('portfolio', () => {
  function sortedCategories(): string[] {
    return [...new Set(projectsNewestFirst().flatMap((p) => p.categories))].sort((a, b) =>
      a.localeCompare(b, 'fr'),
    );
  }

  test('without JavaScript, the pills are Tous and the sorted distinct categories, and a pill link filters on the server', async () => {
    await withPage({ javaScriptEnabled: false }, async ({ page }) => {
      await page.goto(e2e.url(paths.projects));
      const pills = page.locator('.pills a');
      const categories = sortedCategories();
      expect(categories.length).toBeGreaterThan(1);
      expect(await pills.allTextContents()).toEqual(['Tous', ...categories]);
      expect(await page.locator('.pills a[aria-current="true"]').allTextContents()).toEqual(['Tous']);
      expect(await cardTitles(page)).toEqual(projectsNewestFirst().map((p) => p.title));

      const category = categories[1]!;
      await pills.getByText(category, { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('categorie') === category);
      expect(await page.locator('.pills a[aria-current="true"]').allTextContents()).toEqual([category]);
      const expected = projectsNewestFirst().filter((p) => p.categories.includes(category));
      expect(await cardTitles(page)).toEqual(expected.map((p) => p.title));
      const details = await page
        .getByRole('link', { name: 'Voir les détails' })
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(details.map(pathOf)).toEqual(expected.map((p) => paths.project(p.id)));
    });
  });

  test('with JavaScript, a pill filters in place and puts the category in the URL, as the first use and after it; Back restores the previous filter', async () => {
    await withPage({}, async ({ page }) => {
      await page.goto(e2e.url(paths.projects), { waitUntil: 'networkidle' });
      // Loaded and idle, the filter waits for its first use: still the server's HTML.
      expect(await portfolioHydrated(page)).toBe(0);
      // A full page load would drop this marker: filtering must not reload the document.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      const [first, second] = sortedCategories();
      // The first click starts the hydration; it is held back and replayed on the pill.
      await page.locator('.pills').getByText(first!, { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('categorie') === first);
      const inFirst = projectsNewestFirst().filter((p) => p.categories.includes(first!));
      await expect.poll(() => cardTitles(page)).toEqual(inFirst.map((p) => p.title));
      expect(await page.locator('.pills a[aria-current="true"]').allTextContents()).toEqual([first]);
      expect(await portfolioHydrated(page)).toBe(1);

      // Hydrated, the next pill filters at once too.
      await page.locator('.pills').getByText(second!, { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('categorie') === second);
      const inSecond = projectsNewestFirst().filter((p) => p.categories.includes(second!));
      await expect.poll(() => cardTitles(page)).toEqual(inSecond.map((p) => p.title));
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

      await page.goBack();
      await expect.poll(() => cardTitles(page)).toEqual(inFirst.map((p) => p.title));
      await page.goBack();
      await expect.poll(() => cardTitles(page)).toEqual(projectsNewestFirst().map((p) => p.title));
      expect(await page.locator('.pills a[aria-current="true"]').allTextContents()).toEqual(['Tous']);
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    });
  });

  test('a pill tapped while the island wakes looks chosen at once, then filters in place', async () => {
    await withPage({}, async ({ page }) => {
      const react = await holdReact(page);
      await page.goto(e2e.url(paths.projects), { waitUntil: 'load' });
      const pills = page.locator('.pills');
      const category = sortedCategories()[0]!;
      const tapped = pills.getByText(category, { exact: true });
      // Answered before any React: the tapped pill looks chosen, 'Tous' no longer.
      await expectTapShownAtOnce(pills.getByText('Tous', { exact: true }), tapped, [
        'backgroundColor',
        'color',
      ]);
      expect(await portfolioHydrated(page)).toBe(0);

      react.release();
      await page.waitForURL((url) => url.searchParams.get('categorie') === category);
      const expected = projectsNewestFirst().filter((p) => p.categories.includes(category));
      await expect.poll(() => cardTitles(page)).toEqual(expected.map((p) => p.title));
      expect(await page.locator('.pills a[aria-current="true"]').allTextContents()).toEqual([category]);
      expect(await page.locator('[data-held]').count()).toBe(0);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });

  test("with JavaScript, a card's link opens its project at once, even while React is still on its way", async () => {
    await withPage({}, async ({ page }) => {
      // React's chunk never arrives: a click held back for the island would never navigate.
      await withholdReact(page);
      await page.goto(e2e.url(paths.projects), { waitUntil: 'load' });
      const first = projectsNewestFirst()[0]!;
      await page.getByRole('link', { name: 'Voir les détails' }).first().click();
      await page.waitForURL((url) => url.pathname === paths.project(first.id), { timeout: 5_000 });
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });

  test('a keyboard user filters with Enter on a focused pill, the focus starting the hydration', async () => {
    await withPage({}, async ({ page }) => {
      await page.goto(e2e.url(paths.projects), { waitUntil: 'networkidle' });
      const category = sortedCategories()[0]!;
      const pill = page.locator('.pills').getByText(category, { exact: true });
      await pill.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('categorie') === category);
      const expected = projectsNewestFirst().filter((p) => p.categories.includes(category));
      await expect.poll(() => cardTitles(page)).toEqual(expected.map((p) => p.title));
      expect(await portfolioHydrated(page)).toBe(1);
      // The focus stays on the pill chosen.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(category);
    });
  });

  test("a category that no project has shows 'Aucun projet ne correspond à ce filtre.' and no card", async () => {
    await withPage({ javaScriptEnabled: false }, async ({ page }) => {
      const response = await page.goto(
        `${e2e.baseUrl}${paths.projects}?categorie=${encodeURIComponent('Catégorie inexistante')}`,
      );
      expect(response?.status()).toBe(200);
      await expect(page.getByText(EMPTY_FILTER_MESSAGE).count()).resolves.toBe(1);
      expect(await page.locator('.card').count()).toBe(0);
    });
  });
});

describe('project detail', () => {
  /** A project holding both renders and site photos, with its counts and descriptions. */
  function projectWithBothSets() {
    const [row] = e2e.query<{ project_id: number }>(
      'select project_id from project_images group by project_id having count(distinct kind) = 2 order by project_id limit 1',
    );
    expect(row, 'the demo seed holds a project with renders and site photos').toBeDefined();
    const id = row!.project_id;
    const images = (kind: string) =>
      e2e
        .query<{ description: string }>(
          'select description from project_images where project_id = ? and kind = ? order by position, id',
          id,
          kind,
        )
        .map((image) => image.description);
    const [project] = e2e.query<{ title: string; numero: string; status: string; main_image: string }>(
      'select title, numero, status, main_image from projects where id = ?',
      id,
    );
    return { id, ...project!, renders: images('render'), photos: images('project') };
  }

  test('with JavaScript, the toggle switches between the renders and the site photos, with their counts, by click and by arrow key', async () => {
    const project = projectWithBothSets();
    const rendersTab = `Rendus Architecturaux (${project.renders.length})`;
    const photosTab = `Images de Projet (${project.photos.length})`;
    await withPage({}, async ({ page }) => {
      await page.goto(e2e.url(paths.project(project.id)));
      await waitForIslands(page);
      const visibleCaptions = () =>
        page.locator('[role="tabpanel"]:not([hidden]) figcaption').allTextContents();

      expect(await page.getByRole('tab').allTextContents()).toEqual([rendersTab, photosTab]);
      expect(await page.getByRole('tab', { name: rendersTab }).getAttribute('aria-selected')).toBe('true');
      expect(await visibleCaptions()).toEqual(project.renders);

      await page.getByRole('tab', { name: photosTab }).click();
      expect(await page.getByRole('tab', { name: photosTab }).getAttribute('aria-selected')).toBe('true');
      expect(await visibleCaptions()).toEqual(project.photos);

      await page.keyboard.press('ArrowLeft');
      expect(await page.getByRole('tab', { name: rendersTab }).getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(rendersTab);
      expect(await visibleCaptions()).toEqual(project.renders);
    });
  });

  test('without JavaScript, both image sets are shown one after the other under their headings, with the info box and the call to action', async () => {
    const project = projectWithBothSets();
    await withPage({ javaScriptEnabled: false }, async ({ page }) => {
      const response = await page.goto(e2e.url(paths.project(project.id)));
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(project.title);
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
        expect.arrayContaining([
          `Rendus Architecturaux (${project.renders.length})`,
          `Images de Projet (${project.photos.length})`,
        ]),
      );
      expect(await page.locator('figcaption').allTextContents()).toEqual([
        ...project.renders,
        ...project.photos,
      ]);
      const info = (await page.locator('.info-box').textContent()) ?? '';
      for (const text of ['Numéro', project.numero, 'Catégorie', 'Statut', project.status])
        expect(info).toContain(text);
      expect(
        pathOf(
          await page.locator('main').getByRole('link', { name: 'Soumettre un projet' }).getAttribute('href'),
        ),
      ).toBe(paths.submitProject);
      expect(pathOf(await page.getByRole('link', { name: 'Retour aux projets' }).getAttribute('href'))).toBe(
        paths.projects,
      );
      const main = page.locator('img.project-main-image');
      expect(await main.getAttribute('fetchpriority')).toBe('high');
      expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toContain(
        project.main_image,
      );
    });
  });

  test.each(['999999', 'pas-un-nombre'])(
    "an unknown project id (%s) answers 404 with 'Erreur lors du chargement du projet : Projet introuvable'",
    async (id) => {
      await withPage({ javaScriptEnabled: false, documentStatus404: true }, async ({ page }) => {
        const response = await page.goto(e2e.url(paths.project(id)));
        expect(response?.status()).toBe(404);
        expect(await page.locator('main').textContent()).toContain(NOT_FOUND_MESSAGE);
        expect(
          pathOf(await page.getByRole('link', { name: 'Retour aux projets' }).getAttribute('href')),
        ).toBe(paths.projects);
      });
    },
  );
});

describe('promotions carousel', () => {
  const activeSlide = (page: Page) => page.locator('.carousel-slide.is-active').getAttribute('aria-label');

  test('under reduced motion it stays on its slide for longer than a turn, and the arrow keys and buttons move it', async () => {
    await withPage({}, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(e2e.url(paths.promotions));
      await waitForIslands(page);
      const slides = await page
        .locator('.carousel-slide')
        .evaluateAll((groups) => groups.map((group) => group.getAttribute('aria-label')));
      expect(slides).toEqual(runningPromotionTitles().slice(0, 3));
      expect(await page.locator('.carousel-slide img').first().getAttribute('fetchpriority')).toBe('high');
      // Only the first slide's picture is in the page until the visitor asks for another.
      expect(await page.locator('.carousel-slide img[src]').count()).toBe(1);
      expect(await page.locator('.carousel img:not([src])').count()).toBe(0);

      await page.waitForTimeout(LONGER_THAN_ONE_TURN_MS);
      expect(await activeSlide(page)).toBe(slides[0]);

      await page.getByRole('button', { name: 'Image suivante' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await activeSlide(page)).toBe(slides[1]);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect(await activeSlide(page)).toBe(slides[2]);
      await page.getByRole('button', { name: 'Image suivante' }).click();
      expect(await activeSlide(page)).toBe(slides[0]);
      await expect.poll(() => page.locator('.carousel-slide img[src]').count()).toBe(3);
    });
  });

  test('without reduced motion it turns to the next slide by itself', async () => {
    await withPage({}, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.goto(e2e.url(paths.promotions));
      await waitForIslands(page);
      const first = await activeSlide(page);
      await expect
        .poll(() => activeSlide(page), { timeout: LONGER_THAN_ONE_TURN_MS + 2_000 })
        .not.toBe(first);
    });
  });
});

describe('portfolio on a large catalogue', () => {
  const large = e2eHarness({ largeSeed: true, browser: false });

  test('the first response holds the first screenful of cards and stays under 14,600 bytes compressed, headers included', async () => {
    const all = projectsNewestFirst(large);
    expect(all.length).toBeGreaterThan(PORTFOLIO_PAGE_SIZE * 2);
    expect(await compressedSize(large.url(paths.projects))).toBeLessThan(FIRST_RESPONSE_BUDGET_BYTES);
    await withPage({ javaScriptEnabled: false }, async ({ page }) => {
      await page.goto(large.url(paths.projects));
      expect(await cardTitles(page)).toEqual(all.slice(0, PORTFOLIO_PAGE_SIZE).map((p) => p.title));
      // Without script, 'Voir plus de projets' is a link to the next page of the same list.
      await page.getByRole('link', { name: 'Voir plus de projets' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      expect(await cardTitles(page)).toEqual(all.slice(0, PORTFOLIO_PAGE_SIZE * 2).map((p) => p.title));
    });
  });

  test('with JavaScript, Voir plus de projets adds the next cards in place and a pill filters the whole catalogue', async () => {
    const all = projectsNewestFirst(large);
    await withPage({}, async ({ page }) => {
      await page.goto(large.url(paths.projects));
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      // The first use of the island: the click is held back until it is hydrated, then replayed.
      await page.getByRole('link', { name: 'Voir plus de projets' }).click();
      await expect
        .poll(() => cardTitles(page))
        .toEqual(all.slice(0, PORTFOLIO_PAGE_SIZE * 2).map((p) => p.title));
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      // Focus moves to the first new card, so keyboard users carry on from there.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(
        paths.project(all[PORTFOLIO_PAGE_SIZE]!.id),
      );

      const category = 'Industriel';
      await page.locator('.pills').getByText(category, { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('categorie') === category);
      const expected = all.filter((p) => p.categories.includes(category));
      expect(expected.length).toBeGreaterThan(PORTFOLIO_PAGE_SIZE);
      await expect
        .poll(() => cardTitles(page))
        .toEqual(expected.slice(0, PORTFOLIO_PAGE_SIZE).map((p) => p.title));
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    });
  });
});
