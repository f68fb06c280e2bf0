import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness, TEST_ADMIN } from '../helpers/e2e-harness';
import { expectToast, unexpectedErrors, waitForApp } from './admin-helpers';

/**
 * Assignment in the back office (docs/product-rules.md, "Assignment"), in a real Chromium
 * against the built server: a request sent through the public API is assigned to oneself
 * from its dialog, the database says so, and 'Mes demandes' shows it alone, from the
 * address too. Texts are written out here: a typo in the app must fail.
 */

const e2e = e2eHarness({ env: { SUBMISSION_RATE_LIMIT: '1000' } });
const TITLE = 'Villa assignée E2E';
let requestId = 0;

beforeAll(async () => {
  const form = new FormData();
  const fields: Record<string, string> = {
    firstName: 'Sènan',
    lastName: 'Assogba',
    email: 'senan.assogba@example.bj',
    phone: '+229 01 97 55 44 33',
    projectTitle: TITLE,
    projectType: 'Construction résidentielle',
    location: 'Abomey-Calavi',
    budget: '25M - 50M FCFA',
    description: 'Une villa de trois chambres à suivre.',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(e2e.url('/api/submit-project'), {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  expect(response.status).toBe(201);
  requestId = ((await response.json()) as { data: { id: number } }).data.id;
});

const rows = (page: Page) => page.locator('tbody tr');

describe('assignment', () => {
  test('assigns a request to oneself in its dialog, and "Mes demandes" then shows it alone', async () => {
    const [me] = e2e.query<{ id: number; name: string }>(
      'select id, name from users where email = ?',
      TEST_ADMIN.email,
    );
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(`${e2e.baseUrl}${paths.adminSubmissions}`);
      await waitForApp(page);
      await page.getByRole('columnheader', { name: 'Assigné à' }).waitFor();
      const row = rows(page).filter({ hasText: TITLE });
      expect(await row.getByText('Non assignée', { exact: true }).count()).toBe(1);

      await page.getByRole('button', { name: 'Gérer la soumission de Sènan Assogba' }).click();
      const dialog = page.getByRole('dialog', { name: 'Soumission de Sènan Assogba' });
      const select = dialog.getByLabel('Assigné à');
      await expect.poll(() => select.isEnabled()).toBe(true);
      expect(await select.inputValue()).toBe('');
      await select.selectOption({ label: `${me!.name} (Administrateur)` });

      await dialog.getByText(`Demande assignée. Suivi par ${me!.name}.`).waitFor();
      await expectToast(page, 'Demande assignée.', `Suivi par ${me!.name}.`);
      expect(e2e.query('select assignee_id from project_submissions where id = ?', requestId)).toEqual([
        { assignee_id: me!.id },
      ]);
      // The row says it too, once the list has reloaded.
      await expect.poll(() => row.locator('td').allTextContents()).toContain(me!.name);

      await dialog.getByRole('button', { name: 'Fermer' }).click();
      // The dialog's own 'Assigné à' is gone once it has closed: only the list's filter is left.
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('combobox', { name: 'Assigné à' }).selectOption({ label: 'Mes demandes' });
      await page.waitForURL(/[?&]assignee=me(&|$)/);
      await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
      expect(await rows(page).first().textContent()).toContain(TITLE);

      // From the address alone: a reload shows the same rows, the filter still chosen.
      await page.reload();
      await waitForApp(page);
      await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
      expect(await rows(page).first().textContent()).toContain(TITLE);
      expect(await page.getByRole('combobox', { name: 'Assigné à' }).inputValue()).toBe('me');

      await page.getByRole('combobox', { name: 'Assigné à' }).selectOption({ label: 'Non assignées' });
      await page.waitForURL(/[?&]assignee=none(&|$)/);
      await expect.poll(() => rows(page).filter({ hasText: TITLE }).count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
