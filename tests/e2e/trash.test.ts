import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { TRASH_MESSAGES } from '#shared/trash';
import { e2eHarness, TEST_ADMIN, type Account } from '../helpers/e2e-harness';
import { apiLogin, expectToast, openFromSidebar, rowOf, unexpectedErrors } from './admin-helpers';

/**
 * The 'Corbeille' (docs/product-rules.md, "Trash") in a real Chromium against the built
 * server: a product deleted from its list is found in the trash and restored, back in the
 * list and the public catalogue; the administrator purges an item and empties the trash;
 * an editor restores but never purges.
 */

interface Writable {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Writable;

const e2e = e2eHarness({ env: { LOGIN_MAX_ATTEMPTS: '100' } });
const EDITOR: Account = { email: 'editeur-corbeille@example.test', password: 'mot-de-passe-equipe' };
const WARNING = 'Cet élément sera placé dans la corbeille pendant 30 jours. Vous pourrez le restaurer.';

interface Product {
  id: number;
  name: string;
}
let products: Product[] = [];
let adminToken = '';

beforeAll(async () => {
  adminToken = await apiLogin(e2e.baseUrl);
  // Four published products with names of their own (rowOf and the catalogue's search find one each).
  products = e2e
    .query<Product>('select id, name from products where deleted_at is null order by id')
    .filter((product, _i, all) => all.filter((other) => other.name === product.name).length === 1)
    .slice(0, 4);
  expect(products).toHaveLength(4);

  // The editor: made through the API as an administrator, then given its role in the database.
  const created = await fetch(e2e.url('/api/auth/register'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Éditrice Corbeille', ...EDITOR, role: 'admin' }),
  });
  expect(created.status).toBe(201);
  const db = new Database(e2e.databasePath);
  try {
    db.prepare('update users set role = ? where email = ?').run('editeur', EDITOR.email);
  } finally {
    db.close();
  }
});

/** A deletion through the API (the part under test is the trash, not that list). */
async function deleteProduct(id: number): Promise<void> {
  const response = await fetch(e2e.url(`/api/products/${id}`), {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${adminToken}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
}

async function trashTotal(): Promise<number> {
  const response = await fetch(e2e.url('/api/admin/trash?page=1&per_page=1'), {
    headers: { Authorization: `Bearer ${adminToken}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

const openTrash = (page: Page) => openFromSidebar(page, 'Corbeille', paths.adminTrash);
const cells = async (page: Page, name: string) =>
  (await rowOf(page, name).locator('td').allInnerTexts()).map((text) => text.trim());

describe('the trash', () => {
  test('a product deleted from its list is in Corbeille with its kind, date, author and days left; Restaurer brings it back to the list and the catalogue', async () => {
    const target = products[0]!;
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openFromSidebar(page, 'Produits', paths.adminProducts);
      await page.getByLabel('Rechercher un produit').fill(target.name);
      await rowOf(page, target.name)
        .getByRole('button', { name: `Supprimer ${target.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      expect(await dialog.innerText()).toContain(`« ${target.name} » ? ${WARNING}`);
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Suppression réussie', 'Le produit a bien été supprimé');
      await expect.poll(() => rowOf(page, target.name).count()).toBe(0);

      // The toast leads to the trash, opened on the products.
      await page
        .locator('.toast', { hasText: 'Suppression réussie' })
        .getByRole('link', { name: 'Voir la corbeille' })
        .click();
      await page.waitForURL(e2e.url(paths.adminTrashOf('product')));
      await page.getByRole('heading', { name: 'Corbeille' }).waitFor();
      await rowOf(page, target.name).waitFor();
      // The filter shows the kind from the address once its choices are drawn: read until then.
      await expect.poll(() => page.getByLabel('Type').inputValue()).toBe('product');
      const [kind, label, deletedAt, by, left] = await cells(page, target.name);
      const admin = e2e.query<{ name: string }>(
        'select name from users where email = ?',
        TEST_ADMIN.email,
      )[0]!;
      expect([kind, label, by]).toEqual(['Produit', target.name, admin.name]);
      expect(deletedAt).toMatch(/^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/);
      expect(left).toMatch(/^(29|30) jours$/);

      await rowOf(page, target.name)
        .getByRole('button', { name: `Restaurer ${target.name}` })
        .click();
      await expectToast(page, 'Restauration réussie', TRASH_MESSAGES.restored);
      await expect.poll(() => rowOf(page, target.name).count()).toBe(0);

      await openFromSidebar(page, 'Produits', paths.adminProducts);
      await page.getByLabel('Rechercher un produit').fill(target.name);
      await rowOf(page, target.name).waitFor();
      expect(unexpectedErrors(observed)).toEqual([]);

      // The public catalogue shows it again, and its page answers.
      await page.goto(e2e.url(paths.products));
      await page.getByPlaceholder('Rechercher un produit...').fill(target.name);
      await page.getByPlaceholder('Rechercher un produit...').press('Enter');
      await page.getByRole('heading', { name: target.name }).first().waitFor();
      expect((await fetch(e2e.url(`/api/products/${target.id}`))).status).toBe(200);
    });
  });

  test('an editor sees Restaurer but neither Supprimer définitivement nor Vider la corbeille, and only the kinds it deletes', async () => {
    const target = products[1]!;
    await deleteProduct(target.id);
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openTrash(page);
      const row = rowOf(page, target.name);
      await row.getByRole('button', { name: `Restaurer ${target.name}` }).waitFor();
      expect(await row.getByRole('button', { name: /Supprimer définitivement/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Vider la corbeille' }).count()).toBe(0);
      const kinds = await page.getByLabel('Type').locator('option').allInnerTexts();
      expect(kinds).toContain('Produit');
      expect(kinds).not.toContain('Message de contact');
      expect(kinds).not.toContain('Demande de projet');
      expect(kinds).not.toContain('Nouvelle de chantier');
      expect(unexpectedErrors(observed)).toEqual([]);
    }, EDITOR);
  });

  test('the administrator purges an item for good after a confirmation naming it, then empties the trash after one giving the count', async () => {
    const purged = products[1]!;
    const other = products[2]!;
    const last = products[3]!;
    await deleteProduct(other.id);
    await deleteProduct(last.id);
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openTrash(page);
      await rowOf(page, purged.name)
        .getByRole('button', { name: `Supprimer définitivement ${purged.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement' });
      const question = await dialog.innerText();
      expect(question).toContain(`« ${purged.name} » (Produit)`);
      expect(question).toContain('Cette action est irréversible.');
      await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
      await expectToast(page, 'Suppression définitive', TRASH_MESSAGES.purged);
      // Closed, so the emptying's toast of the same title is the one read below.
      await page
        .locator('.toast', { hasText: TRASH_MESSAGES.purged })
        .getByRole('button', { name: 'Fermer la notification' })
        .click();
      await expect.poll(() => rowOf(page, purged.name).count()).toBe(0);
      expect(e2e.query('select id from products where id = ?', purged.id)).toEqual([]);
      await rowOf(page, other.name).waitFor();

      const total = await trashTotal();
      expect(total).toBeGreaterThanOrEqual(2);
      await page.getByRole('button', { name: 'Vider la corbeille' }).click();
      const emptying = page.getByRole('dialog', { name: 'Vider la corbeille' });
      expect(await emptying.innerText()).toContain(
        `Les ${total} éléments de la corbeille seront supprimés définitivement`,
      );
      await emptying.getByRole('button', { name: 'Vider la corbeille' }).click();
      await expectToast(page, 'Suppression définitive', TRASH_MESSAGES.emptied);
      await page.getByText('La corbeille est vide.').waitFor();
      expect(e2e.query('select id from products where id in (?, ?)', other.id, last.id)).toEqual([]);
      expect(await trashTotal()).toBe(0);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });
});
