import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { png } from '../helpers/images';
import { expectToast, openFromSidebar, rowOf, submitLogin, waitForApp } from './admin-helpers';

// The back office's offers (product rules, Back office; product rules, Pages and routes, Entities, States, Validation, API and Messages and errors; product rules: the parcel
// rules enforced, offers editable at /admin/offers/edit/{type}/{id}). Real Chromium on the
// built server; what a test saved is checked in the database and on the public page.

const e2e = e2eHarness();
let image: Buffer;

beforeAll(async () => {
  image = await png({ width: 64, height: 48 });
});

// ---- Screens.

/** The offers list's address on a kind's tab. */
const listUrl = (type: 'parcelles' | 'flotte' | 'biens') => e2e.url(`${paths.adminOffers}?type=${type}`);

/** The list from the sidebar (the parcels' tab), then `tab` if another is named. */
async function openList(page: Page, tab?: string): Promise<void> {
  await openFromSidebar(page, 'Offres', paths.adminOffers);
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.locator('tbody tr').first().waitFor();
}

async function openNewForm(page: Page, tab?: string): Promise<void> {
  await openList(page);
  await page.getByRole('link', { name: 'Nouvelle offre' }).click();
  await page.waitForURL(e2e.url(paths.adminOfferNew));
  await page.getByRole('heading', { name: 'Ajouter une nouvelle offre' }).waitFor();
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
}

const form = (page: Page) => page.getByRole('form', { name: 'Créer une offre' });
const pngFile = (name = 'offre.png') => ({ name, mimeType: 'image/png', buffer: image });

/**
 * Leaves the field being typed in, then clicks the submit button. Once a form was refused,
 * leaving a fixed field removes its message and the button moves up by that line: a click
 * whose mouse-down blurs the field would land beside the moved button (the kit validates on
 * blur; reported to the lead), so the focus leaves first, as with the Tab key.
 */
async function submit(page: Page, label = 'Enregistrer'): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.getByRole('button', { name: label, exact: true }).click();
}

/** The public offers page, opened by the list's 'Voir' link, shows that offer highlighted in its tab. */
async function expectOnPublicPage(
  page: Page,
  title: string,
  id: number,
  tab: string,
  heading: string,
  list: string,
): Promise<void> {
  const view = rowOf(page, title).getByRole('link', { name: `Voir ${title} sur le site` });
  const href = (await view.getAttribute('href'))!;
  const query = new URL(href, e2e.baseUrl).searchParams;
  expect(query.get('id')).toBe(String(id));
  expect(query.get('type')).toBe(tab);
  await view.click();
  await page.waitForURL((url) => url.pathname === paths.offers);
  const card = page.locator(`#offre-${id}`);
  await expect.poll(() => card.getAttribute('class')).toContain('is-highlighted');
  expect(await card.locator('h3').textContent()).toBe(heading);
  const selected = page.locator('[role="tab"][aria-selected="true"], .offer-tab[aria-current]');
  expect(await selected.first().textContent()).toBe(tab);
  await page.goBack();
  await page.waitForURL(list);
  await page.locator('tbody tr').first().waitFor();
}

async function deleteRow(page: Page, title: string): Promise<void> {
  await rowOf(page, title)
    .getByRole('button', { name: `Supprimer ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expectToast(page, 'Suppression réussie', "L'offre a bien été supprimée.");
  await expect.poll(() => rowOf(page, title).count()).toBe(0);
}

interface ParcelRow {
  id: number;
  title: string;
  price: number;
  status: string;
  description: string;
  location: string;
  surface: number | null;
  image: string;
}
interface FleetRow {
  id: number;
  property_type: string | null;
  address: string | null;
  surface: number | null;
  owner: string | null;
  occupation_status: string | null;
  estimated_value: number | null;
  image: string;
}

/** When the row went to the trash (docs/product-rules.md, "Trash"), or null / undefined. */
const trashedAt = (table: string, column: string, value: string) =>
  e2e.query<{ deleted_at: string | null }>(`select deleted_at from ${table} where ${column} = ?`, value)[0]
    ?.deleted_at;
const parcelTitled = (title: string) =>
  e2e.query<ParcelRow>('select * from parcels where title = ?', title)[0];
const fleetTyped = (type: string) =>
  e2e.query<FleetRow>('select * from fleet_properties where property_type = ?', type)[0];
const goodDescribed = (text: string) =>
  e2e.query<{ id: number; description: string; image: string }>(
    'select * from miscellaneous_goods where description = ?',
    text,
  )[0];
const offerCount = () =>
  e2e.query<{ n: number }>(
    'select (select count(*) from parcels) + (select count(*) from fleet_properties) + (select count(*) from miscellaneous_goods) as n',
  )[0]!.n;

/** The rows a kind's tab lists: every row not in the trash (the seed's fit on one page). */
const listed = (table: string) =>
  e2e.query<{ n: number }>(`select count(*) as n from ${table} where deleted_at is null`)[0]!.n;
/** A row's cell under `header`. */
const cellOf = (page: Page, title: string, header: string) =>
  rowOf(page, title).first().locator(`td[data-label="${header}"]`);

describe('offers list', () => {
  test('shows one kind per tab with its columns, sorts on a header, and searches by title', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors, pageErrors }) => {
      await openList(page);
      const parcelsTab = page.getByRole('tab', { name: 'Parcelles', exact: true });
      expect(await parcelsTab.getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(listed('parcels'));
      for (const header of ['Titre', 'Localisation', 'Prix', 'Statut', 'Date', 'Actions'])
        await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
      await page.getByText(`1 à ${listed('parcels')} sur ${listed('parcels')}`).waitFor();

      const parcel = e2e.query<ParcelRow>('select * from parcels order by id limit 1')[0]!;
      expect((await cellOf(page, parcel.title, 'Prix').textContent())?.replace(/\s/g, ' ')).toBe(
        `${new Intl.NumberFormat('fr-FR').format(parcel.price).replace(/\s/g, ' ')} F CFA`,
      );
      expect(await cellOf(page, parcel.title, 'Statut').locator('.badge').first().textContent()).toBe(
        parcel.status,
      );
      expect(await cellOf(page, parcel.title, 'Date').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(
        await rowOf(page, parcel.title)
          .first()
          .getByRole('link', { name: `Modifier ${parcel.title}` })
          .getAttribute('href'),
      ).toBe(paths.adminOfferEdit('parcels', parcel.id));

      // A click on a header sorts by it (the server's order), a second one the other way.
      const cheapest = e2e.query<{ title: string }>(
        'select title from parcels where deleted_at is null order by price asc, id asc limit 1',
      )[0]!.title;
      const dearest = e2e.query<{ title: string }>(
        'select title from parcels where deleted_at is null order by price desc, id desc limit 1',
      )[0]!.title;
      const priceHeader = page.getByRole('columnheader', { name: 'Prix', exact: true });
      await priceHeader.getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price');
      await expect
        .poll(() => page.locator('tbody tr td[data-label="Titre"]').first().textContent())
        .toBe(cheapest);
      expect(await priceHeader.getAttribute('aria-sort')).toBe('ascending');
      await priceHeader.getByRole('button').click();
      await expect
        .poll(() => page.locator('tbody tr td[data-label="Titre"]').first().textContent())
        .toBe(dearest);
      expect(await priceHeader.getAttribute('aria-sort')).toBe('descending');

      // Another tab: its own list, from its first page and default order.
      await page.getByRole('tab', { name: 'Flotte immobilière', exact: true }).click();
      await page.waitForURL(listUrl('flotte'));
      // The address moves before the screen is drawn again (the router's update is a transition).
      await expect.poll(() => parcelsTab.getAttribute('aria-selected')).toBe('false');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(listed('fleet_properties'));
      for (const header of ['Type de bien', 'Adresse', 'Valeur estimée', 'Statut', 'Date'])
        await page.getByRole('columnheader', { name: header, exact: true }).waitFor();

      await page.getByRole('tab', { name: 'Parcelles', exact: true }).click();
      await page.getByLabel('Rechercher une offre').fill(parcel.title.toUpperCase());
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await rowOf(page, parcel.title).waitFor();
      await page.getByLabel('Rechercher une offre').fill('zzz-aucune-offre');
      await page.getByText('Aucune offre trouvée').waitFor();
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('a failed load says so with Réessayer, which loads the list once the API answers again', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors }) => {
      let fail = true;
      await page.route('**/api/admin/parcels?*', (route) =>
        fail
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Service indisponible' }),
            })
          : route.continue(),
      );
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Offres', exact: true })
        .click();
      const alert = page.locator('.list-error');
      await alert.waitFor();
      expect(await alert.locator('p').textContent()).toBe('Service indisponible');
      fail = false;
      await alert.getByRole('button', { name: 'Réessayer' }).click();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(listed('parcels'));
      // The browser itself logs the refused request; nothing else may be logged.
      expect(consoleErrors.filter((text) => !text.includes('503'))).toEqual([]);
    });
  });
  test('deleting an offer that is already gone names the reason, and the row goes at the next load', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors }) => {
      const target = e2e.query<ParcelRow>('select * from parcels order by id desc limit 1')[0]!;
      await openList(page);
      // Deleted meanwhile, from another session.
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const gone = await fetch(`${e2e.baseUrl}/api/parcels/${target.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(gone.status).toBe(200);

      await rowOf(page, target.title)
        .getByRole('button', { name: `Supprimer ${target.title}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      expect(await dialog.textContent()).toContain(`Parcelle : ${target.title}`);
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Erreur', 'Erreur lors de la suppression : Parcelle introuvable');
      await page.reload();
      await waitForApp(page);
      await page.locator('tbody tr').first().waitFor();
      expect(await rowOf(page, target.title).count()).toBe(0);
      expect(consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
    });
  });
});

describe('bulk actions on offers', () => {
  test('ticked parcels go back to draft and off the public list, take a new status, then are published again', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors, pageErrors }) => {
      const [first, second] = e2e.query<ParcelRow & { publication: string }>(
        "select * from parcels where deleted_at is null and publication = 'published' and (publish_at is null or publish_at <= CURRENT_TIMESTAMP) order by id limit 2",
      );
      const publicIds = async () =>
        ((await (await fetch(e2e.url('/api/parcels'))).json()) as { data: { id: number }[] }).data.map(
          (item) => item.id,
        );
      expect(await publicIds()).toEqual(expect.arrayContaining([first!.id, second!.id]));
      await openList(page);

      for (const parcel of [first!, second!])
        await page.getByRole('checkbox', { name: `Sélectionner ${parcel.title}` }).check();
      const bar = page.getByRole('region', { name: 'Actions groupées' });
      // The kit's bar words its count in the masculine (reported to the lead): the figure is what counts here.
      await bar.getByText('2 offres sélectionnées').waitFor();
      await bar.getByRole('button', { name: 'Dépublier', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Repasser 2 offres en brouillon ?' });
      await dialog.getByRole('button', { name: 'Dépublier' }).click();
      await expectToast(page, 'Dépublier', '2 éléments modifiés.');
      for (const parcel of [first!, second!]) {
        await expect
          .poll(() =>
            cellOf(page, parcel.title, 'Statut').locator('.badge', { hasText: 'Brouillon' }).count(),
          )
          .toBe(1);
        expect(parcelTitled(parcel.title)).toMatchObject({ publication: 'draft' });
      }
      const shown = await publicIds();
      expect(shown).not.toContain(first!.id);
      expect(shown).not.toContain(second!.id);

      // The status, chosen in the confirmation.
      await page.getByRole('checkbox', { name: `Sélectionner ${first!.title}` }).check();
      await bar.getByRole('button', { name: 'Changer le statut', exact: true }).click();
      const statusDialog = page.getByRole('dialog', { name: 'Changer le statut de 1 offre ?' });
      await statusDialog.getByLabel('Nouveau statut').selectOption('Vendu');
      await statusDialog.getByRole('button', { name: 'Changer le statut' }).click();
      await expectToast(page, 'Changer le statut', '1 élément modifié.');
      await expect
        .poll(() => cellOf(page, first!.title, 'Statut').locator('.badge').first().textContent())
        .toBe('Vendu');
      expect(parcelTitled(first!.title)).toMatchObject({ status: 'Vendu' });

      // The drafts only, every one of them, published again.
      await page.getByLabel('État').selectOption('draft');
      await page.waitForURL((url) => url.searchParams.get('etat') === 'draft');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
      await page.getByRole('checkbox', { name: 'Sélectionner toute la page : Offres' }).check();
      await bar.getByRole('button', { name: 'Publier', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Publier 2 offres ?' })
        .getByRole('button', { name: 'Publier' })
        .click();
      await expectToast(page, 'Publier', '2 éléments modifiés.');
      await page.getByText('Aucune offre trouvée').waitFor();
      expect(await publicIds()).toEqual(expect.arrayContaining([first!.id, second!.id]));
      const log = e2e.query<{ action: string; entity_id: string }>(
        "select action, entity_id from activity_log where entity = 'parcel' order by id desc limit 5",
      );
      expect(log.map((entry) => entry.action)).toEqual(['update', 'update', 'update', 'update', 'update']);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });
});

describe('creating, editing and deleting offers', () => {
  test('a parcel: rules first, then saved with its fields, listed, shown on /parcelles, edited, deleted', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors, pageErrors }) => {
      await openNewForm(page);
      await form(page).waitFor();
      expect(await page.getByLabel('Statut').inputValue()).toBe('Disponible');
      expect(await page.getByLabel('Statut').locator('option').allTextContents()).toEqual([
        'Disponible',
        'En cours',
        'Réservé',
        'À venir',
        'Vendu',
      ]);

      // Everything missing: the rules of the product rules (Validation), and the image required on creation.
      await submit(page);
      for (const message of [
        'Le titre doit contenir au moins 3 caractères',
        'Le prix est requis',
        'La description doit contenir au moins 10 caractères',
        'La localisation est requise',
        'Une image est requise.',
      ]) {
        await form(page).locator('.field-error', { hasText: message }).waitFor();
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');

      // A fractional price is refused (product rules: whole F CFA); a comma is read as a point.
      await page.getByLabel('Titre').fill('Parcelle E2E Akpakpa');
      await page.getByLabel('Prix (F CFA)').fill('1500,5');
      await page.getByLabel('Description').fill('Parcelle de 500 m² viabilisée, titre foncier.');
      await page.getByLabel('Localisation').fill('Akpakpa');
      await page.getByLabel('Surface (m²)').fill('500,25');
      await page.getByLabel('Statut').selectOption('Réservé');
      await page.getByLabel('Image').setInputFiles(pngFile());
      await page.getByRole('img', { name: 'Aperçu de offre.png' }).waitFor();
      await submit(page);
      await form(page).locator('.field-error', { hasText: 'Le prix doit être un nombre' }).waitFor();
      await page.getByLabel('Prix (F CFA)').fill('15 000 000,00');
      await submit(page);
      await expectToast(page, 'Succès', 'Parcelle enregistrée avec succès.');
      await page.waitForURL(listUrl('parcelles'));

      const saved = parcelTitled('Parcelle E2E Akpakpa')!;
      expect(saved).toMatchObject({
        price: 15_000_000,
        status: 'Réservé',
        location: 'Akpakpa',
        description: 'Parcelle de 500 m² viabilisée, titre foncier.',
      });
      expect(Number(saved.surface)).toBe(500.25);
      expect(saved.image).toMatch(/^parcelle\//);
      const row = rowOf(page, 'Parcelle E2E Akpakpa');
      await row.waitFor();
      // The 'Statut' cell: the offer's status, then its publication (docs/product-rules.md, "Drafts and scheduled publishing").
      expect(await row.locator('td[data-label="Statut"] .badge').first().textContent()).toBe('Réservé');
      expect(await row.locator('.badge', { hasText: 'Publié' }).count()).toBe(1);
      await expectOnPublicPage(
        page,
        'Parcelle E2E Akpakpa',
        saved.id,
        'Parcelles',
        'Parcelle E2E Akpakpa',
        listUrl('parcelles'),
      );

      // Edit: the stored values come back, the image may stay as it is.
      await rowOf(page, 'Parcelle E2E Akpakpa')
        .getByRole('link', { name: 'Modifier Parcelle E2E Akpakpa' })
        .click();
      await page.waitForURL(e2e.url(paths.adminOfferEdit('parcels', saved.id)));
      await page.getByRole('heading', { name: "Modifier l'offre" }).waitFor();
      await expect.poll(() => page.getByLabel('Titre').inputValue()).toBe('Parcelle E2E Akpakpa');
      expect(await page.getByLabel('Prix (F CFA)').inputValue()).toBe('15000000');
      expect(await page.getByLabel('Surface (m²)').inputValue()).toBe('500,25');
      expect(await page.getByLabel('Statut').inputValue()).toBe('Réservé');
      await page.getByRole('img', { name: 'Image actuelle' }).waitFor();
      await page.getByLabel('Titre').fill('Parcelle E2E Akpakpa Sud');
      await page.getByLabel('Statut').selectOption('Vendu');
      await page.getByLabel('Surface (m²)').fill('');
      await submit(page, 'Mettre à jour');
      await expectToast(page, 'Succès', 'Parcelle enregistrée avec succès.');
      await page.waitForURL(listUrl('parcelles'));
      const edited = parcelTitled('Parcelle E2E Akpakpa Sud')!;
      expect(edited).toMatchObject({
        id: saved.id,
        status: 'Vendu',
        surface: null,
        image: saved.image,
        price: 15_000_000,
      });

      await deleteRow(page, 'Parcelle E2E Akpakpa Sud');
      expect(trashedAt('parcels', 'title', 'Parcelle E2E Akpakpa Sud')).toBeTruthy();
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('a fleet property: estimated value capped at 9 999 999 999 999,99, saved with two decimals, shown, deleted', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors }) => {
      await openNewForm(page, 'Flotte immobilière');
      await page.getByLabel('Type de bien').fill('Villa E2E Cocotiers');
      await page.getByLabel('Adresse').fill('Rue des Cocotiers, Cotonou');
      await page.getByLabel('Surface (m²)').fill('320,5');
      await page.getByLabel('Propriétaire').fill('M. Ahouansou');
      await page.getByLabel("Statut d'occupation").fill('Loué');
      await page.getByLabel('Valeur estimée (F CFA)').fill('10 000 000 000 000');
      await page.getByLabel('Image').setInputFiles(pngFile('villa.png'));
      await submit(page);
      await form(page)
        .locator('.field-error', {
          hasText: 'La valeur est trop élevée. Maximum autorisé: 9 999 999 999 999,99',
        })
        .waitFor();

      await page.getByLabel('Valeur estimée (F CFA)').fill('9 999 999 999 999,99');
      await submit(page);
      await expectToast(page, 'Succès', 'Bien immobilier enregistré avec succès.');
      await page.waitForURL(listUrl('flotte'));
      const saved = fleetTyped('Villa E2E Cocotiers')!;
      expect(saved).toMatchObject({
        address: 'Rue des Cocotiers, Cotonou',
        owner: 'M. Ahouansou',
        occupation_status: 'Loué',
      });
      expect(String(saved.estimated_value)).toBe('9999999999999.99');
      expect(Number(saved.surface)).toBe(320.5);
      const row = rowOf(page, 'Villa E2E Cocotiers');
      expect((await row.locator('td[data-label="Valeur estimée"]').textContent())?.replace(/\s/g, ' ')).toBe(
        '9 999 999 999 999,99 F CFA',
      );
      // The 'Statut' cell: the offer's status, then its publication (docs/product-rules.md, "Drafts and scheduled publishing").
      expect(await row.locator('td[data-label="Statut"] .badge').first().textContent()).toBe('Loué');
      expect(await row.locator('.badge', { hasText: 'Publié' }).count()).toBe(1);
      await expectOnPublicPage(
        page,
        'Villa E2E Cocotiers',
        saved.id,
        'Flotte immobilière',
        'Villa E2E Cocotiers',
        listUrl('flotte'),
      );

      await deleteRow(page, 'Villa E2E Cocotiers');
      expect(trashedAt('fleet_properties', 'property_type', 'Villa E2E Cocotiers')).toBeTruthy();
      expect(consoleErrors).toEqual([]);
    });
  });

  test('a miscellaneous good: its description titles the row, it is shown under Biens divers, edited from the view-link type, deleted', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors }) => {
      const text = 'Bétonnière E2E 350 litres, moteur thermique, très bon état';
      await openNewForm(page, 'Biens divers');
      await page.getByLabel('Description').fill(text);
      await page.getByLabel('Image').setInputFiles(pngFile('betonniere.png'));
      await submit(page);
      await expectToast(page, 'Succès', 'Bien divers enregistré avec succès.');
      await page.waitForURL(listUrl('biens'));
      const saved = goodDescribed(text)!;
      expect(saved.image).toMatch(/^bien\//);

      const title = `${text.slice(0, 30).trimEnd()}…`;
      const row = rowOf(page, title);
      await row.waitFor();
      // A good has no status of its own: its publication only.
      expect(await row.locator('td[data-label="Statut"] .badge').allTextContents()).toEqual(['Publié']);
      await expectOnPublicPage(page, title, saved.id, 'Biens divers', title, listUrl('biens'));

      // The edit route also takes the view link's type.
      await page.goto(e2e.url(paths.adminOfferEdit(encodeURIComponent('Biens divers'), saved.id)));
      await waitForApp(page);
      await expect.poll(() => page.getByLabel('Description').inputValue()).toBe(text);
      await page.getByLabel('Description').fill('Ab');
      await submit(page, 'Mettre à jour');
      await page
        .locator('.field-error', { hasText: 'La description doit contenir au moins 3 caractères' })
        .waitFor();
      await page.getByLabel('Description').fill('Bétonnière E2E révisée');
      await submit(page, 'Mettre à jour');
      await expectToast(page, 'Succès', 'Bien divers enregistré avec succès.');
      await page.waitForURL(listUrl('biens'));
      expect(goodDescribed('Bétonnière E2E révisée')?.id).toBe(saved.id);

      await deleteRow(page, 'Bétonnière E2E révisée');
      expect(trashedAt('miscellaneous_goods', 'description', 'Bétonnière E2E révisée')).toBeTruthy();
      expect(consoleErrors).toEqual([]);
    });
  });

  test('an unknown type or offer on the edit route says so', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await page.goto(e2e.url(paths.adminOfferEdit('SIC', 1)));
      await waitForApp(page);
      await page.getByText("Type d'offre non pris en charge.").waitFor();
      await page.goto(e2e.url(paths.adminOfferEdit('flotte-immobiliere', 999999)));
      await waitForApp(page);
      await page.getByText('Bien immobilier introuvable').waitFor();
    });
  });
});

describe('image rules and failures', () => {
  test('a non-image and an image over 2 MB are refused before sending; a format the server refuses is named', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors }) => {
      const before = offerCount();
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/biens-immobiliers'))
          posts.push(request.url());
      });
      await openNewForm(page, 'Biens divers');
      await page.getByLabel('Description').fill('Lot de tuiles E2E');

      await page
        .getByLabel('Image')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
      await form(page)
        .locator('.field-error', { hasText: 'Le fichier doit être une image (JPEG, PNG, etc.)' })
        .waitFor();

      const big = Buffer.concat([image, Buffer.alloc(2 * 1024 * 1024 + 1 - image.length)]);
      expect(big.length).toBe(2 * 1024 * 1024 + 1);
      await page
        .getByLabel('Image')
        .setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big });
      await form(page)
        .locator('.field-error', { hasText: "L'image est trop volumineuse. La taille maximale est de 2MB." })
        .waitFor();
      await submit(page);
      await form(page).locator('.field-error', { hasText: 'Une image est requise.' }).waitFor();
      expect(posts).toEqual([]);

      // A GIF passes the browser's check (it is an image) but the server keeps JPEG, PNG and WebP only.
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
      await page.getByLabel('Image').setInputFiles({ name: 'anime.gif', mimeType: 'image/gif', buffer: gif });
      await submit(page);
      await expectToast(page, 'Erreur', "Format d'image non pris en charge.");
      expect(posts).toHaveLength(1);
      expect(offerCount()).toBe(before);
      expect(new URL(page.url()).pathname).toBe(paths.adminOfferNew);
      expect(consoleErrors.filter((text) => !text.includes('422'))).toEqual([]);
    });
  });

  test('saving shows Enregistrement... and the upload bar; without a token the form says to sign in again', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await openNewForm(page, 'Biens divers');
      await page.getByLabel('Description').fill('Portail E2E en fer forgé');
      await page.getByLabel('Image').setInputFiles(pngFile('portail.png'));
      // Hold the answer so the sending state can be seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/biens-immobiliers', async (route) => {
        await held;
        await route.continue();
      });
      await submit(page);
      const button = page.getByRole('button', { name: 'Enregistrement...' });
      await button.waitFor();
      expect(await button.isDisabled()).toBe(true);
      await page.locator('.upload-progress progress').waitFor();
      expect(await page.locator('.upload-progress').textContent()).toMatch(/^Envoi en cours : \d+ %$/);
      release();
      await expectToast(page, 'Succès', 'Bien divers enregistré avec succès.');
      await page.waitForURL(listUrl('biens'));
      expect(goodDescribed('Portail E2E en fer forgé')).toBeDefined();
      await page.unroute('**/api/biens-immobiliers');

      await page.getByRole('link', { name: 'Nouvelle offre' }).click();
      await page.getByRole('tab', { name: 'Biens divers', exact: true }).click();
      await page.getByLabel('Description').fill('Sans jeton E2E');
      await page.getByLabel('Image').setInputFiles(pngFile());
      await page.evaluate(() => localStorage.removeItem('access_token'));
      await submit(page);
      await expectToast(page, 'Erreur', "Vous n'êtes pas connecté. Veuillez vous reconnecter.");
      expect(goodDescribed('Sans jeton E2E')).toBeUndefined();
    });
  });
});

describe('a session ending mid-form', () => {
  test('a fleet form sent with a revoked token comes back after signing in, on its tab, with the typed values', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await openNewForm(page, 'Flotte immobilière');
      await page.getByLabel('Type de bien').fill('Duplex E2E brouillon');
      await page.getByLabel('Valeur estimée (F CFA)').fill('75 000 000,50');
      await page.getByLabel('Image').setInputFiles(pngFile('duplex.png'));
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const logout = await fetch(e2e.url('/api/auth/logout'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(logout.status).toBe(200);

      await submit(page);
      await page.waitForURL(e2e.url(paths.login));
      await expectToast(page, 'Session expirée');
      await submitLogin(page);
      await page.waitForURL(e2e.url(paths.adminOfferNew));

      await expect
        .poll(() => page.getByRole('tab', { name: 'Flotte immobilière' }).getAttribute('aria-selected'))
        .toBe('true');
      await expect.poll(() => page.getByLabel('Type de bien').inputValue()).toBe('Duplex E2E brouillon');
      expect(await page.getByLabel('Valeur estimée (F CFA)').inputValue()).toBe('75 000 000,50');
      await page.getByText('Votre saisie non enregistrée a été restaurée.').waitFor();
      // A file cannot be kept in a draft: it is asked again.
      await submit(page);
      await form(page).locator('.field-error', { hasText: 'Une image est requise.' }).waitFor();
      await page.getByLabel('Image').setInputFiles(pngFile('duplex.png'));
      await submit(page);
      await expectToast(page, 'Succès', 'Bien immobilier enregistré avec succès.');
      expect(String(fleetTyped('Duplex E2E brouillon')?.estimated_value)).toBe('75000000.5');
    });
  });
});

describe('the offer form page', () => {
  test('has the public tabs, placeholders for the last three, and no warning while the checks pass', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors, pageErrors }) => {
      const checks: string[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path === '/api/health-check' || path === '/api/test-images')
          checks.push(`${path} ${response.status()}`);
      });
      await openNewForm(page);
      expect(await page.getByRole('tab').allTextContents()).toEqual([
        'Parcelles',
        'Flotte immobilière',
        'Biens divers',
        'SIC',
        'Construction Bail',
        'Suivi de chantier',
      ]);
      await expect.poll(() => checks.sort()).toEqual(['/api/health-check 200', '/api/test-images 200']);
      for (const tab of ['SIC', 'Construction Bail', 'Suivi de chantier']) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await page
          .getByRole('tabpanel')
          .getByText('Cette fonctionnalité sera disponible prochainement.')
          .waitFor();
        expect(await form(page).count()).toBe(0);
      }
      // Keyboard: arrows move between tabs (wrapping).
      await page.getByRole('tab', { name: 'Suivi de chantier' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => page.getByRole('tab', { name: 'Parcelles' }).getAttribute('aria-selected'))
        .toBe('true');
      await form(page).waitFor();
      expect(await page.getByText('Problèmes de connexion détectés').count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('shows Problèmes de connexion détectés when the health check fails or the image service warns', async () => {
    await e2e.withSignedInPage(async ({ page, consoleErrors }) => {
      await page.route('**/api/health-check', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Indisponible"}' }),
      );
      await openNewForm(page);
      const banner = page.locator('.connection-banner');
      await banner.getByText('Problèmes de connexion détectés').waitFor();
      expect(await banner.getAttribute('role')).toBe('alert');
      expect(await banner.locator('li').allTextContents()).toEqual(['API : Indisponible']);
      // The form stays usable.
      await form(page).waitFor();
      expect(consoleErrors.filter((text) => !text.includes('503'))).toEqual([]);

      await page.unroute('**/api/health-check');
      await page.route('**/api/test-images', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'warning', message: 'Lien de stockage manquant' }),
        }),
      );
      await page.reload();
      await waitForApp(page);
      await banner.getByText('Problèmes de connexion détectés').waitFor();
      expect(await banner.locator('li').allTextContents()).toEqual([
        "Service d'images : Lien de stockage manquant",
      ]);
    });
  });
});
