import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { pagedData } from '#shared/paged';
import { paths } from '#shared/paths';
import { FORBIDDEN_MESSAGE, type Role } from '#shared/roles';
import type { SiteSummary } from '#shared/site-updates';
import { e2eHarness, type Account } from '../helpers/e2e-harness';
import { apiLogin, waitForApp } from './admin-helpers';

/**
 * The back office by role (docs/product-rules.md, "Roles and access"), in a real Chromium
 * against the built server: each role's sidebar, the refusal inside the layout on a direct
 * visit to another role's screen (with no call to that screen's API), a reader's catalogue
 * without its write buttons, and the refusal after a 403 from the API. These check what the
 * back office shows; the server's own guards are tested on their side.
 */

interface Writable {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Writable;

const e2e = e2eHarness({ env: { LOGIN_MAX_ATTEMPTS: '100' } });
/** The 'Chantiers' list's API, whatever its page, sort and search. */
const SITES_LIST = /\/api\/admin\/site-updates(\?|$)/;
const PASSWORD = 'mot-de-passe-equipe';
const account = (role: Role): Account & { name: string } => ({
  name: `Équipe ${role}`,
  email: `${role}@example.test`,
  password: PASSWORD,
});

beforeAll(async () => {
  // Accounts are made through the API as administrators, then given their role in the
  // database: the invitation of other roles is another screen's work.
  const token = await apiLogin(e2e.baseUrl);
  for (const role of ['editeur', 'commercial', 'chantier'] as const) {
    const created = await fetch(e2e.url('/api/auth/register'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...account(role), role: 'admin' }),
    });
    expect(created.status).toBe(201);
  }
  const db = new Database(e2e.databasePath);
  try {
    for (const role of ['editeur', 'commercial', 'chantier'] as const)
      db.prepare('update users set role = ? where email = ?').run(role, account(role).email);
  } finally {
    db.close();
  }
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Administration' });
const sidebarLinks = (page: Page) => sidebar(page).getByRole('link').allTextContents();
/** The role's label under the user's name in the sidebar. */
const roleBadge = (page: Page, label: string) =>
  expect.poll(() => page.locator('.admin-user .badge').textContent()).toBe(label);
const refusal = (page: Page) => page.getByRole('main').getByText(FORBIDDEN_MESSAGE, { exact: true });

/** A direct visit (a typed address, a bookmark): the document, then the app. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(e2e.url(path));
  await waitForApp(page);
}

describe('the editor', () => {
  test('sees the catalogue and content in the sidebar, not the requests, messages, sites or e-mails; its role in French', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      expect(await sidebarLinks(page)).toEqual([
        'Tableau de bord',
        'Projets',
        'Offres',
        'Promotions',
        'Témoignages',
        'Produits',
        'Catégories',
        'Mon Profil',
        'Corbeille',
      ]);
      await roleBadge(page, 'Éditeur');
      // The dashboard keeps only its shortcuts: no request line, a 'Nouveau produit'.
      await page.getByRole('link', { name: 'Nouveau produit' }).waitFor();
      expect(await page.getByRole('link', { name: /Soumissions/ }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'À traiter' }).count()).toBe(0);
    }, account('editeur'));
  });

  test('a direct visit to the requests shows the refusal inside the layout, calls no request API, and leads back to the dashboard', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await visit(page, paths.adminSubmissions);
      await refusal(page).waitFor();
      await page.getByRole('heading', { name: 'Accès refusé' }).waitFor();
      // Inside the layout: the sidebar is still there.
      await sidebar(page).getByRole('link', { name: 'Produits', exact: true }).waitFor();
      expect(observed.requestedUrls.filter((url) => url.includes('/api/admin/project-submissions'))).toEqual(
        [],
      );
      expect(observed.pageErrors).toEqual([]);

      await page.getByRole('main').getByRole('link', { name: 'Retour au tableau de bord' }).click();
      await page.waitForURL(e2e.url(paths.adminDashboard));
      await page.getByRole('heading', { name: 'Tableau de Bord' }).waitFor();
      expect(await refusal(page).count()).toBe(0);
    }, account('editeur'));
  });
});

describe('the site manager', () => {
  const site: SiteSummary = {
    id: 41,
    reference: 'EDF-2026-0041',
    project_title: 'Villa Akpakpa',
    client_name: 'Koffi Mensah',
    phone: '+22997000041',
    location: 'Cotonou',
    updates_count: 0,
    drafts_count: 0,
    last_update: null,
  };

  test('sees only the dashboard, the sites, the profile and the trash; other screens show the refusal', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      expect(await sidebarLinks(page)).toEqual(['Tableau de bord', 'Chantiers', 'Mon Profil', 'Corbeille']);
      await roleBadge(page, 'Conducteur de travaux');
      expect(await page.getByRole('heading', { name: 'Actions rapides' }).count()).toBe(0);
      for (const path of [paths.adminProducts, paths.adminMessages, paths.adminOutbox]) {
        await visit(page, path);
        await refusal(page).waitFor();
      }
    }, account('chantier'));
  });

  test("the 'Chantiers' list offers the site and its update form, with no link to the request, its files or a CSV", async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      // The list as the server answers a site manager (its own guard decides who reads it).
      await page.route(SITES_LIST, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify(pagedData([site], 1, { page: 1, per_page: 50 })),
        }),
      );
      await visit(page, paths.adminSites);
      const main = page.getByRole('main');
      await main.getByRole('link', { name: 'EDF-2026-0041 · Villa Akpakpa' }).waitFor();
      await main.getByRole('link', { name: 'Publier une mise à jour' }).waitFor();
      const hrefs = await main
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      // The site, its update form, and the client's number to call: nothing of the request's file.
      expect(hrefs.sort()).toEqual(
        [paths.adminSite(41), paths.adminSiteUpdateNew(41), `tel:${site.phone}`].sort(),
      );
      expect(await main.getByRole('button', { name: /zip|CSV/i }).count()).toBe(0);
    }, account('chantier'));
  });
});

describe('the sales staff', () => {
  test('read the products with no new, edit or delete button, and cannot open a product form', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await roleBadge(page, 'Commercial');
      await visit(page, paths.adminProducts);
      const main = page.getByRole('main');
      await main.locator('tbody tr').first().waitFor();
      expect(await main.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await main.getByRole('link', { name: /Nouveau produit|Ajouter/ }).count()).toBe(0);
      expect(await main.getByRole('button', { name: /^Supprimer/ }).count()).toBe(0);
      expect(await main.getByRole('link', { name: /^Modifier/ }).count()).toBe(0);
      expect(await main.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
      // No bulk action to offer: no row to tick.
      expect(await main.getByRole('checkbox').count()).toBe(0);

      await visit(page, paths.adminProductNew);
      await refusal(page).waitFor();
      expect(await page.getByLabel('Nom').count()).toBe(0);
    }, account('commercial'));
  });

  test('read the offers, tab by tab, with no checkbox to act on them in bulk', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await roleBadge(page, 'Commercial');
      await visit(page, `${paths.adminOffers}?type=flotte`);
      const main = page.getByRole('main');
      await main.locator('tbody tr').first().waitFor();
      expect(await main.getByRole('tab', { name: 'Flotte immobilière' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      expect(await main.getByRole('checkbox').count()).toBe(0);
      expect(await main.getByRole('button', { name: /^Supprimer/ }).count()).toBe(0);
    }, account('commercial'));
  });

  test('see the sites without the update form; a 403 from the API (a role changed meanwhile) shows the refusal', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await page.route(SITES_LIST, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify(
            pagedData(
              [
                {
                  id: 7,
                  reference: null,
                  project_title: 'Clôture Fidjrossè',
                  client_name: 'Awa Dossou',
                  location: 'Cotonou',
                  updates_count: 0,
                  drafts_count: 0,
                  last_update: null,
                },
              ],
              1,
              { page: 1, per_page: 50 },
            ),
          ),
        }),
      );
      await visit(page, paths.adminSites);
      const main = page.getByRole('main');
      await main.getByRole('link', { name: 'Clôture Fidjrossè' }).waitFor();
      expect(await main.getByRole('link', { name: 'Publier une mise à jour' }).count()).toBe(0);

      await page.route('**/api/admin/categories?**', (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ message: FORBIDDEN_MESSAGE }),
        }),
      );
      await visit(page, paths.adminCategories);
      await refusal(page).waitFor();
      expect(await main.getByRole('table').count()).toBe(0);
    }, account('commercial'));
  });
});

test('the administrator keeps every link and button, named Administrateur', async () => {
  await e2e.withSignedInPage(async ({ page }) => {
    await roleBadge(page, 'Administrateur');
    for (const label of ['Soumissions de projets', 'Messages', 'Courriels', 'Chantiers', 'Produits'])
      await sidebar(page).getByRole('link', { name: label, exact: true }).waitFor();
    await visit(page, paths.adminProducts);
    await page.getByRole('main').getByRole('link', { name: 'Nouveau produit' }).waitFor();
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Supprimer/ })
      .first()
      .waitFor();
  });
});
