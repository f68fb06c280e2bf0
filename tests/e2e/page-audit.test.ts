import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { apiLogin, signIn, waitForApp } from './admin-helpers';
import { jpegFile } from './admin-images';
import {
  axeViolations,
  horizontalOverflow,
  htmlErrors,
  screenshot,
  wrappedRowActions,
} from './outside-checks';

/**
 * Every public page, its interactive states and every back-office screen, seen at a phone's
 * and a desktop's size (docs/decisions/0027-back-office-work-first-and-outside-checks.md):
 * a screenshot of each in SCREENSHOT_DIR (.tmp/screenshots), no horizontal overflow, no
 * violation by axe-core, no wrapped row actions in the back office's lists; and no error by
 * html-validate in the server's HTML of every public page. One server and one Chromium for
 * all of it, one page per size for the visitor and one for the staff.
 */

const e2e = e2eHarness({ env: { SUBMISSION_RATE_LIMIT: '1000', CONTACT_RATE_LIMIT: '1000' } });

const SIZES = [
  { label: 'téléphone', viewport: { width: 390, height: 844 } },
  { label: 'bureau', viewport: { width: 1366, height: 768 } },
] as const;

/** What a test opens: a path, and what to do once there (open a dialog, unfold the menu). */
interface Screen {
  name: string;
  path: () => string;
  /** After the page is there: a state to reach, or what to wait for. */
  then?: (page: Page) => Promise<void>;
  /** A state that exists at one size only (the phone's menu). */
  only?: (typeof SIZES)[number]['label'];
}

const first = (sql: string) => e2e.query<{ id: number }>(sql)[0]!.id;
let trackingPath = '';
let refusedPath = '';
let receiptPath = '';
let messageId = 0;

const PUBLIC: Screen[] = [
  { name: 'accueil', path: () => paths.home },
  { name: 'services', path: () => paths.services },
  { name: 'catalogue', path: () => paths.products },
  { name: 'produit', path: () => paths.product(first('select id from products order by id limit 1')) },
  { name: 'offres', path: () => paths.offers },
  { name: 'offres-flotte', path: () => `${paths.offers}?type=${encodeURIComponent('Flotte immobilière')}` },
  { name: 'offres-biens', path: () => `${paths.offers}?type=${encodeURIComponent('Biens divers')}` },
  { name: 'promotions', path: () => paths.promotions },
  { name: 'projets', path: () => paths.projects },
  { name: 'projet', path: () => paths.project(first('select id from projects order by id limit 1')) },
  { name: 'soumettre', path: () => paths.submitProject },
  { name: 'a-propos', path: () => paths.about },
  { name: 'contact', path: () => paths.contact },
  { name: 'suivi', path: () => paths.tracking },
  { name: 'suivi-demande', path: () => trackingPath },
  // Without JavaScript: a refused request given back with what was typed, and a confirmation.
  { name: 'soumettre-refus-sans-js', path: () => refusedPath },
  { name: 'soumettre-confirmation-sans-js', path: () => receiptPath },
  { name: 'confidentialite', path: () => paths.privacy },
  { name: 'conditions', path: () => paths.terms },
  { name: 'mentions-legales', path: () => paths.legal },
  { name: 'introuvable', path: () => '/cette-page-n-existe-pas' },
  { name: 'connexion', path: () => paths.login, then: waitForApp },
];

/** Public pages in the states a visitor puts them in (the dialogs, the menu, the carousel). */
const STATES: Screen[] = [
  {
    name: 'catalogue-fenetre-produit',
    path: () => paths.products,
    then: async (page) => {
      // The card's 'Détails' link: this first click hydrates the catalogue and opens the dialog.
      await page.locator('article.card').first().locator('.card-action').click();
      await page.locator('dialog.product-dialog[open]').waitFor();
    },
  },
  {
    name: 'offres-apercu-photo',
    path: () => paths.offers,
    then: async (page) => {
      // The photo's link: this first click hydrates the offers and opens the preview.
      await page
        .getByRole('link', { name: /^Agrandir la photo/ })
        .first()
        .click();
      await page.locator('dialog.offer-preview[open]').waitFor();
    },
  },
  {
    name: 'menu-telephone',
    path: () => paths.about,
    only: 'téléphone',
    then: async (page) => {
      await page.locator('details.nav-mobile > summary').click();
      await page.getByRole('navigation', { name: 'Menu mobile' }).waitFor();
    },
  },
  {
    name: 'carrousel-promotions',
    path: () => paths.promotions,
    then: async (page) => {
      await page.waitForSelector('[data-island="hero-carousel"][data-hydrated="true"]', {
        state: 'attached',
      });
      const before = await page.locator('.carousel-slide.is-active').getAttribute('aria-label');
      await page.getByRole('button', { name: 'Image suivante' }).click();
      await expect
        .poll(() => page.locator('.carousel-slide.is-active').getAttribute('aria-label'))
        .not.toBe(before);
      // Checked once the 0.5 s fade is over: half faded, the caption's colours are not the
      // ones a visitor reads.
      await page
        .locator('.carousel-slide.is-active')
        .evaluate((slide) => Promise.all(slide.getAnimations({ subtree: true }).map((a) => a.finished)));
    },
  },
];

/** Waits until a back-office screen has loaded what it shows (no spinner left). */
async function settled(page: Page): Promise<void> {
  await waitForApp(page);
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.locator('.spinner').count(), { timeout: 15_000 }).toBe(0);
}

const opened = (selector: string) => async (page: Page) => {
  await settled(page);
  await page.locator(selector).waitFor();
};

const ADMIN: Screen[] = [
  { name: 'admin-tableau-de-bord', path: () => paths.adminDashboard },
  { name: 'admin-projets', path: () => paths.adminProjects },
  { name: 'admin-projet-nouveau', path: () => paths.adminProjectNew },
  {
    name: 'admin-projet',
    path: () => paths.adminProjectEdit(first('select id from projects order by id limit 1')),
  },
  { name: 'admin-produits', path: () => paths.adminProducts },
  { name: 'admin-produit-nouveau', path: () => paths.adminProductNew },
  {
    name: 'admin-produit',
    path: () => paths.adminProductEdit(first('select id from products order by id limit 1')),
  },
  { name: 'admin-offres', path: () => paths.adminOffers },
  { name: 'admin-offres-flotte', path: () => `${paths.adminOffers}?type=flotte` },
  { name: 'admin-offres-biens', path: () => `${paths.adminOffers}?type=biens` },
  { name: 'admin-offre-nouvelle', path: () => paths.adminOfferNew },
  {
    name: 'admin-offre',
    path: () => paths.adminOfferEdit('parcels', first('select id from parcels order by id limit 1')),
  },
  { name: 'admin-promotions', path: () => paths.adminPromotions },
  { name: 'admin-promotion-nouvelle', path: () => paths.adminPromotionNew },
  {
    name: 'admin-promotion',
    path: () => paths.adminPromotionEdit(first('select id from promotions order by id limit 1')),
  },
  { name: 'admin-categories', path: () => paths.adminCategories },
  { name: 'admin-categorie-nouvelle', path: () => paths.adminCategoryNew },
  {
    name: 'admin-categorie',
    path: () => paths.adminCategoryEdit(first('select id from categories order by id limit 1')),
  },
  { name: 'admin-soumissions', path: () => paths.adminSubmissions },
  {
    name: 'admin-soumission',
    path: () =>
      `${paths.adminSubmissions}?soumission=${first('select id from project_submissions order by id limit 1')}`,
    then: opened('dialog.detail-dialog[open]'),
  },
  { name: 'admin-chantiers', path: () => paths.adminSites },
  {
    name: 'admin-chantier',
    path: () =>
      paths.adminSite(
        first("select id from project_submissions where status = 'approved' order by id limit 1"),
      ),
  },
  {
    name: 'admin-chantier-mise-a-jour',
    path: () =>
      paths.adminSiteUpdateNew(
        first("select id from project_submissions where status = 'approved' order by id limit 1"),
      ),
  },
  { name: 'admin-messages', path: () => paths.adminMessages },
  {
    name: 'admin-message',
    path: () => `${paths.adminMessages}?message=${messageId}`,
    then: opened('dialog.detail-dialog[open]'),
  },
  { name: 'admin-courriels', path: () => paths.adminOutbox },
  { name: 'admin-statistiques', path: () => paths.adminStatistics },
  { name: 'admin-temoignages', path: () => paths.adminTestimonials },
  { name: 'admin-temoignage-nouveau', path: () => paths.adminTestimonialNew },
  {
    name: 'admin-temoignage',
    path: () => paths.adminTestimonialEdit(first('select id from testimonials order by id limit 1')),
  },
  { name: 'admin-utilisateurs', path: () => paths.adminUsers },
  { name: 'admin-utilisateur-invitation', path: () => paths.adminUserInvite },
  { name: 'admin-journal', path: () => paths.adminJournal },
  { name: 'admin-corbeille', path: () => paths.adminTrash },
  { name: 'admin-profil', path: () => paths.adminProfile },
  { name: 'admin-diagnostic-api', path: () => paths.adminApiDiagnostic },
  { name: 'admin-diagnostic-images', path: () => paths.adminImageDiagnostic },
  { name: 'admin-diagnostic-authentification', path: () => paths.adminAuthDiagnostic },
];

/** Back-office screens in the states the staff put them in: the dialogs, a selection, a search. */
const ADMIN_STATES: Screen[] = [
  {
    name: 'admin-courriel-apercu',
    path: () => paths.adminOutbox,
    then: async (page) => {
      await settled(page);
      await page
        .locator('.data-table tbody tr')
        .first()
        .getByRole('button', { name: /^Aperçu/ })
        .click();
      await page.locator('dialog.outbox-preview[open]').waitFor();
    },
  },
  {
    name: 'admin-soumissions-selection',
    path: () => paths.adminSubmissions,
    then: async (page) => {
      await settled(page);
      await page.locator('.data-table tbody tr').first().locator('.select-cell input').check();
      await page.getByRole('region', { name: 'Actions groupées' }).waitFor();
    },
  },
  {
    name: 'admin-confirmation',
    path: () => paths.adminMessages,
    then: async (page) => {
      await settled(page);
      await page
        .locator('.data-table tbody tr')
        .first()
        .getByRole('button', { name: /^Supprimer/ })
        .click();
      await page.locator('dialog.confirm-dialog[open]').waitFor();
    },
  },
  {
    name: 'admin-recherche',
    path: () => paths.adminDashboard,
    then: async (page) => {
      await settled(page);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('Awa');
      await page
        .getByRole('listbox', { name: 'Résultats de la recherche' })
        .getByRole('option')
        .first()
        .waitFor();
    },
  },
];

beforeAll(async () => {
  // A request, for its private tracking page; a contact message, for the inbox's dialog.
  const form = new FormData();
  const fields: Record<string, string> = {
    firstName: 'Awa',
    lastName: 'Houénou',
    email: 'awa.houenou@example.bj',
    phone: '+229 01 97 12 34 56',
    projectTitle: 'Villa vue par les outils',
    projectType: 'Construction résidentielle',
    location: 'Cotonou, Fidjrossè',
    budget: '25M - 50M FCFA',
    description: 'Une villa de quatre chambres, vue à deux tailles.',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const submitted = await fetch(e2e.url('/api/submit-project'), {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  expect(submitted.status).toBe(201);
  const request = (await submitted.json()) as { tracking_url: string; data: { id: number } };
  trackingPath = new URL(request.tracking_url).pathname;
  // The tracking page as the client reads it once work has started: the site, its photo, a message.
  const auth = { Authorization: `Bearer ${await apiLogin(e2e.baseUrl)}`, Accept: 'application/json' };
  const approved = await fetch(e2e.url(`/api/admin/project-submissions/${request.data.id}/status`), {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'approved', client_message: 'Le chantier commence lundi.' }),
  });
  expect(approved.status).toBe(200);
  const update = new FormData();
  for (const [name, value] of Object.entries({
    date: '2026-11-20',
    phase: 'terrassement',
    progress: '15',
    text: 'Fouilles terminées.',
    published: '1',
  }))
    update.append(name, value);
  const photo = await jpegFile('chantier.jpg', { width: 1200, height: 900 });
  update.append('photos[]', new Blob([new Uint8Array(photo.buffer)], { type: 'image/jpeg' }), photo.name);
  const updated = await fetch(e2e.url(`/api/admin/project-submissions/${request.data.id}/updates`), {
    method: 'POST',
    headers: auth,
    body: update,
  });
  expect(updated.status).toBe(201);

  // A browser's own posts: refused (an e-mail the server refuses), then accepted.
  const posted = async (values: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    const answer = await fetch(e2e.url('/api/submit-project'), {
      method: 'POST',
      headers: { Accept: 'text/html' },
      body,
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    return answer.headers.get('location')!;
  };
  refusedPath = await posted({ ...fields, firstName: '', email: 'awa@' });
  receiptPath = await posted({ ...fields, projectTitle: 'Villa confirmée sans script' });

  const contacted = await fetch(e2e.url('/api/contact-messages'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      name: 'Koffi Mensah',
      email: 'koffi.mensah@example.bj',
      phone: '',
      subject: 'renseignement',
      message: 'Bonjour, je voudrais un devis pour une clôture.',
    }),
  });
  expect(contacted.status).toBe(201);
  messageId = ((await contacted.json()) as { id: number }).id;
});

describe('html-validate on the server-rendered HTML of every public page', () => {
  test.each(PUBLIC)('$name', async (screen) => {
    const response = await fetch(e2e.url(screen.path()));
    expect([200, 404]).toContain(response.status);
    expect(await htmlErrors(await response.text())).toEqual([]);
  });
});

describe.each(SIZES)('seen on a $label ($viewport.width x $viewport.height)', ({ label, viewport }) => {
  let visitorContext: BrowserContext;
  let staffContext: BrowserContext;
  let visitor: Page;
  let staff: Page;

  beforeAll(async () => {
    visitorContext = await e2e.browser.newContext({ viewport });
    visitor = await visitorContext.newPage();
    staffContext = await e2e.browser.newContext({ viewport });
    staff = await staffContext.newPage();
  }, 60_000);
  afterAll(async () => {
    await visitorContext?.close();
    await staffContext?.close();
  });

  /** Opens the screen, reaches its state, saves its picture and answers what the checks found. */
  async function see(page: Page, screen: Screen) {
    const response = await page.goto(e2e.url(screen.path()), { waitUntil: 'networkidle' });
    expect([200, 404]).toContain(response?.status());
    await screen.then?.(page);
    const found = {
      overflow: await horizontalOverflow(page),
      axe: await axeViolations(page),
      wrappedActions: await wrappedRowActions(page),
    };
    const file = await screenshot(page, `${screen.name}-${label === 'téléphone' ? 'telephone' : 'bureau'}`);
    // A PNG of the page as drawn, at least as wide as the window.
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(viewport.width);
    return found;
  }
  const clean = { overflow: 0, axe: [], wrappedActions: [] };

  const publicScreens = [...PUBLIC, ...STATES].filter((screen) => !screen.only || screen.only === label);
  test.each(publicScreens)('public: $name', async (screen) => {
    expect(await see(visitor, screen)).toEqual(clean);
  });

  let signedIn = false;
  test.each([...ADMIN, ...ADMIN_STATES])('back office: $name', async (screen) => {
    // Signed in once for the size, by the first of these tests (signIn polls: not in a hook).
    if (!signedIn) await signIn(staff, e2e.baseUrl);
    signedIn = true;
    expect(await see(staff, { ...screen, then: screen.then ?? settled })).toEqual(clean);
  });
});
