import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DETAILS_DIALOG_ID } from '#shared/details-dialog-id';
import { paths } from '#shared/paths';
import type { ObservedPage } from '../helpers/browser';
import { e2eHarness } from '../helpers/e2e-harness';
import { SITE, SITE_ENV, unexpectedConsoleErrors } from './static-site-settings';

// Product rules, Public site: one visitor on a phone walks through every public route of the product rules
// product rules, Pages and routes, mostly by the header's disclosure menu, and every stop is a sound document.

const PHONE = { width: 412, height: 823 };
const UNKNOWN_PATH = '/une-adresse-qui-n-existe-pas';
/** Pages without an interactive part ship no script at all (product rules, Public site). */
const SCRIPTLESS = new Set<string>([paths.services, paths.about, paths.privacy, paths.terms, paths.legal]);

const e2e = e2eHarness({ env: { ...SITE_ENV } });
let visitor: ObservedPage;

beforeAll(async () => {
  visitor = await e2e.openPage();
  await visitor.page.setViewportSize(PHONE);
});

afterAll(async () => {
  await visitor?.close();
});

interface Stop {
  path: string;
  status: number;
  h1: string;
  /** Indexable pages carry canonical and Open Graph tags; the 404 page is noindex. */
  indexable: boolean;
}

/** One record per document the visitor opens, errors and failures counted from its start. */
interface Visit {
  response: Response | null;
  consoleFrom: number;
  pageErrorsFrom: number;
  failed: string[];
  scripts: string[];
}

/** Runs a navigation (a click or a goto) and records what that one document did. */
async function visit(navigate: (page: Page) => Promise<unknown>): Promise<Visit> {
  const { page } = visitor;
  const failed: string[] = [];
  const scripts: string[] = [];
  const origin = new URL(e2e.baseUrl).origin;
  const sameOrigin = (url: string) => new URL(url).origin === origin;
  const onResponse = (response: Response) => {
    const url = response.url();
    // The unknown path's own document answers 404 on purpose; nothing else may fail.
    if (sameOrigin(url) && response.status() >= 400 && response.request().resourceType() !== 'document') {
      failed.push(`${response.status()} ${url}`);
    }
  };
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) => {
    if (sameOrigin(request.url())) failed.push(`${request.failure()?.errorText} ${request.url()}`);
  };
  const onRequest = (request: { url(): string; resourceType(): string }) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  };
  const consoleFrom = visitor.consoleErrors.length;
  const pageErrorsFrom = visitor.pageErrors.length;
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  page.on('request', onRequest);
  try {
    const [response] = await Promise.all([
      page.waitForEvent(
        'response',
        (r) => r.request().isNavigationRequest() && r.request().frame() === page.mainFrame(),
      ),
      navigate(page),
    ]);
    await page.waitForLoadState('networkidle');
    // Islands hydrate after load: wait for each so a hydration error has its chance to show.
    // Those that wait for their first use (the catalogue) are hydrated by the next step.
    const islands = await page.locator('[data-island]:not([data-hydrate="first-use"])').count();
    if (islands > 0) {
      await page.waitForFunction(
        () =>
          Array.from(document.querySelectorAll('[data-island]:not([data-hydrate="first-use"])')).every(
            (el) => el.getAttribute('data-hydrated') === 'true',
          ),
        undefined,
        { timeout: 15_000 },
      );
    }
    return { response, consoleFrom, pageErrorsFrom, failed, scripts };
  } finally {
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
    page.off('request', onRequest);
  }
}

/** Opens the header's disclosure menu (no script needed) and follows one of its links. */
function viaMenu(label: string) {
  return async (page: Page) => {
    await page.locator('details.nav-mobile > summary').click();
    const menu = page.getByRole('navigation', { name: 'Menu mobile' });
    await expect.poll(() => menu.isVisible(), { message: 'the mobile menu opens' }).toBe(true);
    await menu.getByRole('link', { name: label, exact: true }).click();
  };
}

/** In the catalogue, 'Détails' opens the product modal; its link leads to the product's page. */
function viaProductModal(name: string) {
  return async (page: Page) => {
    // The card's 'Détails' is the server's link until this first click hydrates the
    // catalogue, which opens the modal instead of following it.
    const card = page
      .locator('main article.card')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await card.locator('.card-action').click();
    // The window the page opens at once (before any script) gives way to the island's:
    // follow the link of the island's, the one that stays.
    const dialog = page.locator(`dialog[open]:not(#${DETAILS_DIALOG_ID})`);
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Voir la fiche produit' }).click();
  };
}

/** Follows a link of the page itself (a card, the footer). */
function viaLink(href: string, scope = 'main') {
  return (page: Page) => page.locator(`${scope} a[href="${href}"]`).first().click();
}

async function expectSoundDocument(stop: Stop, record: Visit): Promise<void> {
  const { page } = visitor;
  const where = `${stop.path}: `;
  expect(record.response?.status(), `${where}status`).toBe(stop.status);
  expect(new URL(page.url()).pathname, `${where}address`).toBe(stop.path);

  await expect
    .poll(() => page.locator('h1').allTextContents(), { message: `${where}one h1` })
    .toEqual([stop.h1]);
  // Every title names the page and the company (home leads with the company).
  const title = await page.title();
  expect(title, `${where}title`).toContain(` — `);
  expect(title, `${where}title`).toContain(SITE.name);
  expect(await page.locator('main').count(), `${where}exactly one <main>`).toBe(1);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.trim().length ?? 0, `${where}meta description`).toBeGreaterThan(20);

  if (stop.indexable) {
    expect(await page.locator('link[rel="canonical"]').getAttribute('href'), `${where}canonical`).toMatch(
      new RegExp(`^https?://[^/]+${escapeRegExp(stop.path)}$`),
    );
    expect(
      await page.locator('meta[property="og:title"]').getAttribute('content'),
      `${where}og:title`,
    ).toBeTruthy();
    expect(
      await page.locator('meta[property="og:image"]').getAttribute('content'),
      `${where}og:image`,
    ).toMatch(/^https?:\/\/.+/);
  } else {
    expect(await page.locator('meta[name="robots"]').getAttribute('content'), `${where}robots`).toContain(
      'noindex',
    );
    expect(await page.locator('link[rel="canonical"]').count(), `${where}no canonical on a 404`).toBe(0);
  }

  const images = await page.locator('img').evaluateAll((imgs) =>
    imgs.map((img) => ({
      src: img.getAttribute('src') ?? img.getAttribute('srcset') ?? '(no src)',
      alt: img.getAttribute('alt'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
    })),
  );
  for (const image of images) {
    expect(image.alt, `${where}alt of ${image.src}`).not.toBeNull();
    expect(Number(image.width), `${where}width of ${image.src}`).toBeGreaterThan(0);
    expect(Number(image.height), `${where}height of ${image.src}`).toBeGreaterThan(0);
  }

  const documentUrl = stop.status === 404 ? page.url() : undefined;
  expect(
    unexpectedConsoleErrors(visitor.consoleErrors.slice(record.consoleFrom), documentUrl),
    `${where}console errors`,
  ).toEqual([]);
  expect(visitor.pageErrors.slice(record.pageErrorsFrom), `${where}page errors`).toEqual([]);
  expect(record.failed, `${where}failed same-origin requests`).toEqual([]);
  if (SCRIPTLESS.has(stop.path)) expect(record.scripts, `${where}scripts loaded`).toEqual([]);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first product and project the lists show (newest first), read from the server's own database. */
function newestProduct(): { id: number; name: string } {
  const [row] = e2e.query<{ id: number; name: string }>(
    'select id, name from products order by created_at desc, id desc limit 1',
  );
  if (!row) throw new Error('the demo seed wrote no product');
  return row;
}
function newestProject(): { id: number; title: string } {
  const [row] = e2e.query<{ id: number; title: string }>(
    'select id, title from projects order by date desc, id desc limit 1',
  );
  if (!row) throw new Error('the demo seed wrote no project');
  return row;
}

describe('a visitor on a phone', () => {
  test('walks from home through the header menu, cards and footer to every public route, each a complete document without errors', async () => {
    const product = newestProduct();
    const project = newestProject();
    const legalTitles = {
      privacy: 'Politique de confidentialité',
      terms: 'Conditions d’utilisation',
      legal: 'Mentions légales',
    };

    const journey: [Stop, (page: Page) => Promise<unknown>][] = [
      [
        { path: paths.home, status: 200, h1: 'Construisez au Bénin en toute confiance', indexable: true },
        (page) => page.goto(e2e.url(paths.home)),
      ],
      [{ path: paths.services, status: 200, h1: 'Nos services', indexable: true }, viaMenu('Services')],
      [
        { path: paths.products, status: 200, h1: 'Catalogue produits', indexable: true },
        viaMenu('Catalogue produits'),
      ],
      [
        { path: paths.product(product.id), status: 200, h1: product.name, indexable: true },
        viaProductModal(product.name),
      ],
      [{ path: paths.offers, status: 200, h1: 'OFFRES', indexable: true }, viaMenu('Offres')],
      [{ path: paths.promotions, status: 200, h1: 'Promotions', indexable: true }, viaMenu('Promotions')],
      [{ path: paths.projects, status: 200, h1: 'Nos réalisations', indexable: true }, viaMenu('Portfolio')],
      [
        { path: paths.project(project.id), status: 200, h1: project.title, indexable: true },
        viaLink(paths.project(project.id)),
      ],
      [
        { path: paths.submitProject, status: 200, h1: 'Soumettre un projet', indexable: true },
        viaMenu('Soumettre un projet'),
      ],
      [{ path: paths.about, status: 200, h1: SITE.name, indexable: true }, viaMenu('NOUS')],
      [{ path: paths.contact, status: 200, h1: 'Contactez-nous', indexable: true }, viaMenu('Contact')],
      [
        { path: paths.privacy, status: 200, h1: legalTitles.privacy, indexable: true },
        viaLink(paths.privacy, 'footer'),
      ],
      [
        { path: paths.terms, status: 200, h1: legalTitles.terms, indexable: true },
        viaLink(paths.terms, 'footer'),
      ],
      [
        { path: paths.legal, status: 200, h1: legalTitles.legal, indexable: true },
        viaLink(paths.legal, 'footer'),
      ],
      [
        { path: UNKNOWN_PATH, status: 404, h1: 'Page introuvable', indexable: false },
        (page) => page.goto(e2e.url(UNKNOWN_PATH)),
      ],
      // And back home through the menu: the not-found page keeps the layout.
      [
        { path: paths.home, status: 200, h1: 'Construisez au Bénin en toute confiance', indexable: true },
        viaMenu('Accueil'),
      ],
    ];

    for (const [stop, navigate] of journey) {
      const record = await visit(navigate).catch((error: Error) => {
        throw new Error(`on the way to ${stop.path}: ${error.message}`);
      });
      await expectSoundDocument(stop, record);
    }
  }, 180_000);
});
