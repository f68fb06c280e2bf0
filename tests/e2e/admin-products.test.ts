import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { storageLayout } from '#server/storage/layout';
import { e2eHarness } from '../helpers/e2e-harness';
import { storedImageChecks } from '../helpers/stored-images';
import { jpegFile } from './admin-images';
import {
  apiLogin,
  expectToast,
  failWith500,
  openFromSidebar,
  rowOf,
  unexpectedErrors,
} from './admin-helpers';

// Admin products, list and add/edit forms (product rules, Pages and routes, States and
// Validation; product rules: whole F CFA, references, specifications, features, gallery).

const e2e = e2eHarness();

interface ProductRow {
  id: number;
  reference: string;
  name: string;
  price: number;
  old_price: number | null;
  stock: number;
  category_id: number;
  description: string;
  long_description: string | null;
  specifications: string | null;
  features: string | null;
  image: string | null;
  gallery: string | null;
  deleted_at: string | null;
}

function productNamed(name: string): ProductRow | undefined {
  return e2e.query<ProductRow>('select * from products where name = ?', name)[0];
}

const trashed = storedImageChecks(() => storageLayout(e2e.storageDir));

function storedFile(relative: string): string {
  return path.join(e2e.storageDir, 'app', 'public', relative);
}

/** A category to file products under: the first one, or one created when there is none. */
async function someCategory(): Promise<{ id: number; name: string }> {
  const existing = e2e.query<{ id: number; name: string }>(
    'select id, name from categories order by name limit 1',
  )[0];
  if (existing) return existing;
  const response = await fetch(e2e.url('/api/categories'), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await apiLogin(e2e.baseUrl)}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      name: 'Matériaux de test',
      description: 'Catégorie créée par le test des produits.',
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number; name: string } }).data;
}

const openProducts = (page: Page) => openFromSidebar(page, 'Produits', paths.adminProducts);

/** A form field by its label, whether or not the label carries the required mark ' *'. */
function field(form: Locator, label: string): Locator {
  return form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

const NAME = 'Brique pleine de terre cuite';

describe('products list', () => {
  test('shows every product with its price, category and stock; the search narrows on name or category, ignoring case', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openProducts(page);
      const rows = e2e.query<{ name: string; category: string; stock: number }>(
        `select p.name, c.name as category, p.stock from products p left join categories c on c.id = p.category_id
         where p.deleted_at is null order by p.created_at desc, p.id desc`,
      );
      await expect.poll(() => page.locator('tbody tr').count()).toBe(Math.min(rows.length, 50));
      for (const header of ['Nom', 'Prix', 'Catégorie', 'Stock', 'Actions'])
        await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
      const first = rows[0]!;
      const cell = (label: string) => rowOf(page, first.name).locator(`td[data-label="${label}"]`);
      expect(await cell('Catégorie').textContent()).toBe(first.category);
      expect(await cell('Stock').textContent()).toBe(String(first.stock));

      // A category name in capitals: every product of that category, and only those.
      const category = rows.find(
        (row) => rows.filter((other) => other.category === row.category).length > 1,
      )!.category;
      const expected = rows.filter((row) =>
        `${row.name}\u0000${row.category}`.toLowerCase().includes(category.toLowerCase()),
      ).length;
      await page.getByLabel('Rechercher un produit').fill(category.toUpperCase());
      await expect.poll(() => page.locator('tbody tr').count()).toBe(expected);
      await page.getByLabel('Rechercher un produit').fill('zzz-aucun-produit');
      await page.getByText('Aucun produit trouvé').waitFor();
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('sorts on a click of a header, both ways, kept in the address across a reload; the category filter is ?categorie=', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openProducts(page);
      const byPrice = e2e.query<{ name: string }>(
        'select name from products where deleted_at is null order by price, id limit 50',
      );
      const header = page.getByRole('columnheader', { name: 'Prix' });
      expect(await header.getAttribute('aria-sort')).toBe('none');
      await header.getByRole('button').click();
      await page.waitForURL(e2e.url(`${paths.adminProducts}?sort=price`));
      const names = () => page.locator('tbody td[data-label="Nom"]').allTextContents();
      await expect.poll(names).toEqual(byPrice.map((row) => row.name));
      await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
      await header.getByRole('button').click();
      await page.waitForURL(e2e.url(`${paths.adminProducts}?sort=-price`));
      await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
      const descending = e2e.query<{ name: string }>(
        'select name from products where deleted_at is null order by price desc, id desc limit 50',
      );
      await expect.poll(names).toEqual(descending.map((row) => row.name));
      await page.reload();
      await expect.poll(names).toEqual(descending.map((row) => row.name));

      const category = await someCategory();
      await page.getByLabel('Catégorie').selectOption({ label: category.name });
      await page.waitForURL(e2e.url(`${paths.adminProducts}?sort=-price&categorie=${category.id}`));
      const inCategory = e2e.query<{ n: number }>(
        'select count(*) as n from products where deleted_at is null and category_id = ?',
        category.id,
      )[0]!.n;
      await expect
        .poll(() => page.locator('.list-count').textContent())
        .toBe(`1 à ${inCategory} sur ${inCategory}`);
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a failed load says so with Réessayer, which loads the list again', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      let refuse = true;
      await failWith500(page, '**/api/admin/products?**', 'Panne', () => refuse);
      await openProducts(page);
      await page.getByText('Erreur lors du chargement des produits').waitFor();
      refuse = false;
      await page.getByRole('button', { name: 'Réessayer' }).click();
      await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(unexpectedErrors(observed, 500)).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('product form', () => {
  test('creating: rule messages first, then the product with image, specifications, features and gallery is saved, listed, in the catalogue and on its page', async () => {
    const category = await someCategory();
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openProducts(page);
      await page.getByRole('link', { name: 'Nouveau produit' }).click();
      await page.waitForURL(e2e.url(paths.adminProductNew));
      await page.getByRole('heading', { name: 'Ajouter un nouveau produit', level: 1 }).waitFor();
      const form = page.getByRole('form', { name: 'Ajouter un nouveau produit' });
      expect(await field(form, 'Stock').inputValue()).toBe('0');

      await field(form, 'Nom').fill('Ab');
      await field(form, 'Prix (F CFA)').fill('1500,50');
      await form.getByRole('button', { name: 'Créer le produit' }).click();
      for (const message of [
        'Le nom doit contenir au moins 3 caractères',
        'Le prix doit être un nombre',
        'Veuillez sélectionner une catégorie',
        'La description doit contenir au moins 10 caractères',
      ]) {
        await form.locator('.field-error', { hasText: message }).waitFor();
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
      expect(productNamed('Ab')).toBeUndefined();

      await field(form, 'Nom').fill(NAME);
      await field(form, 'Prix (F CFA)').fill('12 500');
      await field(form, 'Ancien prix (F CFA)').fill('15000');
      await field(form, 'Catégorie').selectOption({ label: category.name });
      await field(form, 'Description').fill('Brique pleine cuite au four, pour murs porteurs.');
      await field(form, 'Description détaillée').fill('Fabriquée à Cotonou avec une argile locale.');
      await field(form, 'Stock').fill('25');

      await form.getByRole('button', { name: 'Ajouter une caractéristique' }).click();
      // The new row's first input has the focus: keyboard users type straight away.
      await page.keyboard.type('Dimensions');
      await field(form, 'Valeur de la caractéristique 1').fill('22 x 10,5 x 5 cm');
      await form.getByRole('button', { name: 'Ajouter une caractéristique' }).click();
      await field(form, 'Nom de la caractéristique 2').fill('Poids');
      await field(form, 'Valeur de la caractéristique 2').fill('2,2 kg');
      await form.getByRole('button', { name: 'Ajouter une caractéristique' }).click();
      await form.getByRole('button', { name: 'Retirer la caractéristique 3' }).click();
      await form.getByRole('button', { name: 'Ajouter un point fort' }).click();
      await field(form, 'Point fort 1').fill('Cuite à 900 °C');
      await form.getByRole('button', { name: 'Ajouter un point fort' }).click();
      await field(form, 'Point fort 2').fill('Bonne isolation thermique');

      await field(form, 'Image principale').setInputFiles(await jpegFile('brique.jpg'));
      await form.getByRole('img', { name: 'Aperçu de brique.jpg' }).waitFor();
      await field(form, 'Ajouter des images à la galerie').setInputFiles([
        await jpegFile('galerie-1.jpg', { colour: '#8a3b12' }),
        await jpegFile('galerie-2.jpg', { colour: '#d9a066' }),
      ]);
      await form.getByRole('img', { name: 'Aperçu de galerie-2.jpg' }).waitFor();

      await form.getByRole('button', { name: 'Créer le produit' }).click();
      await expectToast(page, 'Produit créé');
      await page.waitForURL(e2e.url(paths.adminProducts));
      await rowOf(page, NAME).waitFor();
      expect(await rowOf(page, NAME).locator('td[data-label="Catégorie"]').textContent()).toBe(category.name);

      const saved = productNamed(NAME)!;
      expect(saved).toMatchObject({
        price: 12500,
        old_price: 15000,
        stock: 25,
        category_id: category.id,
        long_description: 'Fabriquée à Cotonou avec une argile locale.',
      });
      expect(saved.reference).toMatch(/^PRD-\d+$/);
      expect(JSON.parse(saved.specifications!)).toEqual([
        { name: 'Dimensions', value: '22 x 10,5 x 5 cm' },
        { name: 'Poids', value: '2,2 kg' },
      ]);
      expect(JSON.parse(saved.features!)).toEqual(['Cuite à 900 °C', 'Bonne isolation thermique']);
      const gallery = JSON.parse(saved.gallery!) as string[];
      expect(gallery).toHaveLength(2);
      for (const stored of [saved.image!, ...gallery]) expect(existsSync(storedFile(stored))).toBe(true);
      expect(unexpectedErrors(observed)).toEqual([]);

      // The public catalogue finds it by its name, and its page shows it all.
      await page.goto(e2e.url(paths.products));
      await page.getByPlaceholder('Rechercher un produit...').fill('brique pleine');
      await page.getByPlaceholder('Rechercher un produit...').press('Enter');
      await page.getByRole('heading', { name: NAME }).first().waitFor();
      await page.goto(e2e.url(paths.product(saved.id)));
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      await page.getByText(`Référence : ${saved.reference}`).waitFor();
      expect(await page.locator('.product-thumbs li').count()).toBe(2);
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('editing: a reference already used lands on its field and in the Erreurs de validation toast; a comma price is saved whole and a gallery image is removed', async () => {
    const before = productNamed(NAME)!;
    const taken = e2e.query<{ reference: string }>(
      'select reference from products where id <> ? order by id limit 1',
      before.id,
    )[0]!.reference;
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openProducts(page);
      await rowOf(page, NAME)
        .getByRole('link', { name: `Modifier ${NAME}` })
        .click();
      await page.waitForURL(e2e.url(paths.adminProductEdit(before.id)));
      const form = page.getByRole('form', { name: 'Modifier le produit' });
      await expect.poll(() => field(form, 'Nom').inputValue()).toBe(NAME);
      expect(await field(form, 'Prix (F CFA)').inputValue()).toBe('12500');
      expect(await field(form, 'Valeur de la caractéristique 2').inputValue()).toBe('2,2 kg');
      expect(await field(form, 'Point fort 2').inputValue()).toBe('Bonne isolation thermique');

      // A price with cents: refused in the browser, nothing sent.
      await field(form, 'Prix (F CFA)').fill('13000,50');
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await form.locator('.field-error', { hasText: 'Le prix doit être un nombre' }).waitFor();

      // The server's 422: the field says it, the toast lists it.
      await field(form, 'Prix (F CFA)').fill('13000,00');
      await field(form, 'Référence').fill(taken);
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await form
        .locator('.field-error', { hasText: 'Cette référence est déjà utilisée par un autre produit.' })
        .waitFor();
      await expectToast(
        page,
        'Erreur',
        'Erreurs de validation:\nreference: Cette référence est déjà utilisée par un autre produit.',
      );
      expect(productNamed(NAME)!.reference).toBe(before.reference);

      await field(form, 'Référence').fill(before.reference);
      await field(form, 'Retirer l’image 1').check();
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Produit mis à jour');
      await page.waitForURL(e2e.url(paths.adminProducts));

      const after = productNamed(NAME)!;
      const [removed, kept] = JSON.parse(before.gallery!) as string[];
      expect(after.price).toBe(13000);
      expect(JSON.parse(after.gallery!)).toEqual([kept]);
      // Kept while the version before the save shows it (docs/product-rules.md, "Revisions").
      expect(existsSync(storedFile(removed!))).toBe(true);
      expect(existsSync(storedFile(kept!))).toBe(true);
      expect(after.image).toBe(before.image);
      expect(unexpectedErrors(observed, 422)).toEqual([]);

      await page.goto(e2e.url(paths.product(after.id)));
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      expect(await page.locator('.product-thumbs li').count()).toBe(1);
    } finally {
      await observed.close();
    }
  });

  test('an unknown product says Produit non trouvé', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProductEdit(999999)));
      await page.getByText('Produit non trouvé').waitFor();
      expect(unexpectedErrors(observed, 404)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('categories: none gives the disabled Aucune catégorie disponible; a failure and an odd answer toast their messages', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      let answer: { status: number; body: unknown } = { status: 200, body: { data: [] } };
      await page.route('**/api/categories', (route) =>
        route.fulfill({
          status: answer.status,
          contentType: 'application/json',
          body: JSON.stringify(answer.body),
        }),
      );

      await page.goto(e2e.url(paths.adminProductNew));
      const option = page.getByRole('option', { name: 'Aucune catégorie disponible' });
      await option.waitFor({ state: 'attached' });
      expect(await option.isDisabled()).toBe(true);

      answer = { status: 500, body: { message: 'Panne' } };
      await page.reload();
      await expectToast(page, 'Erreur', 'Impossible de charger les catégories');

      answer = { status: 200, body: { categories: 'inattendu' } };
      await page.reload();
      await expectToast(page, 'Attention', 'Impossible de charger les catégories correctement');
      expect(unexpectedErrors(observed, 500)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a slow image upload shows the progress bar and Chargement... on the disabled button', async () => {
    const category = await someCategory();
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminProductNew));
      const form = page.getByRole('form', { name: 'Ajouter un nouveau produit' });
      await field(form, 'Nom').fill('Dalle de terrasse lente');
      await field(form, 'Prix (F CFA)').fill('7500');
      await field(form, 'Catégorie').selectOption({ label: category.name });
      await field(form, 'Description').fill('Dalle envoyée sur une connexion lente.');
      // About 600 KB of noise: at 200 KB/s the upload lasts a few seconds.
      await field(form, 'Image principale').setInputFiles(
        await jpegFile('dalle.jpg', { width: 900, height: 600, noisy: true }),
      );

      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 50,
        downloadThroughput: -1,
        uploadThroughput: 200 * 1024,
      });
      await form.getByRole('button', { name: 'Créer le produit' }).click();
      await form.locator('progress').waitFor();
      await form.getByText(/Envoi en cours : \d+ %/).waitFor();
      expect(await form.getByRole('button', { name: 'Chargement...' }).isDisabled()).toBe(true);
      await expectToast(page, 'Produit créé');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      expect(productNamed('Dalle de terrasse lente')?.image).toMatch(/^products\//);
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('deleting asks first, then moves the product and its files to the trash; its public page answers 404', async () => {
    const target = productNamed(NAME)!;
    const files = [target.image!, ...(JSON.parse(target.gallery!) as string[])];
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openProducts(page);
      await rowOf(page, NAME)
        .getByRole('button', { name: `Supprimer ${NAME}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      expect(productNamed(NAME)).toBeDefined();

      await rowOf(page, NAME)
        .getByRole('button', { name: `Supprimer ${NAME}` })
        .click();
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Suppression réussie', 'Le produit a bien été supprimé');
      await expect.poll(() => rowOf(page, NAME).count()).toBe(0);
      // In the trash (docs/product-rules.md, "Trash"): the row kept and marked, its files aside.
      expect(productNamed(NAME)?.deleted_at).toBeTruthy();
      for (const file of files) trashed.expectTrashed(file);
      expect((await fetch(`${e2e.baseUrl}/api/products/${target.id}`)).status).toBe(404);
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a failed deletion toasts Erreur lors de la suppression du produit and keeps the row', async () => {
    const name = e2e.query<{ name: string }>('select name from products order by id limit 1')[0]!.name;
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await failWith500(
        page,
        '**/api/products/*',
        'Erreur interne du serveur',
        (route) => route.request().method() === 'DELETE',
      );
      await openProducts(page);
      await rowOf(page, name)
        .getByRole('button', { name: `Supprimer ${name}` })
        .click();
      await page
        .getByRole('dialog', { name: 'Confirmer la suppression' })
        .getByRole('button', { name: 'Supprimer' })
        .click();
      await expectToast(page, 'Erreur lors de la suppression du produit', 'Erreur interne du serveur');
      expect(await rowOf(page, name).count()).toBe(1);
      expect(productNamed(name)).toBeDefined();
      expect(unexpectedErrors(observed, 500)).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('bulk actions on the products', () => {
  const LOT = 'Lot groupé e2e';

  /** `n` products in a category of their own, created through the API as a client would. */
  async function aLot(n: number): Promise<{ id: number; name: string }> {
    const headers = {
      Authorization: `Bearer ${await apiLogin(e2e.baseUrl)}`,
      'Content-Type': 'application/json',
    };
    const created = await fetch(e2e.url('/api/categories'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: LOT, description: 'Des produits pour les actions groupées.' }),
    });
    expect(created.status).toBe(201);
    const category = ((await created.json()) as { data: { id: number; name: string } }).data;
    for (let i = 1; i <= n; i += 1) {
      const response = await fetch(e2e.url('/api/products'), {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: `Article groupé ${String(i).padStart(2, '0')}`,
          price: 1000 + i,
          category_id: category.id,
          description: 'Un article du lot des actions groupées.',
        }),
      });
      expect(response.status).toBe(201);
    }
    return category;
  }

  const stateCount = (categoryId: number, publication: string) =>
    e2e.query<{ n: number }>(
      'select count(*) as n from products where category_id = ? and publication = ? and deleted_at is null',
      categoryId,
      publication,
    )[0]!.n;

  test('rows ticked on two pages are unpublished at once, then the whole filtered list moves: the list and its total follow', async () => {
    const lot = await aLot(55);
    const target = e2e.query<{ id: number; name: string }>(
      'select id, name from categories where id <> ? and deleted_at is null order by name limit 1',
      lot.id,
    )[0]!;
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(`${paths.adminProducts}?categorie=${lot.id}`));
      const counted = page.locator('.list-count');
      await expect.poll(() => counted.textContent()).toBe('1 à 50 sur 55');

      // The whole first page, then one row of the second: 51 rows kept across pages.
      await page.getByRole('checkbox', { name: 'Sélectionner toute la page : Produits' }).check();
      const bar = page.getByRole('region', { name: 'Actions groupées' });
      await bar.getByText('50 produits sélectionnés').waitFor();
      await bar.getByRole('button', { name: 'Tout sélectionner (55)' }).waitFor();
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect.poll(() => counted.textContent()).toBe('51 à 55 sur 55');
      await page.getByRole('checkbox', { name: 'Sélectionner Article groupé 03' }).check();
      await bar.getByText('51 produits sélectionnés').waitFor();

      await bar.getByRole('button', { name: 'Dépublier' }).click();
      const dialog = page.getByRole('dialog', { name: 'Repasser 51 produits en brouillon ?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Dépublier' }).click();
      await expectToast(page, 'Dépublier', '51 éléments modifiés.');
      expect(stateCount(lot.id, 'draft')).toBe(51);
      expect(stateCount(lot.id, 'published')).toBe(4);
      const row = rowOf(page, 'Article groupé 03');
      await expect.poll(() => row.locator('td[data-label="État"]').textContent()).toBe('Brouillon');
      expect(await rowOf(page, 'Article groupé 04').locator('td[data-label="État"]').textContent()).toBe(
        'Publié',
      );

      // The drafts only: 51 rows; all of them move to another category.
      await page.getByLabel('État').selectOption({ label: 'Brouillons' });
      await expect.poll(() => counted.textContent()).toBe('1 à 50 sur 51');
      await page.getByRole('checkbox', { name: 'Sélectionner toute la page : Produits' }).check();
      await bar.getByRole('button', { name: 'Tout sélectionner (51)' }).click();
      await bar.getByText('51 produits sélectionnés').waitFor();
      await bar.getByRole('button', { name: 'Changer de catégorie' }).click();
      const move = page.getByRole('dialog', { name: 'Déplacer 51 produits vers une autre catégorie ?' });
      await move.getByLabel('Nouvelle catégorie').selectOption({ label: target.name });
      await move.getByRole('button', { name: 'Changer de catégorie' }).click();
      await expectToast(page, 'Changer de catégorie', '51 éléments modifiés.');
      await page.getByText('Aucun produit trouvé').waitFor();
      expect(stateCount(lot.id, 'draft')).toBe(0);
      expect(stateCount(target.id, 'draft')).toBeGreaterThanOrEqual(51);

      await page.getByLabel('État').selectOption({ label: 'Tous' });
      await expect.poll(() => counted.textContent()).toBe('1 à 4 sur 4');
      expect(unexpectedErrors(observed)).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
