import { beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { waitForApp } from './admin-helpers';
import { axeViolations } from './outside-checks';

/**
 * The back office's one search (docs/product-rules.md, "Search across the back office") in a
 * real Chromium against the built server, by keyboard only: Ctrl+K puts the focus in the
 * header's field, a phone typed in another spacing and prefix than the request's finds it,
 * the arrows and Enter open it, Escape closes the list and gives the focus back.
 */

const e2e = e2eHarness();

const FIRST_NAME = 'Sèdjro';
const LAST_NAME = 'Kpossou';
let requestId = 0;
let reference = '';

beforeAll(async () => {
  const form = new FormData();
  const fields: Record<string, string> = {
    firstName: FIRST_NAME,
    lastName: LAST_NAME,
    email: 'sedjro.kpossou@example.bj',
    phone: '+229 97 31 42 65',
    projectTitle: 'Boutique à Godomey',
    projectType: 'Construction commerciale',
    location: 'Godomey',
    budget: '25M - 50M FCFA',
    description: 'Une boutique de plain-pied avec un magasin.',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(e2e.url('/api/submit-project'), {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { reference: string; data: { id: number } };
  requestId = body.data.id;
  reference = body.reference;
});

describe('the search of the back office', () => {
  test('Ctrl+K, a phone in another spacing, ArrowDown and Enter open the request', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors, pageErrors }) => {
      await waitForApp(page);
      const field = page.getByRole('combobox', { name: 'Rechercher dans l’administration' });
      await page.keyboard.press('Control+k');
      await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);

      await page.keyboard.type('0022997314265');
      const listbox = page.getByRole('listbox', { name: 'Résultats de la recherche' });
      const option = listbox.getByRole('option', {
        name: new RegExp(`${reference} — ${FIRST_NAME} ${LAST_NAME}`),
      });
      await option.waitFor({ timeout: 15_000 });
      expect(await listbox.getByRole('group', { name: 'Demandes' }).count()).toBe(1);
      expect(await option.innerText()).toContain('Nouveau · sedjro.kpossou@example.bj · +229 97 31 42 65');
      expect(await field.getAttribute('aria-expanded')).toBe('true');

      await page.keyboard.press('ArrowDown');
      await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
      expect(await field.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      // The open list, grouped, with an active option: nothing axe-core finds wrong.
      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press('Enter');
      await page.waitForURL(e2e.url(`${paths.adminSubmissions}?soumission=${requestId}`));
      await page.getByRole('dialog', { name: `Soumission de ${FIRST_NAME} ${LAST_NAME}` }).waitFor();
      expect(await field.inputValue()).toBe('');
      expect(await listbox.isVisible()).toBe(false);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('says when nothing is found, and Escape closes the list and gives the focus back', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await waitForApp(page);
      const dashboardLink = page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Tableau de bord', exact: true });
      await dashboardLink.focus();
      await page.keyboard.press('Control+k');
      await page.keyboard.type('Introuvable Zzyzx');
      await page.getByText('Aucun résultat pour « Introuvable Zzyzx »').first().waitFor({ timeout: 15_000 });

      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect
        .poll(() => dashboardLink.evaluate((element) => element === document.activeElement))
        .toBe(true);
      expect(await page.getByText('Aucun résultat pour « Introuvable Zzyzx »').first().isVisible()).toBe(
        false,
      );
    });
  });
});
