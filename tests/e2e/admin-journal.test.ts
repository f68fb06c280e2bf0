import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { expectToast, openFromSidebar, unexpectedErrors } from './admin-helpers';

// The 'Journal' (docs/product-rules.md, "Activity log"): an administrator changes a
// product's price and finds the change, with its old and new values, in the journal.

const e2e = e2eHarness();

/** A form field by its label, whether or not the label carries the required mark ' *'. */
function field(form: Locator, label: string): Locator {
  return form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

describe('journal', () => {
  test('a price edited in the back office shows on /admin/journal as Prix old → new, by its author, linked to the product', async () => {
    const product = e2e.query<{ id: number; name: string; price: number }>(
      'select id, name, price from products where old_price is null order by id limit 1',
    )[0]!;
    const admin = e2e.query<{ name: string }>(
      "select name from users where role = 'admin' order by id limit 1",
    )[0]!;
    const newPrice = Math.round(product.price) + 1000;
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProductEdit(product.id)));
      const form = page.getByRole('form', { name: 'Modifier le produit' });
      await expect.poll(() => field(form, 'Nom').inputValue()).toBe(product.name);
      await field(form, 'Prix (F CFA)').fill(String(newPrice));
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Produit mis à jour');
      await page.waitForURL(e2e.url(paths.adminProducts));

      await openFromSidebar(page, 'Journal', paths.adminJournal);
      await page.getByRole('heading', { name: "Journal d'activité" }).waitFor();
      const row = page.locator('tbody tr', {
        has: page.getByRole('link', { name: product.name, exact: true }),
      });
      await row.first().waitFor();
      const cells = row.first().getByRole('cell');
      expect(await cells.nth(1).innerText()).toBe(admin.name);
      expect(await cells.nth(2).innerText()).toBe('Modification');
      expect(await cells.nth(3).innerText()).toBe(`Produit ${product.name}`);
      expect(await cells.nth(4).innerText()).toBe(`Prix : ${Math.round(product.price)} → ${newPrice}`);
      expect(await row.first().getByRole('link', { name: product.name }).getAttribute('href')).toBe(
        paths.adminProductEdit(product.id),
      );

      // The element filter narrows the list and lives in the address.
      await page.getByLabel('Élément').selectOption('category');
      await page.waitForURL(/element=category/);
      await page.getByText('Aucune activité pour ces filtres').waitFor();
      await page.getByLabel('Élément').selectOption('product');
      await page.waitForURL(/element=product/);
      await row.first().waitFor();

      // The search (labels and users) and the oldest-first order join the filter in the address.
      await page.getByLabel('Rechercher (libellé ou utilisateur)').fill(product.name);
      await page.waitForURL(/[?&]search=/);
      await row.first().waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Date' }).click();
      await page.waitForURL(/[?&]sort=created_at\b/);
      await page.reload();
      await row.first().waitFor();
      expect(
        await page.getByRole('main').getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort'),
      ).toBe('ascending');
      expect(new URL(page.url()).searchParams.get('element')).toBe('product');
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
