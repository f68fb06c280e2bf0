import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { storageLayout } from '#server/storage/layout';
import { e2eHarness } from '../helpers/e2e-harness';
import { storedImageChecks } from '../helpers/stored-images';
import { jpegFile } from './admin-images';
import { expectToast, failWith500, openFromSidebar, rowOf, unexpectedErrors } from './admin-helpers';

// Admin promotions, list and forms (product rules, Pages and routes, Entities and Validation;
// product rules: the public side lists promotions until their end date, the back
// office all of them; dates in Africa/Porto-Novo).

const e2e = e2eHarness();
const trashed = storedImageChecks(() => storageLayout(e2e.storageDir));

interface PromotionRow {
  id: number;
  deleted_at: string | null;
  title: string;
  discount: string;
  code: string | null;
  start_date: string;
  end_date: string;
  description: string;
  image: string | null;
}

function promotionTitled(title: string): PromotionRow | undefined {
  return e2e.query<PromotionRow>('select * from promotions where title = ?', title)[0];
}

/** A calendar day in Cotonou, `days` from today, as 'YYYY-MM-DD'. */
function cotonouDay(days = 0): string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Porto-Novo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return format.format(new Date(Date.now() + days * 86_400_000));
}

/** 'YYYY-MM-DD' as the list shows it (dd/mm/yyyy). */
function shown(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** A form field by its label, whether or not the label carries the required mark ' *'. */
function field(form: Locator, label: string): Locator {
  return form.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

const openPromotions = (page: Page) => openFromSidebar(page, 'Promotions', paths.adminPromotions);

async function publicTitles(page: Page): Promise<string[]> {
  await page.goto(e2e.url(paths.promotions));
  return page.locator('article h3').allTextContents();
}

const TITLE = 'Semaine du carrelage';
const RENAMED = 'Quinzaine du carrelage';

describe('promotions list', () => {
  test('lists every promotion, ended ones included, with dd/mm/yyyy dates; the search works on the title, ignoring case', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openPromotions(page);
      const rows = e2e.query<PromotionRow>('select * from promotions where deleted_at is null');
      expect(rows.some((row) => row.end_date < cotonouDay())).toBe(true);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(rows.length);
      for (const header of ['Titre', 'Remise', 'Début', 'Fin', 'Actions'])
        await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
      const ended = rows.find((row) => row.end_date < cotonouDay())!;
      const cells = rowOf(page, ended.title).locator('td:not(.thumb):not(.select-cell)');
      expect(await cells.nth(1).textContent()).toBe(ended.discount);
      expect(await cells.nth(2).textContent()).toBe(shown(ended.start_date));
      expect(await cells.nth(3).textContent()).toBe(`${shown(ended.end_date)} Terminée`);

      const word = rows[0]!.title.split(' ')[0]!;
      const expected = rows.filter((row) => row.title.toLowerCase().includes(word.toLowerCase())).length;
      await page.getByLabel('Rechercher une promotion').fill(word.toUpperCase());
      await expect.poll(() => page.locator('tbody tr').count()).toBe(expected);
      // The description is not searched: the title and the code are (docs/product-rules.md,
      // "Lists of the back office").
      await page.getByLabel('Rechercher une promotion').fill(rows[0]!.description.slice(0, 30));
      await page.getByText('Aucune promotion trouvée').waitFor();
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('promotion form', () => {
  test('creating: today is the default start, rule messages first, then saved with its image, listed and on /promotions', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openPromotions(page);
      await page.getByRole('link', { name: 'Nouvelle promotion' }).click();
      await page.waitForURL(e2e.url(paths.adminPromotionNew));
      const form = page.getByRole('form', { name: 'Nouvelle promotion' });
      expect(await field(form, 'Date de début').inputValue()).toBe(cotonouDay());

      await field(form, 'Titre').fill('Ok');
      await field(form, 'Remise').fill('dix%');
      await field(form, 'Date de début').fill('');
      await form.getByRole('button', { name: 'Créer la promotion' }).click();
      for (const message of [
        'Le titre doit contenir au moins 3 caractères',
        'La remise doit être un nombre',
        'La date de début est requise',
        'La date de fin est requise',
        'La description doit contenir au moins 10 caractères',
      ]) {
        await form.locator('.field-error', { hasText: message }).waitFor();
      }

      await field(form, 'Titre').fill(TITLE);
      await field(form, 'Remise').fill('15%');
      await field(form, 'Code promo').fill('carrelage15');
      await field(form, 'Date de début').fill(cotonouDay());
      await field(form, 'Date de fin').fill(cotonouDay(20));
      await field(form, 'Description').fill('Quinze pour cent sur tout le carrelage grès cérame.');
      await field(form, 'Image').setInputFiles(await jpegFile('carrelage.jpg'));
      await form.getByRole('img', { name: 'Aperçu de carrelage.jpg' }).waitFor();
      await form.getByRole('button', { name: 'Créer la promotion' }).click();
      await expectToast(page, 'Promotion créée');
      await page.waitForURL(e2e.url(paths.adminPromotions));
      await rowOf(page, TITLE).waitFor();

      const saved = promotionTitled(TITLE)!;
      expect(saved).toMatchObject({
        discount: '15%',
        code: 'CARRELAGE15',
        start_date: cotonouDay(),
        end_date: cotonouDay(20),
      });
      expect(saved.image).toMatch(/^promotions\//);
      expect(existsSync(path.join(e2e.storageDir, 'app', 'public', saved.image!))).toBe(true);
      expect(await publicTitles(page)).toContain(TITLE);
      // The visitor sees the code and takes the promotion up on WhatsApp with it.
      const card = page.locator('article', { has: page.getByRole('heading', { name: TITLE }) });
      expect(await card.locator('.promo-code').textContent()).toBe('Code promo : CARRELAGE15');
      // The site's own counted link (/whatsapp/promotion/{id}), carrying the chat's text.
      const offer = new URL(
        (await card.getByRole('link', { name: 'En profiter maintenant sur WhatsApp' }).getAttribute('href'))!,
        e2e.baseUrl,
      );
      expect(offer.searchParams.get('text')).toContain(`« ${TITLE} » (15%) avec le code CARRELAGE15`);
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('editing saves the changes; an end date in the past keeps it in the back office, marked Terminée, and off /promotions', async () => {
    const before = promotionTitled(TITLE)!;
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openPromotions(page);
      await rowOf(page, TITLE)
        .getByRole('link', { name: `Modifier ${TITLE}` })
        .click();
      await page.waitForURL(e2e.url(paths.adminPromotionEdit(before.id)));
      const form = page.getByRole('form', { name: 'Modifier la promotion' });
      await expect.poll(() => field(form, 'Titre').inputValue()).toBe(TITLE);
      expect(await field(form, 'Date de fin').inputValue()).toBe(before.end_date);

      await field(form, 'Titre').fill(RENAMED);
      await field(form, 'Remise').fill('-20 %');
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Promotion mise à jour');
      await page.waitForURL(e2e.url(paths.adminPromotions));
      expect(promotionTitled(RENAMED)).toMatchObject({
        id: before.id,
        discount: '-20 %',
        image: before.image,
      });
      expect(await publicTitles(page)).toContain(RENAMED);

      // Ended yesterday: the administrator still finds it, visitors no longer do.
      await page.goto(e2e.url(paths.adminPromotionEdit(before.id)));
      await expect.poll(() => field(form, 'Titre').inputValue()).toBe(RENAMED);
      await field(form, 'Date de début').fill(cotonouDay(-10));
      await field(form, 'Date de fin').fill(cotonouDay(-1));
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Promotion mise à jour');
      await page.waitForURL(e2e.url(paths.adminPromotions));
      expect(await rowOf(page, RENAMED).locator('td[data-label="Fin"]').textContent()).toBe(
        `${shown(cotonouDay(-1))} Terminée`,
      );
      expect(await publicTitles(page)).not.toContain(RENAMED);
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a failed save toasts Erreur with the server message and keeps the typed values', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await failWith500(
        page,
        '**/api/promotions',
        'Erreur interne du serveur',
        (route) => route.request().method() === 'POST',
      );
      await page.goto(e2e.url(paths.adminPromotionNew));
      const form = page.getByRole('form', { name: 'Nouvelle promotion' });
      await field(form, 'Titre').fill('Promotion qui échoue');
      await field(form, 'Remise').fill('5%');
      await field(form, 'Date de fin').fill(cotonouDay(5));
      await field(form, 'Description').fill('Cette promotion ne sera pas enregistrée.');
      await form.getByRole('button', { name: 'Créer la promotion' }).click();
      await expectToast(page, 'Erreur', 'Erreur interne du serveur');
      expect(new URL(page.url()).pathname).toBe(paths.adminPromotionNew);
      expect(await field(form, 'Titre').inputValue()).toBe('Promotion qui échoue');
      expect(promotionTitled('Promotion qui échoue')).toBeUndefined();
      expect(unexpectedErrors(observed, 500)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('an unknown promotion says Promotion non trouvée', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminPromotionEdit(999999)));
      await page.getByText('Promotion non trouvée').waitFor();
      expect(unexpectedErrors(observed, 404)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('deleting asks first, then moves the promotion and its image to the trash', async () => {
    const target = promotionTitled(RENAMED)!;
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openPromotions(page);
      await rowOf(page, RENAMED)
        .getByRole('button', { name: `Supprimer ${RENAMED}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Suppression réussie', 'La promotion a bien été supprimée');
      await expect.poll(() => rowOf(page, RENAMED).count()).toBe(0);
      // In the trash (docs/product-rules.md, "Trash"): the row kept and marked, its files aside.
      expect(promotionTitled(RENAMED)?.deleted_at).toBeTruthy();
      trashed.expectTrashed(target.image!);
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a failed deletion toasts Erreur lors de la suppression de la promotion and keeps the row', async () => {
    const title = e2e.query<{ title: string }>('select title from promotions order by id limit 1')[0]!.title;
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await failWith500(
        page,
        '**/api/promotions/*',
        'Erreur interne du serveur',
        (route) => route.request().method() === 'DELETE',
      );
      await openPromotions(page);
      await rowOf(page, title)
        .getByRole('button', { name: `Supprimer ${title}` })
        .click();
      await page
        .getByRole('dialog', { name: 'Confirmer la suppression' })
        .getByRole('button', { name: 'Supprimer' })
        .click();
      await expectToast(page, 'Erreur lors de la suppression de la promotion', 'Erreur interne du serveur');
      expect(await rowOf(page, title).count()).toBe(1);
      expect(unexpectedErrors(observed, 500)).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
