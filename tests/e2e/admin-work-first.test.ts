import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness, TEST_ADMIN } from '../helpers/e2e-harness';
import { expectToast, rowOf, submitLogin, waitForApp } from './admin-helpers';

/**
 * A back office that puts the work first (docs/product-rules.md, Back office;
 * docs/decisions/0027-back-office-work-first-and-outside-checks.md), in a real Chromium
 * against the built server: what waits on the dashboard, counted in the server's own
 * database; thumbnails and a quiet deletion in the lists; filters kept in the URL; the
 * submission dialog's status and save in view on a 768 px high screen; sign-in errors
 * beside the form and toasts that go with their page.
 */

interface Writable {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Writable;

const e2e = e2eHarness({ env: { CONTACT_RATE_LIMIT: '1000' } });
const DESKTOP = { width: 1366, height: 768 };

const count = (sql: string, ...params: unknown[]) => e2e.query<{ n: number }>(sql, ...params)[0]!.n;

beforeAll(async () => {
  // Two unread messages (each queues two mails, never sent: no SMTP_URL), one mail failed.
  for (const name of ['Koffi Mensah', 'Awa Dossou']) {
    const response = await fetch(e2e.url('/api/contact-messages'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        name,
        email: 'contact.e2e@example.bj',
        phone: '',
        subject: 'renseignement',
        message: 'Bonjour, je voudrais un devis pour une clôture.',
      }),
    });
    expect(response.status).toBe(201);
  }
  const db = new Database(e2e.databasePath);
  try {
    db.prepare(
      "update outbox set status = 'failed', attempts = 8, last_error = 'connect ECONNREFUSED' where id = (select min(id) from outbox)",
    ).run();
  } finally {
    db.close();
  }
});

async function settled(page: Page): Promise<void> {
  await waitForApp(page);
  await expect.poll(() => page.locator('.spinner').count(), { timeout: 15_000 }).toBe(0);
}

describe('the dashboard opens with what waits', () => {
  test("'À traiter' counts new submissions, unread messages, failed and waiting mails as the database does, each a link to its filtered screen", async () => {
    const waiting = {
      submissions: count("select count(*) as n from project_submissions where status = 'new'"),
      messages: count("select count(*) as n from contact_messages where status = 'unread'"),
      mails: count("select count(*) as n from outbox where status = 'failed'"),
    };
    // The demo seed's two new requests, the two messages and the failed mail of this file.
    expect(waiting).toEqual({ submissions: 2, messages: 2, mails: 1 });
    // Every other mail of the two messages waits: no SMTP_URL, so none ever left.
    const unsent = count("select count(*) as n from outbox where status in ('pending', 'sending')");
    expect(unsent).toBeGreaterThanOrEqual(3);

    await e2e.withSignedInPage(async ({ page, consoleErrors, pageErrors }) => {
      const panel = page.getByRole('region', { name: 'À traiter' });
      await panel.getByRole('link').first().waitFor();
      expect(await panel.getByRole('link').allTextContents()).toEqual([
        '2 nouvelles soumissions à traiter',
        '2 messages non lus',
        '1 courriel en échec',
        `${unsent} courriels en attente d’envoi`,
      ]);
      // Without SMTP_URL the dashboard says that no mail leaves, and where to check it.
      const warning = page.getByRole('alert').filter({ hasText: 'Les courriels ne partent pas' });
      expect(await warning.innerText()).toContain('SMTP_URL');
      expect(await warning.getByRole('link', { name: 'Voir le diagnostic SMTP' }).getAttribute('href')).toBe(
        `${paths.adminImageDiagnostic}?onglet=systeme`,
      );

      await panel.getByRole('link', { name: '2 nouvelles soumissions à traiter' }).click();
      await page.waitForURL(e2e.url(`${paths.adminSubmissions}?status=new`));
      await settled(page);
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(2);
      expect(await page.locator('.data-table tbody .status-badge').allTextContents()).toEqual([
        'Nouveau',
        'Nouveau',
      ]);

      await page.goBack();
      await panel.getByRole('link', { name: '2 messages non lus' }).click();
      await page.waitForURL(e2e.url(`${paths.adminMessages}?status=unread`));
      await settled(page);
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(2);

      await page.goBack();
      await panel.getByRole('link', { name: '1 courriel en échec' }).click();
      await page.waitForURL(e2e.url(`${paths.adminOutbox}?statut=failed`));
      await settled(page);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      expect(await page.locator('tbody tr .outbox-badge').innerText()).toBe('échec');
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });
});

describe('the lists', () => {
  test.each([
    { list: paths.adminProducts, table: 'products', column: 'image', name: 'name' },
    { list: paths.adminProjects, table: 'projects', column: 'main_image', name: 'title' },
    { list: paths.adminOffers, table: 'parcels', column: 'image', name: 'title' },
    { list: paths.adminPromotions, table: 'promotions', column: 'image', name: 'title' },
  ])(
    '$list shows each row’s smallest image variant, sized and lazy',
    async ({ list, table, column, name }) => {
      const row = e2e.query<{ image: string; name: string }>(
        `select ${column} as image, ${name} as name from ${table} where ${column} is not null order by id limit 1`,
      )[0]!;
      await e2e.withSignedInPage(async ({ page }) => {
        await page.goto(e2e.url(list));
        await settled(page);
        const thumb = rowOf(page, row.name).locator('img.list-thumb');
        const expected = `/storage/${row.image.replace(/\.\w+$/, '')}-320.webp`;
        expect(await thumb.getAttribute('src')).toBe(expected);
        expect(
          await thumb.evaluate((img) => [img.getAttribute('width'), img.getAttribute('height')]),
        ).toEqual(['64', '48']);
        expect(await thumb.getAttribute('loading')).toBe('lazy');
        // Decorative: the row's name is the next cell.
        expect(await thumb.getAttribute('alt')).toBe('');
        await thumb.scrollIntoViewIfNeeded();
        await expect
          .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      });
    },
  );

  test("'Supprimer' is a quiet text button on one line with the other actions, and only asks", async () => {
    const product = e2e.query<{ name: string }>('select name from products order by id limit 1')[0]!;
    await e2e.withSignedInPage(async ({ page }) => {
      await page.goto(e2e.url(paths.adminProducts));
      await settled(page);
      const remove = rowOf(page, product.name).getByRole('button', { name: `Supprimer ${product.name}` });
      expect(await remove.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
        'rgba(0, 0, 0, 0)',
      );
      const tops = await rowOf(page, product.name)
        .locator('.row-actions > *')
        .evaluateAll((actions) => actions.map((action) => (action as HTMLElement).offsetTop));
      expect(new Set(tops).size).toBe(1);
      await remove.click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      expect(count('select count(*) as n from products where name = ?', product.name)).toBe(1);
    });
  });

  test('products filter on a category kept in the URL: a reload and Back keep to it', async () => {
    const category = e2e.query<{ id: number; name: string; n: number }>(
      `select c.id, c.name, count(*) as n from products p join categories c on c.id = p.category_id
       group by c.id, c.name order by count(*) desc, c.id limit 1`,
    )[0]!;
    const all = count('select count(*) as n from products where deleted_at is null');
    await e2e.withSignedInPage(async ({ page }) => {
      await page.goto(e2e.url(paths.adminProducts));
      await settled(page);
      await page.getByLabel('Catégorie').selectOption({ label: category.name });
      await page.waitForURL(e2e.url(`${paths.adminProducts}?categorie=${category.id}`));
      const counted = page.locator('.list-count');
      await expect.poll(() => counted.textContent()).toBe(`1 à ${category.n} sur ${category.n}`);
      const categories = await page.locator('.data-table tbody td[data-label="Catégorie"]').allTextContents();
      expect(categories).toEqual(Array(category.n).fill(category.name));

      await page.reload();
      await settled(page);
      await expect.poll(() => counted.textContent()).toBe(`1 à ${category.n} sur ${category.n}`);
      expect(await page.getByLabel('Catégorie').inputValue()).toBe(String(category.id));

      await page.goBack();
      await page.waitForURL(e2e.url(paths.adminProducts));
      await expect.poll(() => counted.textContent()).toBe(`1 à ${Math.min(all, 50)} sur ${all}`);
    });
  });

  test('offers show one kind per tab, kept in the URL', async () => {
    const fleet = count('select count(*) as n from fleet_properties where deleted_at is null');
    const parcels = count('select count(*) as n from parcels where deleted_at is null');
    await e2e.withSignedInPage(async ({ page }) => {
      await page.goto(e2e.url(paths.adminOffers));
      await settled(page);
      const tab = (name: string) => page.getByRole('tab', { name, exact: true });
      expect(await tab('Parcelles').getAttribute('aria-selected')).toBe('true');
      await tab('Flotte immobilière').click();
      await page.waitForURL(e2e.url(`${paths.adminOffers}?type=flotte`));
      // The address changes as the navigation starts; the tab is drawn when React commits it.
      await expect.poll(() => tab('Flotte immobilière').getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(fleet);
      await page.locator('.data-table th', { hasText: 'Type de bien' }).waitFor();

      await page.reload();
      await settled(page);
      expect(await tab('Flotte immobilière').getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(fleet);

      await page.goto(e2e.url(`${paths.adminOffers}?type=inconnu`));
      await settled(page);
      // An unknown type in a hand-typed address shows the first tab, the parcels.
      expect(await tab('Parcelles').getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(parcels);
    });
  });
});

describe('waiting for a list’s rows', () => {
  test('the table dims only once the next rows have been awaited 150 ms, and brightens when they are drawn', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(e2e.url(paths.adminProducts));
      await waitForApp(page);
      await page.locator('table.data-table tbody tr').first().waitFor();
      // The moments of the click and of each dimming, noted in the page.
      await page.evaluate(() => {
        const noted = window as unknown as { clickedAt: number; dimmedAt: number[] };
        noted.dimmedAt = [];
        addEventListener('click', () => (noted.clickedAt = performance.now()), true);
        const table = document.querySelector('table.data-table')!;
        new MutationObserver(() => {
          if (table.classList.contains('is-stale')) noted.dimmedAt.push(performance.now());
        }).observe(table, { attributes: true, attributeFilter: ['class'] });
      });
      // The next rows held until the test lets them go: a slow answer.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/admin/products?*', async (route) => {
        await held;
        await route.continue();
      });
      const price = page.getByRole('columnheader', { name: 'Prix', exact: true });
      await price.getByRole('button').click();
      await page.locator('table.data-table.is-stale').waitFor();
      const { clickedAt, dimmedAt } = await page.evaluate(() => {
        const noted = window as unknown as { clickedAt: number; dimmedAt: number[] };
        return { clickedAt: noted.clickedAt, dimmedAt: noted.dimmedAt };
      });
      expect(dimmedAt.length).toBe(1);
      expect(dimmedAt[0]! - clickedAt).toBeGreaterThanOrEqual(150);

      release();
      await expect.poll(() => price.getAttribute('aria-sort')).toBe('ascending');
      await expect.poll(() => page.locator('table.data-table.is-stale').count()).toBe(0);
    });
  });
});

describe('the submission dialog on a 768 px high screen', () => {
  test('its status and save stay in view however far it is scrolled, and save', async () => {
    const submission = e2e.query<{ id: number; status: string }>(
      "select id, status from project_submissions where status = 'new' order by id limit 1",
    )[0]!;
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.setViewportSize(DESKTOP);
      await page.goto(e2e.url(`${paths.adminSubmissions}?soumission=${submission.id}`));
      await settled(page);
      const dialog = page.locator('dialog.detail-dialog[open]');
      await dialog.waitFor();
      const status = dialog.getByLabel('Statut');
      const save = dialog.getByRole('button', { name: 'Enregistrer' });
      const inView = async () => {
        for (const control of [status, save]) {
          const box = (await control.boundingBox())!;
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
        }
      };
      // The dialog is taller than the screen: it scrolls.
      expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      await inView();
      await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
      await inView();
      await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await inView();

      await status.selectOption({ label: 'Contacté' });
      await save.click();
      await expectToast(page, 'Statut mis à jour', 'Statut mis à jour avec succès.');
      await expect
        .poll(
          () =>
            e2e.query<{ status: string }>(
              'select status from project_submissions where id = ?',
              submission.id,
            )[0]?.status,
        )
        .toBe('contacted');
    } finally {
      await observed.close();
    }
  });
});

describe('signing in', () => {
  test('a refusal shows beside the form, linked to both fields; once signed in its toast is gone, and the welcome goes with the next page', async () => {
    await e2e.withPage(async ({ page }) => {
      await page.goto(e2e.url(paths.login));
      await submitLogin(page, TEST_ADMIN.email, 'pas-le-bon-mot-de-passe');
      const alert = page.locator('form').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Identifiants incorrects. Veuillez réessayer.');
      const alertId = (await alert.getAttribute('id'))!;
      for (const field of [page.getByLabel('Email'), page.locator('input[name="password"]')]) {
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(alertId);
      }
      await expectToast(page, 'Échec de la connexion', 'Identifiants incorrects. Veuillez réessayer.');

      await submitLogin(page);
      await page.waitForURL(e2e.url(paths.adminDashboard));
      await expectToast(page, 'Connexion réussie', 'Bienvenue dans votre espace administrateur.');
      // The failure belonged to the sign-in page: it goes once the dashboard is drawn (the
      // address changes a moment before, while the dashboard's code loads).
      const failure = page.locator('.toast-title', { hasText: 'Échec de la connexion' });
      await expect.poll(() => failure.count()).toBe(0);

      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Produits', exact: true })
        .click();
      await page.waitForURL(e2e.url(paths.adminProducts));
      await expect.poll(() => page.locator('.toast').count()).toBe(0);
    });
  });
});

describe('moving between screens', () => {
  test('while the next screen’s code loads, a loading mark shows and the screen is marked busy; both go once it is drawn', async () => {
    await e2e.withSignedInPage(async ({ page, context }) => {
      // A first visit on a slow link: the page past the service worker (which would serve
      // the screen's code from its copy of the back office) and the projects screen's code
      // held a second and a half.
      const devtools = await context.newCDPSession(page);
      await devtools.send('Network.enable');
      await devtools.send('Network.setBypassServiceWorker', { bypass: true });
      let held = false;
      await page.route(/\/assets\/projects-list-page-[\w-]+\.js$/, async (route) => {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.setViewportSize(DESKTOP);
      await page.goto(e2e.url(paths.adminProducts));
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: 'Produits' }).waitFor();
      const pending = page.getByRole('status').filter({ hasText: 'Chargement de la page…' });
      const main = page.locator('#admin-main');
      // The live region is in the page before anything loads, empty: screen readers announce
      // the change of a region they already know.
      const region = await page
        .locator('.admin-route-pending[role="status"]')
        .elementHandle({ timeout: 5000 });
      expect(await region.textContent()).toBe('');
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Projets', exact: true })
        .click();
      await pending.waitFor();
      expect(await region.textContent()).toBe('Chargement de la page…');
      expect(held).toBe(true);
      expect(await main.getAttribute('aria-busy')).toBe('true');
      // The screen left stays on view meanwhile.
      expect(await page.getByRole('heading', { level: 1, name: 'Produits' }).count()).toBe(1);

      await page.getByRole('heading', { level: 1, name: 'Projets' }).waitFor();
      await expect.poll(() => pending.count()).toBe(0);
      expect(await main.getAttribute('aria-busy')).toBeNull();
    });
  });
});
