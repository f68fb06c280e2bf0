import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { storageLayout } from '#server/storage/layout';
import { e2eHarness } from '../helpers/e2e-harness';
import { storedImageChecks } from '../helpers/stored-images';
import { jpegFile } from './admin-images';
import { apiLogin, expectToast, openFromSidebar, rowOf, unexpectedErrors } from './admin-helpers';

// The back office's 'Témoignages' and the public testimonials of the home and about pages
// (docs/product-rules.md, "Testimonials"): a testimonial created with a photo and published
// appears on / and /about with its photo loaded; an unpublished one does not; several are
// published at once from the list's bulk bar; deleting asks first and removes the files.

const e2e = e2eHarness();
const trashed = storedImageChecks(() => storageLayout(e2e.storageDir));

interface TestimonialRow {
  id: number;
  deleted_at: string | null;
  client_name: string;
  town: string;
  project_type: string;
  text: string;
  photo: string | null;
  published: number;
  date: string;
}

function testimonialOf(name: string): TestimonialRow | undefined {
  return e2e.query<TestimonialRow>('select * from testimonials where client_name = ?', name)[0];
}

/** A form field by its label, whether or not the label carries the required mark ' *'. */
function field(form: Locator, label: string): Locator {
  return form.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

const openTestimonials = (page: Page) => openFromSidebar(page, 'Témoignages', paths.adminTestimonials);

/** The public testimonial of `name` on `pagePath`: its figure, or none. */
async function publicFigure(page: Page, pagePath: string, name: string): Promise<Locator> {
  await page.goto(e2e.url(pagePath));
  return page
    .getByRole('region', { name: 'Ils nous ont fait confiance' })
    .locator('figure', { has: page.locator('figcaption strong', { hasText: new RegExp(`^${name}$`) }) });
}

const PUBLISHED = 'Famille Zinsou';
const HIDDEN = 'Rodrigue H.';

describe('testimonials in the back office', () => {
  test('lists every testimonial with its thumbnail and whether it is on the site', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openTestimonials(page);
      const rows = e2e.query<TestimonialRow>('select * from testimonials where deleted_at is null');
      expect(rows.some((row) => row.published === 0)).toBe(true);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(rows.length);
      // The total, read on the server (docs/product-rules.md, "Lists of the back office").
      await page.locator('.list-count', { hasText: `sur ${rows.length}` }).waitFor();
      for (const header of ['Photo', 'Client', 'Ville', 'Projet', 'Date', 'Sur le site', 'Actions'])
        await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
      for (const row of rows) {
        const cell = (label: string) => rowOf(page, row.client_name).locator(`td[data-label="${label}"]`);
        expect(await cell('Sur le site').locator('.badge').textContent()).toBe(
          row.published ? 'Publié' : 'Non publié',
        );
        await cell('Sur le site')
          .getByRole('button', {
            // The visible words first, whose testimonial after them (WCAG 2.5.3, label in name).
            name: `${row.published ? 'Retirer du site' : 'Publier'} le témoignage de ${row.client_name}`,
            exact: true,
          })
          .waitFor();
        if (row.photo) {
          const thumbnail = cell('Photo').getByRole('img', { name: `Photo de ${row.client_name}` });
          await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
        } else expect(await cell('Photo').textContent()).toBe('Aucune');
      }

      // Sorted on the server by a header's click, the order in the address.
      const client = page.getByRole('columnheader', { name: 'Client', exact: true });
      await client.getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'client_name');
      await expect.poll(() => client.getAttribute('aria-sort')).toBe('ascending');
      const first = e2e.query<TestimonialRow>(
        'select * from testimonials where deleted_at is null order by client_name, id limit 1',
      )[0]!;
      await expect
        .poll(() => page.locator('tbody tr td[data-label="Client"]').first().textContent())
        .toBe(first.client_name);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });

  test('creating: the rule messages first, then a published testimonial with its photo, shown on / and /about', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openTestimonials(page);
      await page.getByRole('link', { name: 'Nouveau témoignage' }).click();
      await page.waitForURL(e2e.url(paths.adminTestimonialNew));
      const form = page.getByRole('form', { name: 'Nouveau témoignage' });
      await form.getByRole('button', { name: 'Créer le témoignage' }).click();
      for (const message of [
        'Le nom du client doit contenir au moins 3 caractères',
        'La ville doit contenir au moins 2 caractères',
        'Le type de projet doit contenir au moins 3 caractères',
        'Le témoignage doit contenir au moins 20 caractères',
      ]) {
        await form.locator('.field-error', { hasText: message }).waitFor();
      }

      await field(form, 'Nom du client').fill(PUBLISHED);
      await field(form, 'Ville').fill('Dakar (diaspora)');
      await field(form, 'Type de projet').fill('Immeuble R+2 à Akpakpa');
      await field(form, 'Témoignage').fill(
        'Un suivi sérieux du premier coup de pioche à la remise des clés.',
      );
      await field(form, 'Photo').setInputFiles(await jpegFile('immeuble.jpg', { width: 800, height: 600 }));
      await form.getByRole('img', { name: 'Aperçu de immeuble.jpg' }).waitFor();
      await form.getByLabel('Publier sur le site').check();
      await form.getByRole('button', { name: 'Créer le témoignage' }).click();
      await expectToast(page, 'Témoignage créé');
      await page.waitForURL(e2e.url(paths.adminTestimonials));
      await rowOf(page, PUBLISHED).waitFor();

      const saved = testimonialOf(PUBLISHED)!;
      expect(saved).toMatchObject({
        town: 'Dakar (diaspora)',
        project_type: 'Immeuble R+2 à Akpakpa',
        published: 1,
      });
      expect(saved.photo).toMatch(/^testimonials\//);
      expect(existsSync(path.join(e2e.storageDir, 'app', 'public', saved.photo!))).toBe(true);

      for (const pagePath of [paths.home, paths.about]) {
        const figure = await publicFigure(page, pagePath, PUBLISHED);
        expect(await figure.locator('blockquote').textContent(), pagePath).toBe(
          'Un suivi sérieux du premier coup de pioche à la remise des clés.',
        );
        expect(await figure.locator('figcaption').textContent(), pagePath).toBe(
          `${PUBLISHED}, Dakar (diaspora)Immeuble R+2 à Akpakpa`,
        );
        const photo = figure.getByRole('img', { name: `Photo de ${PUBLISHED}` });
        expect(await photo.getAttribute('loading')).toBe('lazy');
        await photo.scrollIntoViewIfNeeded();
        // A responsive variant, really loaded.
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(320|640)\.webp$/);
      }
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });

  test('an unpublished testimonial stays off / and /about until Publier in the list, and leaves them with Retirer du site', async () => {
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminTestimonialNew));
      const form = page.getByRole('form', { name: 'Nouveau témoignage' });
      await field(form, 'Nom du client').fill(HIDDEN);
      await field(form, 'Ville').fill('Parakou');
      await field(form, 'Type de projet').fill('Magasin de quartier');
      await field(form, 'Témoignage').fill(
        'Le magasin a ouvert à la date prévue, sans dépassement du budget.',
      );
      expect(await form.getByLabel('Publier sur le site').isChecked()).toBe(false);
      await form.getByRole('button', { name: 'Créer le témoignage' }).click();
      await expectToast(page, 'Témoignage créé');
      await page.waitForURL(e2e.url(paths.adminTestimonials));
      expect(await rowOf(page, HIDDEN).locator('td .badge').textContent()).toBe('Non publié');
      expect(testimonialOf(HIDDEN)).toMatchObject({ published: 0, photo: null });
      for (const pagePath of [paths.home, paths.about]) {
        expect(await (await publicFigure(page, pagePath, HIDDEN)).count(), pagePath).toBe(0);
        expect(await (await publicFigure(page, pagePath, PUBLISHED)).count(), pagePath).toBe(1);
      }

      await page.goto(e2e.url(paths.adminTestimonials));
      await rowOf(page, HIDDEN)
        .getByRole('button', { name: `Publier le témoignage de ${HIDDEN}`, exact: true })
        .click();
      await expectToast(page, 'Témoignage publié', 'Le témoignage paraît sur l’accueil et la page À propos.');
      await expect.poll(() => rowOf(page, HIDDEN).locator('td .badge').textContent()).toBe('Publié');
      expect(testimonialOf(HIDDEN)).toMatchObject({ published: 1, town: 'Parakou' });
      expect(await (await publicFigure(page, paths.about, HIDDEN)).count()).toBe(1);

      await page.goto(e2e.url(paths.adminTestimonials));
      await rowOf(page, HIDDEN)
        .getByRole('button', { name: `Retirer du site le témoignage de ${HIDDEN}`, exact: true })
        .click();
      await expectToast(page, 'Témoignage retiré du site', 'Le témoignage ne paraît plus sur le site.');
      await expect.poll(() => rowOf(page, HIDDEN).locator('td .badge').textContent()).toBe('Non publié');
      expect(testimonialOf(HIDDEN)).toMatchObject({ published: 0 });
      expect(await (await publicFigure(page, paths.home, HIDDEN)).count()).toBe(0);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });

  test('editing: ticking Retirer la photo actuelle takes the photo off the pages, its files kept with the version before', async () => {
    const seeded = e2e.query<TestimonialRow>(
      'select * from testimonials where photo is not null and published = 1 order by id limit 1',
    )[0]!;
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminTestimonialEdit(seeded.id)));
      const form = page.getByRole('form', { name: 'Modifier le témoignage' });
      await form.getByRole('img', { name: 'Image actuelle' }).waitFor();
      await form.getByLabel('Retirer la photo actuelle').check();
      await expect.poll(() => form.getByRole('img', { name: 'Image actuelle' }).count()).toBe(0);
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Témoignage mis à jour');
      await page.waitForURL(e2e.url(paths.adminTestimonials));
      expect(testimonialOf(seeded.client_name)).toMatchObject({ photo: null, published: 1 });
      // Kept while the version before the save shows it (docs/product-rules.md, "Revisions").
      expect(existsSync(path.join(e2e.storageDir, 'app', 'public', seeded.photo!))).toBe(true);
      const figure = await publicFigure(page, paths.about, seeded.client_name);
      expect(await figure.count()).toBe(1);
      expect(await figure.locator('img').count()).toBe(0);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });

  test('the bulk bar publishes the unpublished testimonials ticked, and they leave the list of the unpublished', async () => {
    const names = ['Famille Lot Adjaha', 'Famille Lot Bossou'];
    const token = await apiLogin(e2e.baseUrl);
    for (const name of names) {
      const body = new FormData();
      for (const [key, value] of Object.entries({
        clientName: name,
        town: 'Porto-Novo',
        projectType: 'Villa basse',
        text: 'Des travaux suivis chaque semaine, livrés comme promis.',
        // Today: among the latest, which the about page shows.
        date: new Date().toISOString().slice(0, 10),
        published: '0',
      }))
        body.append(key, value);
      const created = await fetch(e2e.url('/api/testimonials'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body,
      });
      expect(created.status).toBe(201);
    }
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openTestimonials(page);
      await page.getByLabel('État', { exact: true }).selectOption({ label: 'Non publiés' });
      await page.waitForURL((url) => url.searchParams.get('etat') === 'draft');
      await page.getByRole('searchbox', { name: 'Rechercher un témoignage' }).fill('famille lot');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(2);

      for (const name of names) await page.getByRole('checkbox', { name: `Sélectionner ${name}` }).check();
      const bar = page.getByRole('region', { name: 'Actions groupées' });
      await bar.getByText('2 témoignages sélectionnés').waitFor();
      await bar.getByRole('button', { name: 'Publier', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Publier 2 témoignages sur le site ?' });
      await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
      await expectToast(page, 'Publier', '2 éléments modifiés.');

      // Published now: no longer among the unpublished, on the site.
      await page.getByText('Aucun témoignage trouvé').waitFor();
      for (const name of names) expect(testimonialOf(name)).toMatchObject({ published: 1 });
      const logged = e2e.query<{ action: string; label: string }>(
        "select action, label from activity_log where entity = 'testimonial' and action = 'publish' and label like 'Famille Lot %' order by id",
      );
      expect(logged).toEqual(names.map((label) => ({ action: 'publish', label })));
      expect(await (await publicFigure(page, paths.about, names[0]!)).count()).toBe(1);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });

  test('deleting asks first, then moves the testimonial and its photo files to the trash, off the pages', async () => {
    const target = testimonialOf(PUBLISHED)!;
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openTestimonials(page);
      await rowOf(page, PUBLISHED)
        .getByRole('button', { name: `Supprimer ${PUBLISHED}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Suppression réussie', 'Le témoignage a bien été supprimé');
      await expect.poll(() => rowOf(page, PUBLISHED).count()).toBe(0);
      // In the trash (docs/product-rules.md, "Trash"): the row kept and marked, its files aside.
      expect(testimonialOf(PUBLISHED)?.deleted_at).toBeTruthy();
      trashed.expectTrashed(target.photo!);
      expect(await (await publicFigure(page, paths.home, PUBLISHED)).count()).toBe(0);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });
});
