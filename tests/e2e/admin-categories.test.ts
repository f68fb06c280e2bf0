import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { apiLogin, expectToast, openFromSidebar, rowOf, submitLogin, waitForApp } from './admin-helpers';

// Categories (the model screens of the kit), the unsaved-changes prompt, and a session that
// ends mid-form: product rules, Pages and routes, States and Validation; product rules (409, tokens).

const e2e = e2eHarness();

const NOT_EMPTY = 'Impossible de supprimer une catégorie qui contient des produits.';

interface CategoryRow {
  id: number;
  name: string;
  description: string;
  deleted_at: string | null;
}

function categoryNamed(name: string): CategoryRow | undefined {
  return e2e.query<CategoryRow>(
    'select id, name, description, deleted_at from categories where name = ?',
    name,
  )[0];
}

describe('categories', () => {
  test('the list shows every category with its product count, and the search narrows on name or description', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Catégories', paths.adminCategories);
      const rows = e2e.query<{ name: string; description: string; n: number }>(
        `select c.name, c.description,
           (select count(*) from products p where p.category_id = c.id and p.deleted_at is null) as n
         from categories c where c.deleted_at is null order by c.name`,
      );
      await expect.poll(() => page.locator('tbody tr').count()).toBe(rows.length);
      for (const header of ['Nom', 'Nombre de produits', 'Description', 'Actions'])
        await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
      const first = rows[0]!;
      expect(await rowOf(page, first.name).locator('td[data-label="Nombre de produits"]').textContent()).toBe(
        String(first.n),
      );

      // Sorted by the server on a click of the count's header: fewest first, then most.
      const counts = () => page.locator('tbody td[data-label="Nombre de produits"]').allTextContents();
      const byCount = [...rows].map((row) => Number(row.n)).sort((a, b) => a - b);
      const header = page.getByRole('columnheader', { name: 'Nombre de produits' });
      await header.getByRole('button').click();
      await page.waitForURL(e2e.url(`${paths.adminCategories}?sort=products_count`));
      await expect.poll(async () => (await counts()).map(Number)).toEqual(byCount);
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      await header.getByRole('button').click();
      await expect.poll(async () => (await counts()).map(Number)).toEqual([...byCount].reverse());
      expect(await header.getAttribute('aria-sort')).toBe('descending');

      // Upper case, a piece of the description of one category only.
      const word = first.description.slice(0, 12).toUpperCase();
      const expected = rows.filter((row) =>
        `${row.name} ${row.description}`.toLowerCase().includes(word.toLowerCase()),
      ).length;
      await page.getByLabel('Rechercher une catégorie').fill(word);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(expected);
      await page.getByLabel('Rechercher une catégorie').fill('zzz-aucune-correspondance');
      await page.getByText('Aucune catégorie trouvée').waitFor();
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('creating shows the rule messages first, then saves, toasts and lists the new category', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Catégories', paths.adminCategories);
      await page.getByRole('link', { name: 'Nouvelle catégorie' }).click();
      await page.waitForURL(e2e.url(paths.adminCategoryNew));

      await page.getByLabel('Nom').fill('Ab');
      await page.getByLabel('Description').fill('Court');
      await page.getByRole('button', { name: 'Créer la catégorie' }).click();
      await page.getByText('Le nom doit contenir au moins 3 caractères').waitFor();
      await page.getByText('La description doit contenir au moins 10 caractères').waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
      // After the first submit, a field is checked again when it loses the focus.
      await page.getByLabel('Nom').fill('Menuiserie aluminium');
      await page.getByLabel('Description').focus();
      await expect.poll(() => page.getByText('Le nom doit contenir au moins 3 caractères').count()).toBe(0);

      await page.getByLabel('Description').fill('Fenêtres, portes et vérandas en aluminium.');
      await page.getByRole('button', { name: 'Créer la catégorie' }).click();
      await expectToast(page, 'Catégorie créée');
      await page.waitForURL(e2e.url(paths.adminCategories));
      await rowOf(page, 'Menuiserie aluminium').waitFor();
      expect(categoryNamed('Menuiserie aluminium')?.description).toBe(
        'Fenêtres, portes et vérandas en aluminium.',
      );

      // The server's 422 (a name already taken) lands on the field.
      await page.getByRole('link', { name: 'Nouvelle catégorie' }).click();
      await page.getByLabel('Nom').fill('Menuiserie aluminium');
      await page.getByLabel('Description').fill('Une autre description assez longue.');
      await page.getByRole('button', { name: 'Créer la catégorie' }).click();
      await page.locator('.field-error', { hasText: 'Une catégorie porte déjà ce nom.' }).waitFor();
      await expectToast(page, 'Erreur');
      expect(observed.consoleErrors.filter((text) => !text.includes('422'))).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('editing loads the category, saves the change and toasts; an unknown id says Catégorie non trouvée', async () => {
    const token = await apiLogin(e2e.baseUrl);
    const created = await fetch(e2e.url('/api/categories'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Quincaillerie', description: 'Vis, clous, serrures et outillage.' }),
    });
    const { data } = (await created.json()) as { data: CategoryRow };

    const again = await e2e.signedInPage();
    try {
      const { page } = again;
      await openFromSidebar(page, 'Catégories', paths.adminCategories);
      await rowOf(page, 'Quincaillerie').getByRole('link', { name: 'Modifier Quincaillerie' }).click();
      await page.waitForURL(e2e.url(paths.adminCategoryEdit(data.id)));
      await expect.poll(() => page.getByLabel('Nom').inputValue()).toBe('Quincaillerie');
      await page.getByLabel('Nom').fill('Quincaillerie générale');
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Catégorie mise à jour');
      await page.waitForURL(e2e.url(paths.adminCategories));
      expect(categoryNamed('Quincaillerie générale')?.id).toBe(data.id);

      await page.goto(e2e.url(paths.adminCategoryEdit(999999)));
      await page.getByText('Catégorie non trouvée').waitFor();
    } finally {
      await again.close();
    }
  });

  test('deleting asks first and an empty category goes; one holding products says why before anything is asked, and a bulk deletion leaves it, naming why', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      const token = (await page.evaluate(() => localStorage.getItem('access_token')))!;
      for (const name of ['Catégorie à supprimer', 'Catégorie vide en lot']) {
        const created = await fetch(e2e.url('/api/categories'), {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name, description: 'Une catégorie vide, sans produit.' }),
        });
        expect(created.status).toBe(201);
      }
      const full = e2e.query<{ name: string }>(
        `select c.name from categories c
         where exists (select 1 from products p where p.category_id = c.id and p.deleted_at is null) limit 1`,
      )[0]!.name;

      await openFromSidebar(page, 'Catégories', paths.adminCategories);
      await rowOf(page, 'Catégorie à supprimer')
        .getByRole('button', { name: 'Supprimer Catégorie à supprimer' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await dialog.waitFor();
      // The safe choice has the focus; cancelling keeps the row.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Annuler');
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      expect(categoryNamed('Catégorie à supprimer')).toBeDefined();

      await rowOf(page, 'Catégorie à supprimer')
        .getByRole('button', { name: 'Supprimer Catégorie à supprimer' })
        .click();
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Suppression réussie', 'La catégorie a bien été supprimée');
      await expect.poll(() => rowOf(page, 'Catégorie à supprimer').count()).toBe(0);
      // In the trash (docs/product-rules.md, "Trash"): kept and marked, out of the list.
      expect(categoryNamed('Catégorie à supprimer')?.deleted_at).toBeTruthy();

      // A category holding products: its 'Supprimer' says why, and asks nothing.
      const refused = rowOf(page, full).getByRole('button', { name: `Supprimer ${full}` });
      expect(await refused.getAttribute('aria-disabled')).toBe('true');
      expect(await refused.getAttribute('title')).toBe(NOT_EMPTY);
      expect(await refused.getAttribute('aria-description')).toBe(NOT_EMPTY);
      // Playwright waits for an enabled button: the click is forced, as a user's would land.
      await refused.click({ force: true });
      expect(await dialog.isVisible()).toBe(false);

      // Without a stored token, deleting is refused before asking.
      await page.evaluate(() => localStorage.removeItem('access_token'));
      await rowOf(page, 'Catégorie vide en lot')
        .getByRole('button', { name: 'Supprimer Catégorie vide en lot' })
        .click();
      await expectToast(page, 'Erreur', 'Vous devez être connecté pour effectuer cette action');
      expect(await dialog.isVisible()).toBe(false);
      await page.evaluate((stored) => localStorage.setItem('access_token', stored), token);

      // Both ticked and deleted at once: the empty one goes, the other is named with why.
      await page.getByRole('checkbox', { name: 'Sélectionner Catégorie vide en lot' }).check();
      await page.getByRole('checkbox', { name: `Sélectionner ${full}` }).check();
      const bar = page.getByRole('region', { name: 'Actions groupées' });
      await bar.getByText('2 catégories sélectionnées').waitFor();
      await bar.getByRole('button', { name: 'Supprimer', exact: true }).click();
      const bulk = page.getByRole('dialog', { name: 'Placer 2 catégories dans la corbeille ?' });
      await bulk.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Supprimer', '1 élément modifié, 1 refusé.');
      await page
        .getByRole('alert')
        .filter({ hasText: `${full} : ${NOT_EMPTY}` })
        .waitFor();
      await expect.poll(() => rowOf(page, 'Catégorie vide en lot').count()).toBe(0);
      expect(categoryNamed('Catégorie vide en lot')?.deleted_at).toBeTruthy();
      expect(categoryNamed(full)?.deleted_at).toBeNull();
      expect(await rowOf(page, full).count()).toBe(1);
    } finally {
      await observed.close();
    }
  });
});

describe('unsaved changes and the session ending mid-form', () => {
  test('leaving a changed form asks first: staying keeps the values, leaving discards them', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Catégories', paths.adminCategories);
      await page.getByRole('link', { name: 'Nouvelle catégorie' }).click();
      await page.getByLabel('Nom').fill('Brouillon à ne pas perdre');

      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Tableau de bord' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Rester sur la page' }).click();
      expect(new URL(page.url()).pathname).toBe(paths.adminCategoryNew);
      expect(await page.getByLabel('Nom').inputValue()).toBe('Brouillon à ne pas perdre');

      // A reload asks the browser's own question.
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))),
      );
      void page.reload().catch(() => undefined);
      expect(await asked).toBe('beforeunload');
      expect(await page.getByLabel('Nom').inputValue()).toBe('Brouillon à ne pas perdre');

      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Tableau de bord' })
        .click();
      await dialog.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
      await page.waitForURL(e2e.url(paths.adminDashboard));
      await page.getByRole('link', { name: 'Nouvelle catégorie' }).first().click();
      await page.waitForURL(e2e.url(paths.adminCategoryNew));
      expect(await page.getByLabel('Nom').inputValue()).toBe('');
      expect(categoryNamed('Brouillon à ne pas perdre')).toBeUndefined();
    } finally {
      await observed.close();
    }
  });

  test('a token revoked while typing: submit -> /login -> sign in -> the same form with the typed values, then saved', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Catégories', paths.adminCategories);
      await page.getByRole('link', { name: 'Nouvelle catégorie' }).click();
      await page.getByLabel('Nom').fill('Carrelage et faïence');
      await page.getByLabel('Description').fill('Carreaux de sol et de mur, faïence.');

      // The session dies elsewhere (the same token signed out from another client).
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const logout = await fetch(e2e.url('/api/auth/logout'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(logout.status).toBe(200);

      await page.getByRole('button', { name: 'Créer la catégorie' }).click();
      await page.waitForURL(e2e.url(paths.login));
      await expectToast(page, 'Session expirée');
      expect(categoryNamed('Carrelage et faïence')).toBeUndefined();

      await submitLogin(page);
      await page.waitForURL(e2e.url(paths.adminCategoryNew));
      await expect.poll(() => page.getByLabel('Nom').inputValue()).toBe('Carrelage et faïence');
      expect(await page.getByLabel('Description').inputValue()).toBe('Carreaux de sol et de mur, faïence.');
      await page.getByText('Votre saisie non enregistrée a été restaurée.').waitFor();

      await page.getByRole('button', { name: 'Créer la catégorie' }).click();
      await expectToast(page, 'Catégorie créée');
      await page.waitForURL(e2e.url(paths.adminCategories));
      expect(categoryNamed('Carrelage et faïence')?.description).toBe('Carreaux de sol et de mur, faïence.');
      // The draft is gone once saved.
      expect(
        await page.evaluate(() =>
          Object.keys(sessionStorage).filter((key) => key.startsWith('admin-draft:')),
        ),
      ).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('an edit form whose token became invalid gets its typed values back over the stored ones after signing in', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      const target = e2e.query<CategoryRow>(
        'select id, name, description from categories order by id limit 1',
      )[0]!;
      await page.goto(e2e.url(paths.adminCategoryEdit(target.id)));
      await waitForApp(page);
      await expect.poll(() => page.getByLabel('Description').inputValue()).toBe(target.description);
      await page.getByLabel('Description').fill('Description revue pendant que la session expirait.');
      await page.evaluate(() =>
        localStorage.setItem('access_token', 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.invalide'),
      );

      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      await page.waitForURL(e2e.url(paths.login));
      await submitLogin(page);
      await page.waitForURL(e2e.url(paths.adminCategoryEdit(target.id)));
      await expect
        .poll(() => page.getByLabel('Description').inputValue())
        .toBe('Description revue pendant que la session expirait.');
      expect(await page.getByLabel('Nom').inputValue()).toBe(target.name);
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Catégorie mise à jour');
      expect(categoryNamed(target.name)?.description).toBe(
        'Description revue pendant que la session expirait.',
      );
    } finally {
      await observed.close();
    }
  });
});
