import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { storageLayout } from '#server/storage/layout';
import { e2eHarness } from '../helpers/e2e-harness';
import { storedImageChecks } from '../helpers/stored-images';
import { png } from '../helpers/images';
import { expectToast, failWith500, submitLogin, unexpectedErrors } from './admin-helpers';

// The back office's projects (product rules, Back office; product rules, Pages and routes;
// product rules: editing loads the project from the API
// and can remove or replace any image), driven in Chromium against the built server, checked
// in the database, on disk and on the public portfolio.

const e2e = e2eHarness({ env: { LOGIN_MAX_ATTEMPTS: '50' } });

// --- Data helpers. ---

interface ProjectRow {
  id: number;
  title: string;
  numero: string;
  deleted_at: string | null;
  date: string;
  status: string;
  description: string;
  categories: string;
  main_image: string;
}
interface ImageRow {
  id: number;
  kind: 'render' | 'project';
  image: string;
  description: string;
}

const projectByNumero = (numero: string) =>
  e2e.query<ProjectRow>('select * from projects where numero = ?', numero)[0];
const imagesOf = (projectId: number) =>
  e2e.query<ImageRow>(
    'select id, kind, image, description from project_images where project_id = ? order by kind, position',
    projectId,
  );

/** A stored image and its WebP variants (shared/image-variants.ts) are on disk. */
const trashed = storedImageChecks(() => storageLayout(e2e.storageDir));
const storedFile = (stored: string) => path.join(e2e.storageDir, 'app', 'public', stored);
const variant = (stored: string) => storedFile(stored).replace(/\.\w+$/, '-320.webp');

/** A small PNG of one colour, as the file chooser takes it. */
async function pngFile(name: string, color: { r: number; g: number; b: number }) {
  return { name, mimeType: 'image/png', buffer: await png({ width: 400, height: 300, color }) };
}

/** A PNG of noise that does not compress: about 1.4 MB, under the 2 MB limit, slow on a throttled link. */
async function heavyPng(name: string) {
  const buffer = await sharp({
    create: {
      width: 700,
      height: 700,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Console errors, less the resource failures a test provokes on purpose (a 404, a 422...). */
const form = (page: Page) => page.locator('form.project-form');

/** Fills the text fields of the project form. */
async function fillFields(
  page: Page,
  values: { title: string; numero: string; date: string; description: string },
) {
  // In the form only: the list's search box is labelled 'Rechercher un projet (titre ou
  // numéro)', which a label search by substring also finds while the form's route loads.
  await form(page).getByLabel('Titre').fill(values.title);
  await form(page).getByLabel('Numéro').fill(values.numero);
  await form(page).getByLabel('Date').fill(values.date);
  await page.locator('textarea[name="description"]').fill(values.description);
}

// --- The list. ---

describe('projects list', () => {
  test('shows every project with Titre, Date (fr-FR), Numéro, Statut and links, sorts on a header, and searches the title or numéro without case', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Projets', exact: true })
        .click();
      await page.waitForURL(e2e.url(paths.adminProjects));
      const table = page.getByRole('table', { name: 'Projets' });
      await table.waitFor();
      // The page's checkbox first (bulk actions), then the columns; those the server sorts on are buttons.
      expect(await table.locator('thead th').allTextContents()).toEqual([
        '',
        'Image',
        'Titre↕',
        'Date↕',
        'Numéro↕',
        'Statut↕',
        'État',
        'Actions',
      ]);

      // The latest entered first (docs/product-rules.md, "Lists of the back office").
      const rows = e2e.query<ProjectRow>(
        'select * from projects where deleted_at is null order by created_at desc, id desc',
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(await table.locator('tbody tr').count()).toBe(rows.length);
      await page.locator('.list-count', { hasText: `sur ${rows.length}` }).waitFor();
      const first = rows[0]!;
      const cells = await table
        .locator('tbody tr')
        .first()
        .locator('td:not(.thumb):not(.select-cell)')
        .allTextContents();
      const [y, m, d] = first.date.slice(0, 10).split('-');
      expect(cells.slice(0, 4)).toEqual([first.title, `${d}/${m}/${y}`, first.numero, first.status]);
      const firstRow = table.locator('tbody tr').first();
      expect(
        await firstRow
          .getByRole('link', { name: `Voir ${first.title} (nouvel onglet)` })
          .getAttribute('href'),
      ).toBe(paths.project(first.id));
      expect(await firstRow.getByRole('link', { name: `Modifier ${first.title}` }).getAttribute('href')).toBe(
        paths.adminProjectEdit(first.id),
      );
      expect(await page.getByRole('link', { name: 'Nouveau projet' }).getAttribute('href')).toBe(
        paths.adminProjectNew,
      );

      // A click on 'Date' sorts on it, the oldest first; a second click, the latest first.
      const date = table.getByRole('columnheader', { name: 'Date', exact: true });
      const titles = () => table.locator('tbody tr td[data-label="Titre"]').allTextContents();
      const byDate = e2e.query<ProjectRow>(
        'select * from projects where deleted_at is null order by date asc, id asc',
      );
      await date.getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'date');
      await expect.poll(titles).toEqual(byDate.map((row) => row.title));
      expect(await date.getAttribute('aria-sort')).toBe('ascending');
      await date.getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === '-date');
      await expect.poll(titles).toEqual([...byDate].reverse().map((row) => row.title));
      expect(await date.getAttribute('aria-sort')).toBe('descending');

      const search = page.getByRole('searchbox', { name: 'Rechercher un projet (titre ou numéro)' });
      await search.fill(first.numero.toLowerCase());
      await expect
        .poll(() => table.locator('tbody tr').count())
        .toBe(
          rows.filter(
            (r) =>
              r.numero.toLowerCase().includes(first.numero.toLowerCase()) ||
              r.title.toLowerCase().includes(first.numero.toLowerCase()),
          ).length,
        );
      await expect
        .poll(() => table.locator('tbody tr td[data-label="Titre"]').allTextContents())
        .toContain(first.title);
      await search.fill(first.title.toUpperCase());
      await expect
        .poll(() => table.locator('tbody tr td[data-label="Titre"]').allTextContents())
        .toContain(first.title);
      await search.fill('zzz-aucun-projet-zzz');
      await page.getByText('Aucun projet trouvé').waitFor();
      expect(unexpectedErrors(observed)).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });

  test('a failed load says so with Réessayer, which loads the list', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      let fail = true;
      await failWith500(page, '**/api/admin/projects?*', 'Panne', () => fail);
      await page.goto(e2e.url(paths.adminProjects));
      const alert = page.getByRole('alert').filter({ hasText: 'Erreur lors du chargement des projets' });
      await alert.waitFor();
      fail = false;
      await alert.getByRole('button', { name: 'Réessayer' }).click();
      await page.getByRole('table', { name: 'Projets' }).waitFor();
      expect(unexpectedErrors(observed, 500)).toEqual([]);
    });
  });
});

// --- The form's rules. ---

describe('project form validation', () => {
  test('an empty form shows the product rules messages beside the fields and focuses the first; nothing is sent', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProjectNew));
      await page.getByRole('heading', { name: 'Nouveau projet' }).waitFor();
      // Product rules, Limits and constants: a new project starts 'En attente'; the four statuses are offered.
      const status = page.getByLabel('Statut');
      expect(await status.inputValue()).toBe('En attente');
      expect(await status.locator('option').allTextContents()).toEqual([
        'En attente',
        'En cours',
        'Complété',
        'Annulé',
      ]);
      expect(await page.locator('.chip').allTextContents()).toEqual([
        'Résidentiel',
        'Commercial',
        'Institutionnel',
        'Industriel',
        'Paysager',
        'Clôture',
      ]);

      const posts: string[] = [];
      page.on(
        'request',
        (request) =>
          request.method() === 'POST' && request.url().includes('/api/projects') && posts.push(request.url()),
      );
      await page.getByRole('button', { name: 'Créer le projet' }).click();
      for (const message of [
        'Le titre doit contenir au moins 3 caractères',
        'Le numéro du projet doit contenir au moins 3 caractères',
        'La date est requise',
        'La description doit contenir au moins 10 caractères',
        'Au moins une catégorie est requise',
        "L'image principale est obligatoire",
      ]) {
        await form(page).locator('.field-error', { hasText: message }).waitFor();
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
      expect(await form(page).getByLabel('Titre').getAttribute('aria-invalid')).toBe('true');

      // Choosing a category clears its message; choosing it again removes it (product rules, States).
      const chip = page.getByRole('button', { name: 'Paysager' });
      await chip.click();
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      expect(await form(page).getByText('Au moins une catégorie est requise').count()).toBe(0);
      await chip.click();
      expect(await chip.getAttribute('aria-pressed')).toBe('false');

      // A render with a file needs a description; a row without a file is not checked.
      await page.getByRole('button', { name: 'Ajouter un rendu' }).click();
      await page.getByRole('button', { name: 'Ajouter un rendu' }).click();
      expect(await page.getByText('Description requise lorsqu’une image est fournie').count()).toBe(2);
      await page
        .getByLabel('Fichier (Nouveau rendu 1)')
        .setInputFiles(await pngFile('rendu.png', { r: 20, g: 120, b: 200 }));
      await page.getByRole('button', { name: 'Créer le projet' }).click();
      await form(page)
        .locator('.field-error', { hasText: 'Une description est requise pour chaque image/rendu ajouté' })
        .waitFor();
      expect(
        await form(page)
          .locator('.field-error', { hasText: 'Une description est requise pour chaque image/rendu ajouté' })
          .count(),
      ).toBe(1);
      expect(await page.getByLabel('Description (Nouveau rendu 1)').getAttribute('aria-invalid')).toBe(
        'true',
      );

      // A file that is not an image is refused in the browser.
      await page
        .getByLabel('Image principale')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('bonjour') });
      await form(page)
        .locator('.field-error', { hasText: 'Le fichier doit être une image (JPEG, PNG, etc.)' })
        .waitFor();
      expect(posts).toEqual([]);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });

  test('/admin/projects/edit/{unknown id} shows Projet non trouvé and no form', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProjectEdit(987654)));
      await page.getByRole('alert').filter({ hasText: 'Projet non trouvé' }).waitFor();
      expect(await page.locator('form.project-form').count()).toBe(0);
      expect(unexpectedErrors(observed, 404)).toEqual([]);
    });
  });
});

// --- Create, show, edit, delete: one project's life. ---

describe('a project from creation to deletion', () => {
  const numero = 'E2E-PRJ-001';
  const title = 'Résidence E2E à Fidjrossè';
  let created: ProjectRow;
  let createdImages: ImageRow[];

  test('creating with a main image, two renders and a project image stores the rows and files, toasts, and lists it', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProjects));
      await page.getByRole('link', { name: 'Nouveau projet' }).click();
      await page.waitForURL(e2e.url(paths.adminProjectNew));
      await page.getByRole('heading', { name: 'Nouveau projet' }).waitFor();
      await fillFields(page, {
        title,
        numero,
        date: '2031-05-20',
        description: 'Construction d’une résidence de six logements avec clôture.',
      });
      await page.getByLabel('Statut').selectOption('En cours');
      await page.getByRole('button', { name: 'Résidentiel' }).click();
      await page.getByRole('button', { name: 'Clôture' }).click();

      await page
        .getByLabel('Image principale')
        .setInputFiles(await pngFile('principale.png', { r: 200, g: 60, b: 40 }));
      // The preview shows before any upload.
      expect(await page.getByRole('img', { name: 'Aperçu de principale.png' }).getAttribute('src')).toMatch(
        /^blob:/,
      );

      await page.getByRole('button', { name: 'Ajouter un rendu' }).click();
      await page
        .getByLabel('Fichier (Nouveau rendu 1)')
        .setInputFiles(await pngFile('rendu-facade.png', { r: 30, g: 90, b: 200 }));
      await page.getByLabel('Description (Nouveau rendu 1)').fill('Rendu 3D de la façade');
      await page.getByRole('button', { name: 'Ajouter un rendu' }).click();
      await page
        .getByLabel('Fichier (Nouveau rendu 2)')
        .setInputFiles(await pngFile('rendu-rue.png', { r: 30, g: 160, b: 90 }));
      await page.getByLabel('Description (Nouveau rendu 2)').fill('Vue côté rue');
      // A third row left empty is not sent.
      await page.getByRole('button', { name: 'Ajouter un rendu' }).click();
      await page.getByRole('button', { name: 'Ajouter une image' }).click();
      await page
        .getByLabel('Fichier (Nouvelle image 1)')
        .setInputFiles(await pngFile('dalle.png', { r: 120, g: 120, b: 120 }));
      await page.getByLabel('Description (Nouvelle image 1)').fill('Coulage de la dalle');

      await page.getByRole('button', { name: 'Créer le projet' }).click();
      await expectToast(page, 'Projet créé');
      await page.waitForURL(e2e.url(paths.adminProjects));
      await page.getByRole('cell', { name: title, exact: true }).waitFor();

      created = projectByNumero(numero)!;
      expect(created).toMatchObject({
        title,
        status: 'En cours',
        description: 'Construction d’une résidence de six logements avec clôture.',
      });
      expect(String(created.date).slice(0, 10)).toBe('2031-05-20');
      expect(JSON.parse(created.categories)).toEqual(['Résidentiel', 'Clôture']);
      createdImages = imagesOf(created.id);
      expect(createdImages.map((image) => [image.kind, image.description])).toEqual([
        ['project', 'Coulage de la dalle'],
        ['render', 'Rendu 3D de la façade'],
        ['render', 'Vue côté rue'],
      ]);
      for (const stored of [created.main_image, ...createdImages.map((image) => image.image)]) {
        expect(existsSync(storedFile(stored)), stored).toBe(true);
        expect(existsSync(variant(stored)), stored).toBe(true);
      }
      expect(unexpectedErrors(observed)).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });

  test('the new project is on the public portfolio and its page shows both image sets', async () => {
    const portfolio = await (await fetch(e2e.url(paths.projects))).text();
    expect(portfolio).toContain('Voir les détails');
    expect(portfolio).toContain(title.replace(/'/g, '&#x27;'));
    expect(portfolio).toContain(`href="${paths.project(created.id)}"`);
    const detail = await fetch(e2e.url(paths.project(created.id)));
    expect(detail.status).toBe(200);
    const html = await detail.text();
    for (const text of [
      title,
      numero,
      'Rendus Architecturaux (2)',
      'Images de Projet (1)',
      'Rendu 3D de la façade',
      'Vue côté rue',
      'Coulage de la dalle',
    ]) {
      expect(html, text).toContain(text);
    }
  });

  test('editing loads the project, changes the title, removes a render, edits a description and replaces the main image', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProjects));
      await page.getByRole('link', { name: `Modifier ${title}` }).click();
      await page.waitForURL(e2e.url(paths.adminProjectEdit(created.id)));
      await page.getByRole('heading', { name: 'Modifier le projet' }).waitFor();
      expect(await form(page).getByLabel('Titre').inputValue()).toBe(title);
      expect(await form(page).getByLabel('Numéro').inputValue()).toBe(numero);
      expect(await page.getByLabel('Date').inputValue()).toBe('2031-05-20');
      expect(await page.getByLabel('Statut').inputValue()).toBe('En cours');
      expect(await page.getByRole('button', { name: 'Clôture' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('img', { name: 'Image principale actuelle' }).getAttribute('src')).toBe(
        `/storage/${created.main_image}`,
      );
      expect(await page.getByLabel('Description (Rendu 1)').inputValue()).toBe('Rendu 3D de la façade');
      expect(await page.getByLabel('Description (Image 1)').inputValue()).toBe('Coulage de la dalle');

      await form(page).getByLabel('Titre').fill(`${title} (phase 2)`);
      await page.getByLabel('Supprimer (Rendu 1)').check();
      await page.getByLabel('Description (Rendu 2)').fill('Vue depuis la rue principale');
      // Removing the stored main image without a new one is refused (product rules, Validation).
      await page.getByRole('button', { name: 'Retirer l’image actuelle' }).click();
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      await form(page).locator('.field-error', { hasText: "L'image principale est obligatoire" }).waitFor();
      await page
        .getByLabel('Image principale')
        .setInputFiles(await pngFile('nouvelle-principale.png', { r: 240, g: 200, b: 20 }));
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Projet mis à jour');
      await page.waitForURL(e2e.url(paths.adminProjects));

      const updated = projectByNumero(numero)!;
      expect(updated.title).toBe(`${title} (phase 2)`);
      expect(updated.main_image).not.toBe(created.main_image);
      expect(existsSync(storedFile(updated.main_image))).toBe(true);
      // Kept while the version before the save shows it (docs/product-rules.md, "Revisions").
      expect(existsSync(storedFile(created.main_image))).toBe(true);
      expect(existsSync(variant(created.main_image))).toBe(true);
      const images = imagesOf(created.id);
      const [removed, kept] = createdImages.filter((image) => image.kind === 'render');
      expect(images.map((image) => [image.id, image.description])).toEqual([
        [createdImages[0]!.id, 'Coulage de la dalle'],
        [kept!.id, 'Vue depuis la rue principale'],
      ]);
      expect(existsSync(storedFile(removed!.image))).toBe(true);
      expect(existsSync(storedFile(kept!.image))).toBe(true);
      created = updated;
      expect(unexpectedErrors(observed)).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });

  test('a throttled upload shows the progress bar and the button says Chargement... until it is done', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProjectEdit(created.id)));
      await page.getByRole('heading', { name: 'Modifier le projet' }).waitFor();
      await page.getByLabel('Image principale').setInputFiles(await heavyPng('grande.png'));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      // About 1.4 MB at 200 KB/s: several seconds of upload.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 5_000_000,
        uploadThroughput: 200 * 1024,
      });
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      const bar = form(page).locator('.upload-progress progress');
      await bar.waitFor();
      expect(await page.getByRole('button', { name: 'Chargement...' }).isDisabled()).toBe(true);
      await expect
        .poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 })
        .toBeGreaterThan(0);
      const midway = Number(await bar.getAttribute('value'));
      expect(midway).toBeLessThan(100);
      expect(await form(page).locator('.upload-progress').textContent()).toMatch(/Envoi en cours : \d+ %/);
      await expectToast(page, 'Projet mis à jour');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      expect(projectByNumero(numero)!.main_image).not.toBe(created.main_image);
      created = projectByNumero(numero)!;
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });

  test('a session ended while editing: after signing in again the typed values come back, with a note naming the files to choose again', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProjectEdit(created.id)));
      await page.getByRole('heading', { name: 'Modifier le projet' }).waitFor();
      await form(page).getByLabel('Titre').fill('Titre tapé avant la fin de session');
      await page.getByRole('button', { name: 'Ajouter une image' }).click();
      await page
        .getByLabel('Fichier (Nouvelle image 1)')
        .setInputFiles(await pngFile('toiture.png', { r: 90, g: 40, b: 10 }));
      await page.getByLabel('Description (Nouvelle image 1)').fill('Pose de la toiture');

      // The session is revoked elsewhere (logout with the same token).
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const logout = await fetch(e2e.url('/api/auth/logout'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      expect(logout.ok).toBe(true);
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      await page.waitForURL(e2e.url(paths.login));
      await expectToast(page, 'Session expirée');
      await submitLogin(page);
      await page.waitForURL(e2e.url(paths.adminProjectEdit(created.id)));
      await page.getByText('Votre saisie non enregistrée a été restaurée.').waitFor();
      expect(await form(page).getByLabel('Titre').inputValue()).toBe('Titre tapé avant la fin de session');
      expect(await page.getByLabel('Description (Nouvelle image 1)').inputValue()).toBe('Pose de la toiture');
      await page.getByText('Les images choisies n’ont pas pu être conservées dans le brouillon').waitFor();
      await page
        .getByText('Image choisie avant l’interruption : toiture.png. Choisissez-la de nouveau.')
        .waitFor();
      // Nothing was saved meanwhile.
      expect(projectByNumero(numero)!.title).toBe(created.title);

      // Leaving asks first; "Rester sur la page" keeps the values.
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Projets', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Rester sur la page' }).click();
      expect(new URL(page.url()).pathname).toBe(paths.adminProjectEdit(created.id));
      await page.getByRole('button', { name: 'Annuler' }).click();
      await page.waitForURL(e2e.url(paths.adminProjects));
      expect(unexpectedErrors(observed, 401)).toEqual([]);
    });
  });

  test('deleting asks first, then toasts, removes the row and moves the project and every file to the trash; the public page answers 404', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProjects));
      const images = imagesOf(created.id);
      await page.getByRole('button', { name: `Supprimer ${created.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(created.title);
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      expect(projectByNumero(numero)).toBeDefined();

      await page.getByRole('button', { name: `Supprimer ${created.title}` }).click();
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Suppression réussie', 'Le projet a bien été supprimé');
      await expect.poll(() => page.getByRole('cell', { name: created.title, exact: true }).count()).toBe(0);
      // In the trash (docs/product-rules.md, "Trash"): rows kept, the project marked, files aside.
      expect(projectByNumero(numero)?.deleted_at).toBeTruthy();
      expect(imagesOf(created.id)).toEqual(images);
      for (const stored of [created.main_image, ...images.map((image) => image.image)])
        trashed.expectTrashed(stored);
      expect((await fetch(`${e2e.baseUrl}/api/projects/${created.id}`)).status).toBe(404);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });

  test('a failed deletion shows Erreur lors de la suppression du projet with the server message', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await failWith500(
        page,
        '**/api/projects/*',
        'Erreur interne du serveur',
        (route) => route.request().method() === 'DELETE',
      );
      await page.goto(e2e.url(paths.adminProjects));
      const firstTitle = (await page
        .getByRole('table', { name: 'Projets' })
        .locator('tbody tr td[data-label="Titre"]')
        .first()
        .textContent())!;
      await page.getByRole('button', { name: `Supprimer ${firstTitle}` }).click();
      await page
        .getByRole('dialog', { name: 'Confirmer la suppression' })
        .getByRole('button', { name: 'Supprimer' })
        .click();
      await expectToast(page, 'Erreur lors de la suppression du projet', 'Erreur interne du serveur');
      expect(e2e.query('select id from projects where title = ?', firstTitle)).toHaveLength(1);
      expect(unexpectedErrors(observed, 500)).toEqual([]);
    });
  });
});
