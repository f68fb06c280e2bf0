import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatPrice } from '#shared/format';
import { paths } from '#shared/paths';
import { describeRevisionChange } from '#shared/revision-changes';
import { e2eHarness } from '../helpers/e2e-harness';
import { expectToast, unexpectedErrors } from './admin-helpers';

// The 'Historique' of an edit screen (docs/product-rules.md, "Revisions"): a price edited
// twice, the first version restored from the history, and the public page shows it.

const e2e = e2eHarness();

/** A form field by its label, whether or not the label carries the required mark ' *'. */
function field(form: Locator, label: string): Locator {
  return form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

describe('revisions', () => {
  test('a price edited twice comes back from Historique, on the form and on the public page', async () => {
    const product = e2e.query<{ id: number; name: string; price: number }>(
      'select id, name, price from products where old_price is null and deleted_at is null order by id limit 1',
    )[0]!;
    const original = Math.round(product.price);
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      const form = page.getByRole('form', { name: 'Modifier le produit' });
      for (const price of [original + 1000, original + 2000]) {
        await page.goto(e2e.url(paths.adminProductEdit(product.id)));
        await expect.poll(() => field(form, 'Nom').inputValue()).toBe(product.name);
        await field(form, 'Prix (F CFA)').fill(String(price));
        await form.getByRole('button', { name: 'Mettre à jour' }).click();
        await expectToast(page, 'Produit mis à jour');
        await page.waitForURL(e2e.url(paths.adminProducts));
      }

      await page.goto(e2e.url(paths.adminProductEdit(product.id)));
      await expect.poll(() => field(form, 'Prix (F CFA)').inputValue()).toBe(String(original + 2000));
      await page.getByRole('button', { name: 'Historique' }).click();
      const dialog = page.getByRole('dialog', { name: 'Historique' });
      const versions = dialog.locator('.revision-item');
      await versions.first().waitFor();
      expect(await versions.count()).toBe(2);
      // Newest first; each line the version's value, then the current one.
      const line = (before: number) =>
        describeRevisionChange({ field: 'price', label: 'Prix', before, after: original + 2000 });
      expect(await versions.nth(0).locator('.revision-change').allInnerTexts()).toEqual([
        line(original + 1000),
      ]);
      expect(await versions.nth(1).locator('.revision-change').allInnerTexts()).toEqual([line(original)]);

      await versions.nth(1).getByRole('button', { name: 'Restaurer cette version' }).click();
      await page
        .getByRole('dialog', { name: 'Restaurer cette version ?' })
        .getByRole('button', { name: 'Restaurer' })
        .click();
      await expectToast(page, 'Version restaurée', 'Version restaurée.');
      // The form is loaded again with the restored values.
      await expect.poll(() => field(form, 'Prix (F CFA)').inputValue()).toBe(String(original));

      // The restore was a save: it is kept in turn, and the public page shows the price at once.
      await page.getByRole('button', { name: 'Historique' }).click();
      await page.getByRole('dialog', { name: 'Historique' }).locator('.revision-item').nth(2).waitFor();
      await page.goto(e2e.url(paths.product(product.id)));
      expect(await page.locator('.product-price .price').first().innerText()).toBe(formatPrice(original));
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
