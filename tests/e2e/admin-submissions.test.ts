import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import type { ObservedPage } from '../helpers/browser';
import { e2eHarness } from '../helpers/e2e-harness';
import { pdfBytes, pngBytes, readZip } from '../integration/submission-fixtures';
import { expectToast, submitLogin, waitForApp } from './admin-helpers';

/**
 * The back office's submissions screen (product rules, Back office; product rules, Pages and routes, States, Validation, API and Messages and errors) in a real
 * Chromium against the built server. Submissions are sent through the public API with real
 * files, then managed on the screen; every change is read back from the database and the
 * storage folder. Messages are written out here: a typo in the app must fail.
 */

const SUBMISSIONS_URL = '/api/admin/project-submissions';
const FAMILY = 'Agbodjan';
const FIRST_NAMES = [
  'Awa',
  'Koffi',
  'Sènan',
  'Rachidi',
  'Mireille',
  'Codjo',
  'Fifamè',
  'Olivier',
  'Houéfa',
  'Prisca',
  'Gildas',
  'Nafissatou',
];
const STATUS_LABELS = {
  new: 'Nouveau',
  contacted: 'Contacté',
  quoted: 'Devisé',
  approved: 'Approuvé',
  rejected: 'Rejeté',
} as const;

// Every submission comes from 127.0.0.1: the per-client limit (5 an hour) is raised.
const e2e = e2eHarness({ env: { SUBMISSION_RATE_LIMIT: '1000' } });

interface Sent {
  id: number;
  reference: string;
  firstName: string;
  title: string;
  files: { name: string; data: Buffer }[];
}
const sent: Sent[] = [];

async function submitThroughApi(
  index: number,
  files: { name: string; data: Buffer; type: string }[],
): Promise<Sent> {
  const firstName = FIRST_NAMES[index]!;
  const title = `Villa façade E2E n°${String(index + 1).padStart(2, '0')}`;
  const form = new FormData();
  const fields: Record<string, string> = {
    firstName,
    lastName: FAMILY,
    email: `${firstName.normalize('NFD').replace(/[^\w]/g, '').toLowerCase()}.${FAMILY.toLowerCase()}@example.bj`,
    phone: `+229 01 97 12 34 ${String(10 + index)}`,
    company: index % 2 === 0 ? 'Agbodjan & Fils' : '',
    projectTitle: title,
    projectType: 'Construction résidentielle',
    location: `Cotonou, quartier ${index + 1}`,
    startDate: '15/03/2027',
    budget: '25M - 50M FCFA',
    description: `Une villa de quatre chambres.\nDeuxième ligne de la demande ${index + 1}.`,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append('attachments[]', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(e2e.url('/api/submit-project'), {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { reference: string; data: { id: number } };
  expect(body.reference).toMatch(/^EDF-\d{4}-\d{5}$/);
  return {
    id: body.data.id,
    reference: body.reference,
    firstName,
    title,
    files: files.map(({ name, data }) => ({ name, data })),
  };
}

beforeAll(async () => {
  const png = await pngBytes();
  // 11 with a PDF and a PNG, the last one without files: 6 seeded + 12 = 18, two pages.
  for (let i = 0; i < FIRST_NAMES.length; i += 1) {
    const files =
      i === FIRST_NAMES.length - 1
        ? []
        : [
            { name: `Plan façade ${i + 1}.pdf`, data: pdfBytes(`Plan ${i + 1}`), type: 'application/pdf' },
            { name: 'Croquis.png', data: png, type: 'image/png' },
          ];
    sent.push(await submitThroughApi(i, files));
  }
});

interface SubmissionRow {
  id: number;
  status: string;
  admin_notes: string | null;
  contact_method: string | null;
}

const db = <Row>(sql: string, ...params: unknown[]) => e2e.query<Row>(sql, ...params);
const rowOf = (id: number) =>
  db<SubmissionRow>(
    'select id, status, admin_notes, contact_method from project_submissions where id = ?',
    id,
  )[0];
const countWhere = (where = '1 = 1', ...params: unknown[]) =>
  db<{ n: number }>(`select count(*) as n from project_submissions where ${where}`, ...params)[0]!.n;

/** Chromium's own line for a failed request that a test provoked on purpose. */
const provokedFailure = (text: string) =>
  /Failed to load resource: the server responded with a status of 5\d\d/.test(text);

async function openScreen(search = ''): Promise<ObservedPage> {
  const observed = await e2e.signedInPage();
  await observed.page.goto(`${e2e.baseUrl}${paths.adminSubmissions}${search}`);
  await waitForApp(observed.page);
  await observed.page.getByRole('heading', { name: 'Soumissions de projets', level: 1 }).waitFor();
  return observed;
}

const rows = (page: Page) => page.locator('tbody tr');
/** A row's cells after its checkbox (docs/product-rules.md, "Bulk actions"). */
const cellsOf = (row: Locator) => row.locator('td:not(.select-cell)');
const tileValue = (page: Page, label: string) =>
  page
    .locator('.stat-card', { has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('.stat-value');
const manageButton = (page: Page, s: Sent) =>
  page.getByRole('button', { name: `Gérer la soumission de ${s.firstName} ${FAMILY}` });
const dialogOf = (page: Page, s: Sent): Locator =>
  page.getByRole('dialog', { name: `Soumission de ${s.firstName} ${FAMILY}` });

/** A toast with this title and this description (several 'Erreur' toasts may be shown at once). */
async function toastSaying(page: Page, title: string, description: string): Promise<void> {
  await page
    .locator('.toast', { has: page.locator('.toast-title', { hasText: title }) })
    .filter({ has: page.getByText(description, { exact: true }) })
    .first()
    .waitFor({ timeout: 30_000 });
}

async function waitForRows(page: Page, count: number): Promise<void> {
  await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(count);
  await expect.poll(() => page.locator('.data-table.is-stale').count()).toBe(0);
}

describe('the list', () => {
  test('tiles count every submission by status; rows show client, project, status, date and files', async () => {
    const observed = await openScreen();
    try {
      const { page } = observed;
      await waitForRows(page, 15);
      await expect.poll(() => tileValue(page, 'Total').textContent()).toBe(String(countWhere()));
      for (const [status, label] of Object.entries(STATUS_LABELS)) {
        expect(await tileValue(page, label).textContent()).toBe(String(countWhere('status = ?', status)));
      }
      for (const header of ['Client', 'Projet', 'Statut', 'Date', 'Fichiers', 'Actions'])
        await page.getByRole('columnheader', { name: header, exact: true }).waitFor();

      // Newest first (product rules, Limits and constants): the last one sent heads the list.
      const newest = sent.at(-1)!;
      const first = rows(page).first();
      const cells = cellsOf(first);
      expect(await cells.nth(0).innerText()).toContain(`${newest.firstName} ${FAMILY}`);
      expect(await cells.nth(0).innerText()).toContain('+229 01 97 12 34 21');
      expect(await cells.nth(1).innerText()).toContain(newest.title);
      expect(await cells.nth(1).innerText()).toContain(newest.reference);
      expect(await cells.nth(1).innerText()).toContain('25M - 50M FCFA');
      expect(await cells.nth(2).innerText()).toBe('Nouveau');
      expect(await cells.nth(3).innerText()).toBe('Non assignée');
      expect(await cells.nth(4).innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await cells.nth(5).innerText()).toBe('0');
      // No files: nothing to download.
      expect(
        await first
          .getByRole('button', {
            name: `Fichiers (zip) de ${newest.firstName} ${FAMILY} : aucun fichier joint`,
          })
          .isDisabled(),
      ).toBe(true);
      expect(await cellsOf(rows(page).nth(1)).nth(5).innerText()).toBe('2');
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('15 per page: Suivant and Précédent move between pages, and a reload stays on the page', async () => {
    const observed = await openScreen();
    try {
      const { page } = observed;
      const total = countWhere();
      const lastPage = Math.ceil(total / 15);
      await waitForRows(page, 15);
      await page.getByText(`Page 1 sur ${lastPage}`).waitFor();
      expect(await page.getByRole('button', { name: 'Précédent' }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.getByText(`Page 2 sur ${lastPage}`).waitFor();
      await waitForRows(page, Math.min(15, total - 15));
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      // The oldest seeded request is last of all.
      const oldest = db<{ project_title: string }>(
        'select project_title from project_submissions order by created_at asc, id asc limit 1',
      )[0]!;
      expect(await cellsOf(rows(page).last()).nth(1).innerText()).toContain(oldest.project_title);

      await page.reload();
      await waitForApp(page);
      await page.getByText(`Page 2 sur ${lastPage}`).waitFor();
      await page.getByRole('button', { name: 'Précédent' }).click();
      await page.getByText(`Page 1 sur ${lastPage}`).waitFor();
      await waitForRows(page, 15);
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('status and search filters go to the server, live in the URL, and survive a reload; sorting by the Client header', async () => {
    const observed = await openScreen();
    try {
      const { page } = observed;
      await waitForRows(page, 15);
      const toolbar = page.locator('.submission-filters');

      await toolbar.getByLabel('Statut').selectOption({ label: 'Approuvé' });
      const approved = countWhere('status = ?', 'approved');
      await waitForRows(page, approved);
      expect(new URL(page.url()).searchParams.get('status')).toBe('approved');
      // One page only: no pagination.
      expect(await page.getByRole('navigation', { name: 'Pagination des soumissions' }).count()).toBe(0);
      for (const text of await rows(page).locator('td:nth-child(4)').allInnerTexts())
        expect(text).toBe('Approuvé');

      await toolbar.getByLabel('Statut').selectOption({ label: 'Tous les statuts' });
      await waitForRows(page, 15);
      // Upper case: the search ignores case; it waits for the typing to pause.
      await page.getByLabel('Rechercher une soumission').fill(FAMILY.toUpperCase());
      await waitForRows(page, countWhere('last_name = ?', FAMILY));
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(FAMILY.toUpperCase());

      await page.reload();
      await waitForApp(page);
      await waitForRows(page, FIRST_NAMES.length);
      expect(await page.getByLabel('Rechercher une soumission').inputValue()).toBe(FAMILY.toUpperCase());

      // The column's header sorts (docs/product-rules.md, "Lists of the back office").
      const client = page.getByRole('columnheader', { name: 'Client' });
      expect(await client.getAttribute('aria-sort')).toBe('none');
      await client.getByRole('button').click();
      await expect.poll(() => client.getAttribute('aria-sort')).toBe('ascending');
      expect(new URL(page.url()).searchParams.get('sort')).toBe('first_name');
      const expected = db<{ first_name: string }>(
        'select first_name from project_submissions where last_name = ? order by first_name asc, last_name asc, id asc',
        FAMILY,
      ).map((row) => row.first_name);
      await expect
        .poll(async () =>
          (await rows(page).locator('td:nth-child(2) strong').allInnerTexts()).map((text) =>
            text.replace(` ${FAMILY}`, ''),
          ),
        )
        .toEqual(expected);

      // A search by project title, then one that matches nothing.
      await page.getByLabel('Rechercher une soumission').fill(sent[2]!.title);
      await waitForRows(page, 1);
      await page.getByLabel('Rechercher une soumission').fill('zzz-aucune-correspondance');
      await page.getByText('Aucune soumission trouvée').waitFor();
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a failed load shows the error view; Réessayer loads the list; an answer of the wrong shape warns', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      let mode: 'fail' | 'odd' | 'real' = 'fail';
      await page.route(
        (url) => url.pathname === SUBMISSIONS_URL,
        (route) => {
          if (mode === 'fail')
            return route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Panne simulée' }),
            });
          if (mode === 'odd')
            return route.fulfill({
              status: 200,
              contentType: 'application/json',
              body: JSON.stringify({ data: 'inattendu' }),
            });
          return route.continue();
        },
      );
      await page.goto(e2e.url(paths.adminSubmissions));
      await waitForApp(page);
      const alert = page.locator('.list-error');
      await alert.getByText('Impossible de charger les soumissions').waitFor();

      mode = 'real';
      await alert.getByRole('button', { name: 'Réessayer' }).click();
      await waitForRows(page, 15);

      mode = 'odd';
      await page.locator('.submission-filters').getByLabel('Statut').selectOption({ label: 'Rejeté' });
      await expectToast(page, 'Avertissement', 'Format de données incorrect reçu du serveur');
      await page.getByText('Aucune soumission trouvée').waitFor();
      expect(observed.consoleErrors.filter((text) => !provokedFailure(text))).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('the detail dialog', () => {
  test('shows every field with safe contact links and the attachments, and closes with Escape', async () => {
    const target = sent[0]!;
    const observed = await openScreen(`?search=${encodeURIComponent(target.title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      await manageButton(page, target).click();
      const dialog = dialogOf(page, target);
      await dialog.waitFor();
      const text = await dialog.innerText();
      for (const value of [
        target.title,
        'Construction résidentielle',
        '25M - 50M FCFA',
        'Cotonou, quartier 1',
        '15/03/2027',
        'Agbodjan & Fils',
        'Deuxième ligne de la demande 1.',
        'Plan façade 1.pdf',
        'Croquis.png',
      ]) {
        expect(text).toContain(value);
      }
      expect(await dialog.getByRole('link', { name: 'awa.agbodjan@example.bj' }).getAttribute('href')).toBe(
        `mailto:awa.agbodjan@example.bj?subject=${encodeURIComponent(`Votre projet « ${target.title} » (${target.reference})`)}`,
      );
      expect(await dialog.getByRole('link', { name: '+229 01 97 12 34 10' }).getAttribute('href')).toBe(
        'tel:+2290197123410',
      );
      const whatsapp = dialog.getByRole('link', { name: 'Écrire à Awa sur WhatsApp' });
      expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2290197123410\?text=/);
      expect(await whatsapp.getAttribute('rel')).toBe('noopener noreferrer');
      // Sizes as sent: the PDF's bytes in French units.
      expect(text).toMatch(/Plan façade 1\.pdf \(\d+ (o|Ko)\)/);
      // The URL names the open dialog: a reload opens it again.
      expect(new URL(page.url()).searchParams.get('soumission')).toBe(String(target.id));
      await page.reload();
      await waitForApp(page);
      await dialog.waitFor();

      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('soumission')).toBeNull();
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('each of the five statuses is saved in turn; a note joins the history, the contact method is saved and cleared', async () => {
    const target = sent[1]!;
    const observed = await openScreen(`?search=${encodeURIComponent(target.title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      const dialog = dialogOf(page, target);
      for (const status of ['contacted', 'quoted', 'approved', 'rejected', 'new'] as const) {
        await manageButton(page, target).click();
        await dialog.waitFor();
        await dialog.getByLabel('Statut').selectOption({ label: STATUS_LABELS[status] });
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await expect.poll(() => dialog.count()).toBe(0);
        await expect.poll(() => rowOf(target.id)?.status).toBe(status);
        // The list reloads: the badge and the tile follow.
        await expect.poll(() => cellsOf(rows(page).first()).nth(2).innerText()).toBe(STATUS_LABELS[status]);
        await waitForRows(page, 1);
        await expect
          .poll(() => tileValue(page, STATUS_LABELS[status]).textContent())
          .toBe(String(countWhere('status = ?', status)));
      }
      await expectToast(page, 'Statut mis à jour', 'Statut mis à jour avec succès.');

      await manageButton(page, target).click();
      await dialog
        .getByLabel('Nouvelle note interne')
        .fill('  Rappeler lundi : plans reçus, devis à préparer.  ');
      await dialog.getByLabel('Méthode de contact').selectOption({ label: 'WhatsApp' });
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => rowOf(target.id)?.contact_method).toBe('whatsapp');
      expect(rowOf(target.id)?.admin_notes).toBe('Rappeler lundi : plans reçus, devis à préparer.');
      await waitForRows(page, 1);

      // Opened again: the note is the latest one and an entry of the history, the field is
      // empty for the next one; the contact method emptied is stored as nothing.
      await manageButton(page, target).click();
      await expect
        .poll(() => dialog.locator('.submission-history').innerText())
        .toContain('Note interne : Rappeler lundi : plans reçus, devis à préparer.');
      expect(await dialog.getByLabel('Nouvelle note interne').inputValue()).toBe('');
      expect(await dialog.locator('.submission-latest-note').innerText()).toBe(
        'Rappeler lundi : plans reçus, devis à préparer.',
      );
      expect(await dialog.getByLabel('Méthode de contact').inputValue()).toBe('whatsapp');
      await dialog.getByLabel('Méthode de contact').selectOption({ label: 'Non précisée' });
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect.poll(() => rowOf(target.id)?.contact_method).toBeNull();
      expect(rowOf(target.id)?.admin_notes).toBe('Rappeler lundi : plans reçus, devis à préparer.');
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a refused update says Impossible de mettre à jour le statut and keeps the dialog and the stored status', async () => {
    const target = sent[3]!;
    const observed = await openScreen(`?search=${encodeURIComponent(target.title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      await page.route(
        (url) => url.pathname === `${SUBMISSIONS_URL}/${target.id}/status`,
        (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Panne simulée' }),
          }),
      );
      await manageButton(page, target).click();
      const dialog = dialogOf(page, target);
      await dialog.getByLabel('Statut').selectOption({ label: 'Devisé' });
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog
        .getByRole('alert')
        .getByText('Impossible de mettre à jour le statut : Panne simulée')
        .waitFor();
      await expectToast(page, 'Erreur', 'Impossible de mettre à jour le statut');
      expect(rowOf(target.id)?.status).toBe('new');
      expect(await dialog.getByLabel('Statut').inputValue()).toBe('quoted');

      // Closing a changed form asks first.
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      const prompt = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
      await prompt.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(observed.consoleErrors.filter((text) => !provokedFailure(text))).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('a session that ends while the dialog is open', () => {
  test('saving with a revoked token goes to /login, then back to the same dialog with the typed notes, then saves', async () => {
    const target = sent[8]!;
    const observed = await openScreen(`?search=${encodeURIComponent(target.title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      await manageButton(page, target).click();
      const dialog = dialogOf(page, target);
      await dialog.getByLabel('Statut').selectOption({ label: 'Contacté' });
      await dialog
        .getByLabel('Nouvelle note interne')
        .fill('Appelé mardi, rappeler après la visite du terrain.');

      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const logout = await fetch(e2e.url('/api/auth/logout'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(logout.status).toBe(200);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await page.waitForURL(e2e.url(paths.login));
      expect(rowOf(target.id)?.status).toBe('new');

      await submitLogin(page);
      await page.waitForURL(
        (url) =>
          url.pathname === paths.adminSubmissions && url.searchParams.get('soumission') === String(target.id),
      );
      await dialog.waitFor();
      await expect
        .poll(() => dialog.getByLabel('Nouvelle note interne').inputValue())
        .toBe('Appelé mardi, rappeler après la visite du terrain.');
      expect(await dialog.getByLabel('Statut').inputValue()).toBe('contacted');
      await dialog.getByText('Votre saisie non enregistrée a été restaurée.').waitFor();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect.poll(() => rowOf(target.id)?.status).toBe('contacted');
      expect(rowOf(target.id)?.admin_notes).toBe('Appelé mardi, rappeler après la visite du terrain.');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(observed.consoleErrors.filter((text) => !/status of 401/.test(text))).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('files and deletion', () => {
  test('the zip is saved as projet_{id}_{reference}_{title}.zip and holds a summary and the files sent, byte for byte', async () => {
    const target = sent[4]!;
    const observed = await openScreen(`?search=${encodeURIComponent(target.title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('button', { name: `Fichiers (zip) de ${target.firstName} ${FAMILY}`, exact: true })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        `projet_${target.id}_${target.reference}_Villa_façade_E2E_n°05.zip`,
      );
      const [summary, ...entries] = readZip(readFileSync((await download.path())!));
      expect(summary!.name).toBe('demande.txt');
      const summaryText = summary!.data.toString('utf8');
      for (const value of [
        target.reference,
        target.title,
        'Agbodjan & Fils',
        '15/03/2027',
        'Plan façade 5.pdf',
      ])
        expect(summaryText).toContain(value);
      expect(entries.map((entry) => entry.name)).toEqual(target.files.map((file) => file.name));
      for (const [i, entry] of entries.entries()) expect(entry.data.equals(target.files[i]!.data)).toBe(true);

      // From the dialog too.
      await manageButton(page, target).click();
      const dialog = dialogOf(page, target);
      const [again] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Télécharger les fichiers (zip)' }).click(),
      ]);
      expect(again.suggestedFilename()).toBe(download.suggestedFilename());
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a download refused by the server shows its message; a tiny blob is refused as invalid or empty', async () => {
    const target = sent[5]!;
    const observed = await openScreen(`?search=${encodeURIComponent(target.title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      let reply: 'json' | 'tiny' = 'json';
      await page.route(
        (url) => url.pathname === `${SUBMISSIONS_URL}/${target.id}/download`,
        (route) =>
          reply === 'json'
            ? route.fulfill({
                status: 404,
                contentType: 'application/json',
                body: JSON.stringify({
                  message: 'Les fichiers joints à cette soumission sont introuvables.',
                }),
              })
            : route.fulfill({
                status: 200,
                contentType: 'application/zip',
                body: Buffer.from('PK\u0005\u0006'),
              }),
      );
      const button = page.getByRole('button', {
        name: `Fichiers (zip) de ${target.firstName} ${FAMILY}`,
        exact: true,
      });
      await button.click();
      await toastSaying(page, 'Erreur', 'Les fichiers joints à cette soumission sont introuvables.');
      reply = 'tiny';
      await button.click();
      await toastSaying(page, 'Erreur', 'Le fichier téléchargé semble être invalide ou vide');

      // Without a stored token the download is not even tried.
      await page.evaluate(() => localStorage.removeItem('access_token'));
      await button.click();
      await toastSaying(page, 'Erreur', 'Vous devez être connecté pour télécharger les fichiers');
      expect(observed.consoleErrors.filter((text) => !/status of 404/.test(text))).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('deleting asks the browser confirm: dismissed keeps it; accepted moves it to the trash, its files kept on disk', async () => {
    const target = sent[6]!;
    const folder = path.join(e2e.storageDir, 'app', 'private', 'submissions', String(target.id));
    expect(readdirSync(folder)).toHaveLength(2);
    const observed = await openScreen(`?search=${encodeURIComponent(target.title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      const remove = page.getByRole('button', {
        name: `Supprimer la soumission de ${target.firstName} ${FAMILY}`,
      });
      const questions: string[] = [];
      page.once('dialog', (dialog) => {
        questions.push(dialog.message());
        void dialog.dismiss();
      });
      await remove.click();
      await expect
        .poll(() => questions)
        .toEqual([
          'Êtes-vous sûr de vouloir supprimer cette soumission ? Cet élément sera placé dans la corbeille pendant 30 jours. Vous pourrez le restaurer.',
        ]);
      expect(rowOf(target.id)).toBeDefined();

      const totalBefore = countWhere();
      page.once('dialog', (dialog) => void dialog.accept());
      await remove.click();
      await expectToast(page, 'Suppression réussie', 'Soumission supprimée avec succès.');
      await page.getByText('Aucune soumission trouvée').waitFor();
      // In the trash (docs/product-rules.md, "Trash"): marked, out of the list and the counts;
      // its rows and private files stay until it is purged.
      expect(
        db<{ deleted_at: string | null }>(
          'select deleted_at from project_submissions where id = ?',
          target.id,
        )[0]?.deleted_at,
      ).toBeTruthy();
      expect(db('select id from submission_attachments where submission_id = ?', target.id)).toHaveLength(2);
      expect(readdirSync(folder)).toHaveLength(2);
      await page.getByLabel('Rechercher une soumission').fill('');
      await expect.poll(() => tileValue(page, 'Total').textContent()).toBe(String(totalBefore - 1));
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a refused deletion says Impossible de supprimer la soumission and keeps the row', async () => {
    const target = sent[7]!;
    const observed = await openScreen(`?search=${encodeURIComponent(target.title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      await page.route(
        (url) => url.pathname === `${SUBMISSIONS_URL}/${target.id}`,
        (route) =>
          route.request().method() === 'DELETE'
            ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Panne"}' })
            : route.continue(),
      );
      page.once('dialog', (dialog) => void dialog.accept());
      await page
        .getByRole('button', { name: `Supprimer la soumission de ${target.firstName} ${FAMILY}` })
        .click();
      await expectToast(page, 'Erreur', 'Impossible de supprimer la soumission');
      expect(rowOf(target.id)).toBeDefined();
      expect(await rows(page).count()).toBe(1);
      expect(observed.consoleErrors.filter((text) => !provokedFailure(text))).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('CSV export', () => {
  test('‘Exporter (CSV)’ downloads the filtered submissions with the token: BOM, ";", French headers, the reference first, formulas neutralised', async () => {
    // A request whose text would run as a formula in a spreadsheet.
    const title = `Export CSV E2E ${Date.now()}`;
    const form = new FormData();
    const fields: Record<string, string> = {
      firstName: 'Awa',
      lastName: FAMILY,
      email: 'awa.export@example.bj',
      phone: '+229 01 97 12 34 99',
      company: '=SOMME(A1)',
      projectTitle: title,
      projectType: 'Construction résidentielle',
      location: 'Cotonou',
      startDate: '15/03/2027',
      budget: '25M - 50M FCFA',
      description: '@mention et +1 en tête de la description.',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(e2e.url('/api/submit-project'), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: form,
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };

    const observed = await openScreen(`?search=${encodeURIComponent(title)}`);
    try {
      const { page } = observed;
      await waitForRows(page, 1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^soumissions-projets-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = parse(text, { bom: true, delimiter: ';' }) as string[][];
      expect(rows[0]!.slice(0, 4)).toEqual(['Référence', 'Date', 'Heure', 'Prénom']);
      expect(rows).toHaveLength(2);
      const row = Object.fromEntries(rows[0]!.map((header, i) => [header, rows[1]![i]]));
      expect(row).toMatchObject({
        Référence: reference,
        Nom: FAMILY,
        Entreprise: "'=SOMME(A1)",
        'Titre du projet': title,
        Description: "'@mention et +1 en tête de la description.",
        'Date de début souhaitée': '15/03/2027',
        Statut: 'Nouveau',
      });
      expect(row.Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('bulk actions', () => {
  test('rows ticked on two pages change status together: the bar counts them, the rows and the tiles follow', async () => {
    const observed = await openScreen();
    try {
      const { page } = observed;
      await waitForRows(page, 15);
      // Newest first: the first two rows of page 1 and the first of page 2.
      const order = db<{
        id: number;
        reference: string;
        first_name: string;
        last_name: string;
        status: string;
      }>(
        'select id, reference, first_name, last_name, status from project_submissions where deleted_at is null order by created_at desc, id desc',
      );
      const chosen = [order[0]!, order[1]!, order[15]!];
      const target = (['quoted', 'approved', 'rejected', 'contacted'] as const).find(
        (status) => !chosen.some((row) => row.status === status),
      )!;
      const label = STATUS_LABELS[target];
      const before = countWhere('status = ?', target);
      await expect.poll(() => tileValue(page, label).textContent()).toBe(String(before));

      const tick = (row: (typeof chosen)[number]) =>
        page.getByRole('checkbox', {
          name: `Sélectionner la soumission de ${row.first_name} ${row.last_name} (${row.reference})`,
          exact: true,
        });
      await tick(chosen[0]!).check();
      await tick(chosen[1]!).check();
      const bar = page.getByRole('region', { name: 'Actions groupées' });
      await bar.getByText('2 soumissions sélectionnées').waitFor();

      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.getByText(/^Page 2 sur/).waitFor();
      await tick(chosen[2]!).check();
      await bar.getByText('3 soumissions sélectionnées').waitFor();

      await bar.getByRole('button', { name: 'Changer le statut' }).click();
      const confirm = page.getByRole('dialog', { name: 'Changer le statut de 3 soumissions ?' });
      await confirm.getByLabel('Nouveau statut').selectOption({ label });
      await confirm.getByRole('button', { name: 'Changer le statut' }).click();
      await expectToast(page, 'Changer le statut', '3 éléments modifiés.');

      for (const row of chosen) expect(rowOf(row.id)?.status).toBe(target);
      await expect.poll(() => tileValue(page, label).textContent()).toBe(String(before + 3));
      expect(countWhere('status = ?', target)).toBe(before + 3);
      // The selection is done with: the bar goes; the rows show their new status.
      await expect.poll(() => bar.count()).toBe(0);
      const statusCell = (row: (typeof chosen)[number]) =>
        cellsOf(rows(page).filter({ has: tick(row) })).nth(2);
      await expect.poll(() => statusCell(chosen[2]!).innerText()).toBe(label);
      await page.getByRole('button', { name: 'Précédent' }).click();
      await page.getByText(/^Page 1 sur/).waitFor();
      await expect.poll(() => statusCell(chosen[0]!).innerText()).toBe(label);
      expect(await statusCell(chosen[1]!).innerText()).toBe(label);
      expect(await tick(chosen[0]!).isChecked()).toBe(false);
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
