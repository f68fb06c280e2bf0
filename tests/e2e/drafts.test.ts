import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness, type Account } from '../helpers/e2e-harness';
import { jpegFile } from './admin-images';
import { apiLogin, expectToast, openFromSidebar, rowOf } from './admin-helpers';

/**
 * Drafts and scheduled publishing from the back office (docs/product-rules.md, "Drafts and
 * scheduled publishing"), in a real Chromium against the built server: an editor saves a
 * product as a draft, the public catalogue does not show it while the list says
 * 'Brouillon', 'Aperçu' opens its page with the preview banner, and 'Publié' puts it on
 * the catalogue. The 'Publication' block fits a 360 px phone.
 */

interface Writable {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Writable;

const e2e = e2eHarness({ env: { LOGIN_MAX_ATTEMPTS: '100' } });
const EDITOR: Account = { email: 'editeur-brouillons@example.test', password: 'mot-de-passe-editeur' };
const NAME = 'Carreau de brouillon à ne pas montrer';
const PHONE = { width: 360, height: 740 };

beforeAll(async () => {
  // Made through the API as an administrator, then given the editor's role in the database
  // (as tests/e2e/admin-roles.test.ts does).
  const token = await apiLogin(e2e.baseUrl);
  const created = await fetch(e2e.url('/api/auth/register'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Éditrice', ...EDITOR, role: 'admin' }),
  });
  expect(created.status).toBe(201);
  const db = new Database(e2e.databasePath);
  try {
    db.prepare('update users set role = ? where email = ?').run('editeur', EDITOR.email);
  } finally {
    db.close();
  }
  // A category to file the product under.
  const category = await fetch(e2e.url('/api/categories'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Carrelage brouillons', description: 'Catégorie du test des brouillons.' }),
  });
  expect(category.status).toBe(201);
});

/** A form field by its label, whether or not the label carries the required mark ' *'. */
function field(form: Locator, label: string): Locator {
  return form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

/**
 * Whether the public catalogue, searched for the product as a visitor (no token) searches,
 * links to its page (the search box echoes the name whatever the answer: the link counts).
 */
async function catalogueShows(name: string): Promise<boolean> {
  const id = e2e.query<{ id: number }>('select id from products where name = ?', name)[0]!.id;
  const response = await fetch(e2e.url(`${paths.products}?search=${encodeURIComponent(name)}`));
  expect(response.status).toBe(200);
  return (await response.text()).includes(`href="${paths.product(id)}"`);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('a product saved as a draft', () => {
  test('stays off the catalogue, shows as Brouillon, previews with the banner, then goes on the site once Publié', async () => {
    const observed = await e2e.signedInPage(EDITOR);
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Produits', paths.adminProducts);
      await page.getByRole('link', { name: 'Nouveau produit' }).click();
      await page.waitForURL(e2e.url(paths.adminProductNew));
      const form = page.getByRole('form', { name: 'Ajouter un nouveau produit' });

      // A new item: published by default, nothing to preview yet.
      expect(await field(form, 'État').inputValue()).toBe('published');
      await form.getByText('Visible sur le site dès maintenant').waitFor();
      expect(await form.getByRole('button', { name: 'Aperçu' }).isDisabled()).toBe(true);
      await form.getByText('Enregistrez d’abord pour voir l’aperçu.').waitFor();

      await field(form, 'Nom').fill(NAME);
      await field(form, 'Prix (F CFA)').fill('4 500');
      await field(form, 'Catégorie').selectOption({ label: 'Carrelage brouillons' });
      await field(form, 'Description').fill('Carreau de grès pour tester les brouillons.');
      await field(form, 'Image principale').setInputFiles(await jpegFile('carreau.jpg'));
      await field(form, 'État').selectOption({ label: 'Brouillon' });
      await form.getByText('Brouillon : invisible sur le site').waitFor();
      await form.getByRole('button', { name: 'Créer le produit' }).click();
      await expectToast(page, 'Produit créé');
      await page.waitForURL(e2e.url(paths.adminProducts));

      const row = rowOf(page, NAME);
      await row.waitFor();
      expect(await row.locator('.badge', { hasText: 'Brouillon' }).count()).toBe(1);
      expect(await catalogueShows(NAME)).toBe(false);

      // The 'État' filter lives in the URL and asks the API.
      const filter = page.getByLabel('État', { exact: true });
      const asked = page.waitForRequest((request) => request.url().includes('publication=draft'));
      await filter.selectOption({ label: 'Brouillons' });
      await asked;
      expect(new URL(page.url()).searchParams.get('etat')).toBe('draft');
      await row.waitFor();
      await filter.selectOption({ label: 'Publiés' });
      await rowOf(page, NAME).waitFor({ state: 'detached' });
      await filter.selectOption({ label: 'Tous' });

      // 'Aperçu' opens the product's page, with the preview banner, in a new tab.
      await rowOf(page, NAME)
        .getByRole('link', { name: /Modifier/ })
        .click();
      const editForm = page.getByRole('form', { name: 'Modifier le produit' });
      await editForm.getByText('Brouillon : invisible sur le site').waitFor();
      const [preview] = await Promise.all([
        page.context().waitForEvent('page'),
        editForm.getByRole('button', { name: 'Aperçu' }).click(),
      ]);
      await preview.waitForLoadState();
      await preview.waitForURL((url) => url.href !== 'about:blank');
      await preview.getByRole('heading', { name: NAME }).first().waitFor();
      expect(await preview.locator('.preview-banner').textContent()).toBe(
        'Aperçu — ce contenu n’est pas publié',
      );
      await preview.close();

      // The 'Publication' block fits a 360 px phone.
      await page.setViewportSize(PHONE);
      await editForm.getByRole('group', { name: 'Publication' }).scrollIntoViewIfNeeded();
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });

      await field(editForm, 'État').selectOption({ label: 'Publié' });
      await editForm.getByText('Visible sur le site dès maintenant').waitFor();
      await editForm.getByRole('button', { name: /Mettre à jour|Enregistrer/ }).click();
      await expectToast(page, 'Produit mis à jour');
      await page.waitForURL(e2e.url(paths.adminProducts));
      await rowOf(page, NAME).locator('.badge', { hasText: 'Publié' }).waitFor();
      expect(await catalogueShows(NAME)).toBe(true);
    } finally {
      await observed.close();
    }
  });
});

describe('the Publication block on a phone', () => {
  test('every publishable form fits 360 px with no sideways scroll', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.setViewportSize(PHONE);
      for (const path of [
        paths.adminProductNew,
        paths.adminProjectNew,
        paths.adminPromotionNew,
        paths.adminOfferNew,
        paths.adminTestimonialNew,
      ]) {
        await page.goto(e2e.url(path));
        await page.getByRole('group', { name: 'Publication' }).first().waitFor();
        expect({ path, fits: await noSidewaysScroll(page) }).toEqual({ path, fits: true });
      }
    } finally {
      await observed.close();
    }
  });
});
