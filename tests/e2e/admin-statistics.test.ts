import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { businessToday } from '#shared/calendar';
import { paths } from '#shared/paths';
import { FORBIDDEN_MESSAGE, type Role } from '#shared/roles';
import { addDays } from '#shared/calendar';
import { e2eHarness, type Account } from '../helpers/e2e-harness';
import { apiLogin, waitForApp } from './admin-helpers';
import { axeViolations, screenshot } from './outside-checks';

/**
 * The statistics screen (docs/product-rules.md, "The statistics screen") in a real Chromium
 * against the built server, on counts written into its database as the counting side
 * leaves them: the figures in the table, the chart inside the page's width on a desktop and
 * a phone, the period in the address, the CSV, and who sees the screen.
 */

interface Writable {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Writable;

const e2e = e2eHarness({ env: { LOGIN_MAX_ATTEMPTS: '100' } });
const PASSWORD = 'mot-de-passe-equipe';
const account = (role: Role): Account => ({ email: `${role}@example.test`, password: PASSWORD });

// Written out, not imported: a changed sentence must fail here.
const NOTHING_COUNTED =
  'Aucune visite n’a encore été comptée. Le comptage commence avec les premières visites du site public : leurs chiffres apparaîtront ici dans la minute qui suit.';
const today = businessToday();
const threeDaysAgo = addDays(today, -3);
const twentyDaysAgo = addDays(today, -20);
const count = new Intl.NumberFormat('fr-FR');
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
let productName = '';

beforeAll(async () => {
  const token = await apiLogin(e2e.baseUrl);
  for (const role of ['commercial', 'chantier'] as const) {
    const created = await fetch(e2e.url('/api/auth/register'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Équipe ${role}`, ...account(role), role: 'admin' }),
    });
    expect(created.status).toBe(201);
  }
  const db = new Database(e2e.databasePath);
  try {
    for (const role of ['commercial', 'chantier'] as const)
      db.prepare('update users set role = ? where email = ?').run(role, account(role).email);
  } finally {
    db.close();
  }
});

/** The days and breakdowns the tests read back, as the counting side would have written them. */
function writeCounts(): void {
  const product = e2e.query<{ id: number; name: string }>(
    'select id, name from products order by id limit 1',
  )[0]!;
  productName = product.name;
  const db = new Database(e2e.databasePath);
  try {
    const days = db.prepare('insert into stats_days (date, views, visitors) values (?, ?, ?)');
    days.run(today, 1200, 5);
    days.run(threeDaysAgo, 30, 9);
    days.run(twentyDaysAgo, 100, 40);
    const counts = db.prepare(
      'insert into stats_counts (date, dimension, key, views, visitors) values (?, ?, ?, ?, ?)',
    );
    counts.run(today, 'page', '/catalogue', 700, 4);
    counts.run(today, 'source', 'facebook', 600, 3);
    counts.run(today, 'device', 'phone', 1000, 4);
    counts.run(today, 'whatsapp_product', String(product.id), 2, 2);
    counts.run(today, 'funnel', 'product', 20, 4);
  } finally {
    db.close();
  }
}

/** A cell's row of the table 'Visites par jour'. */
const dayRow = (page: Page, iso: string) =>
  page
    .getByRole('region', { name: 'Tableau des visites par jour' })
    .getByRole('row', { name: new RegExp(`^${day(iso)}`) });
/** A card's change against the previous period ('nouveau vs 0 avant'). */
const versus = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Chiffres de la période' })
    .locator('.stat-card', { has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('.stats-versus');
/** The value of a card of the period's figures. */
const card = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Chiffres de la période' })
    .locator('.stat-card', { has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('.stat-value');

async function expectChartFits(page: Page, width: number): Promise<void> {
  const canvas = page.locator('.stats-chart canvas').first();
  await canvas.waitFor();
  const box = (await canvas.boundingBox())!;
  expect(box.width).toBeGreaterThan(width / 2 - 120);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
}

test('before the first count, the screen says counting starts with the first visits', async () => {
  await e2e.withSignedInPage(async ({ page }) => {
    await page.goto(e2e.url(paths.adminStatistics));
    await page.getByText(NOTHING_COUNTED, { exact: true }).waitFor();
    expect(await page.locator('.stats-chart').count()).toBe(0);
  });
});

describe('statistics screen', () => {
  beforeAll(writeCounts);

  test('at 1366×768: the counted figures in the table and cards, the chart within the page, the period in the address, the CSV', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(e2e.url(`${paths.adminStatistics}?jours=7`));
      await page.getByRole('heading', { name: 'Statistiques', level: 1 }).waitFor();
      await expect
        .poll(() => dayRow(page, today).innerText())
        .toMatch(new RegExp(`${count.format(1200)}\\s+5$`));
      expect(await dayRow(page, threeDaysAgo).innerText()).toMatch(/30\s+9$/);
      expect(await card(page, 'Pages vues').innerText()).toBe(count.format(1230));
      expect(await card(page, 'Visiteurs').innerText()).toBe('14');
      expect(await card(page, 'Commandes WhatsApp').innerText()).toBe('2');
      // Nothing was counted the week before: each counted figure says so. (The requests' and
      // messages' cards count the seed's rows, whose days move with the clock.)
      for (const label of ['Pages vues', 'Visiteurs', 'Commandes WhatsApp'])
        expect(await versus(page, label).innerText()).toBe('nouveau vs 0 avant');
      await page
        .getByRole('row', {
          name: new RegExp(`^${productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+2$`),
        })
        .waitFor();
      await page.getByRole('row', { name: /^Facebook/ }).waitFor();
      await page.getByRole('row', { name: /^Téléphone/ }).waitFor();
      // 4 of 14 visitors saw a product page.
      await page.getByText('28,6 % des visiteurs').waitFor();
      await expectChartFits(page, 1366);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: '30 jours' }).click();
      await page.waitForURL(/[?&]jours=30\b/);
      await expect.poll(() => card(page, 'Pages vues').innerText()).toBe(count.format(1330));
      await dayRow(page, twentyDaysAgo).waitFor();

      await page.getByLabel('Du', { exact: true }).fill(twentyDaysAgo);
      await page.getByLabel('Au', { exact: true }).fill(twentyDaysAgo);
      await page.getByRole('button', { name: 'Afficher' }).click();
      await page.waitForURL(new RegExp(`du=${twentyDaysAgo}&au=${twentyDaysAgo}`));
      await expect.poll(() => card(page, 'Pages vues').innerText()).toBe('100');
      expect(await card(page, 'Visiteurs').innerText()).toBe('40');
      await page.reload();
      await expect.poll(() => card(page, 'Pages vues').innerText()).toBe('100');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exporter en CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^statistiques-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(lines[0]).toBe('\uFEFFRubrique;Élément;Jour;Pages vues;Visiteurs;Nombre');
      expect(lines[1]).toBe(`Jour;;${day(twentyDaysAgo)};100;40;`);
    });
  });

  test('at 360×740: the figures in the table and the chart within the phone’s width, without sideways scrolling', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(e2e.url(paths.adminStatistics));
      await expect
        .poll(() => dayRow(page, today).innerText())
        .toMatch(new RegExp(`${count.format(1200)}\\s+5$`));
      await expectChartFits(page, 360);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'admin-statistiques-360');
    });
  });

  test('a commercial opens it from the sidebar; a site manager has no link and gets the refusal on a direct visit', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      const sidebar = page.getByRole('navigation', { name: 'Administration' });
      await sidebar.getByRole('link', { name: 'Statistiques' }).click();
      await page.waitForURL(e2e.url(paths.adminStatistics));
      await expect.poll(() => dayRow(page, today).innerText()).toMatch(/5$/);
      // The dashboard's card for the same role.
      await page.goto(e2e.url(paths.adminDashboard));
      await page.getByRole('heading', { name: 'Fréquentation (7 derniers jours)' }).waitFor();
    }, account('commercial'));

    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      const sidebar = page.getByRole('navigation', { name: 'Administration' });
      await sidebar.getByRole('link', { name: 'Tableau de bord' }).waitFor();
      expect(await sidebar.getByRole('link', { name: 'Statistiques' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Fréquentation (7 derniers jours)' }).count()).toBe(0);
      await page.goto(e2e.url(paths.adminStatistics));
      await waitForApp(page);
      await page.getByRole('main').getByText(FORBIDDEN_MESSAGE, { exact: true }).waitFor();
      expect(observed.requestedUrls.filter((url) => url.includes('/api/admin/stats/'))).toEqual([]);
    }, account('chantier'));
  });
});
