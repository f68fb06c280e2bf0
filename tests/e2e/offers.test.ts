import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { loadConfig } from '#server/config';
import { holdReact, withholdReact } from '../helpers/browser';
import { e2eHarness } from '../helpers/e2e-harness';
import { expectTapShownAtOnce } from './tap-shown';
import { chatOpenedBy } from './whatsapp-chat';

// The offers page (product rules, Public site; product rules, Pages and routes, States and Messages and errors): server-rendered first, then an
// island, hydrated on its first use, whose tabs reload each list from the API. Expected texts come from the server's
// own database, read after the seed.

const e2e = e2eHarness();

interface ParcelRow {
  id: number;
  title: string;
  status: string;
  image: string;
}
interface FleetRow {
  id: number;
  property_type: string | null;
  estimated_value: number | null;
}

/** Newest first, like the API and the page. */
const parcels = () =>
  e2e.query<ParcelRow>('select id, title, status, image from parcels order by created_at desc, id desc');
const fleet = () =>
  e2e.query<FleetRow>(
    'select id, property_type, estimated_value from fleet_properties order by created_at desc, id desc',
  );
const goods = () =>
  e2e.query<{ id: number; description: string }>(
    'select id, description from miscellaneous_goods order by created_at desc, id desc',
  );

/** The site settings the server runs with (defaults of the environment, like the server's). */
const site = () =>
  loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(40), STORAGE_DIR: e2e.storageDir }).site;

const url = (query = '') => `${e2e.baseUrl}${paths.offers}${query}`;
const island = (page: Page) => page.locator('[data-island="offers-tabs"]');

async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('[data-island="offers-tabs"][data-hydrated="true"]', {
    state: 'attached',
    timeout: 15_000,
  });
}

/** Whether React has taken the offers over: it waits for the visitor's first use. */
const isHydrated = (page: Page) => island(page).getAttribute('data-hydrated');

/**
 * The island hydrates on its first use (decision 0029): as a keyboard user's Tab would, a
 * focus on the first tab link starts it. Until then the page is the server's HTML.
 */
async function firstUse(page: Page): Promise<void> {
  expect(await isHydrated(page)).toBeNull();
  await island(page).locator('a.offer-tab').first().focus();
  await hydrated(page);
}

/** Whether the offer's card is on screen (its top within the viewport). */
const inView = (id: number) => {
  const box = document.getElementById(`offre-${id}`)!.getBoundingClientRect();
  return box.top >= 0 && box.top < window.innerHeight;
};

async function cardTitles(page: Page): Promise<string[]> {
  return island(page).locator('article h3').allTextContents();
}

/** Intl's fr-FR grouping is a narrow no-break space; the page shows it, the test writes spaces. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('offers page without JavaScript', () => {
  test('lists the parcels from the database under the OFFRES heading, and each tab link opens its list', async () => {
    await e2e.withPage({ javaScriptEnabled: false }, async ({ page }) => {
      const response = await page.goto(url());
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('OFFRES');
      const expected = parcels()
        .slice(0, 12)
        .map((p) => p.title);
      expect(expected.length).toBeGreaterThan(0);
      expect(await cardTitles(page)).toEqual(expected);

      const tabs = page.getByRole('navigation', { name: 'Catégories d’offres' });
      expect(await tabs.getByRole('link').allTextContents()).toEqual([
        'Parcelles',
        'Flotte immobilière',
        'Biens divers',
        'SIC',
        'Construction Bail',
        'Suivi de chantier',
      ]);
      await expect(tabs.getByRole('link', { name: 'Parcelles' }).getAttribute('aria-current')).resolves.toBe(
        'page',
      );

      await tabs.getByRole('link', { name: 'Flotte immobilière' }).click();
      await page.waitForURL(/type=Flotte/);
      expect(await cardTitles(page)).toEqual(
        fleet()
          .slice(0, 12)
          .map((f) => f.property_type || 'Bien flotte'),
      );

      await page
        .getByRole('navigation', { name: 'Catégories d’offres' })
        .getByRole('link', { name: 'Biens divers' })
        .click();
      await page.waitForURL(/type=Biens/);
      expect(await island(page).locator('article').count()).toBe(Math.min(goods().length, 12));

      await page
        .getByRole('navigation', { name: 'Catégories d’offres' })
        .getByRole('link', { name: 'Construction Bail' })
        .click();
      await page.waitForURL(/type=Construction/);
      await expect(island(page).textContent()).resolves.toContain('construction en bail arrivent bientôt');
      expect(await island(page).locator('article').count()).toBe(0);
    });
  });

  test('?id= and type highlight that offer in the server HTML', async () => {
    const target = parcels().at(-1)!;
    await e2e.withPage({ javaScriptEnabled: false }, async ({ page }) => {
      await page.goto(url(`?id=${target.id}&type=parcelle`));
      const card = page.locator(`#offre-${target.id}`);
      await expect(card.getAttribute('class')).resolves.toContain('is-highlighted');
      await expect(card.getAttribute('aria-current')).resolves.toBe('true');
      expect(await page.locator('article.is-highlighted').count()).toBe(1);
    });
  });

  test('the Open Graph image is the first offer of the shown tab', async () => {
    await e2e.withPage({ javaScriptEnabled: false }, async ({ page }) => {
      await page.goto(url('?type=Parcelles'));
      await expect(page.locator('meta[property="og:image"]').getAttribute('content')).resolves.toMatch(
        new RegExp(`/storage/${parcels()[0]!.image}$`),
      );
    });
  });
});

describe('offers page with JavaScript', () => {
  test('?type=Flotte immobilière opens that tab with its estimated values whole in F CFA, with their indicative euros', async () => {
    await e2e.withPage({}, async ({ page, consoleErrors, pageErrors }) => {
      await page.goto(url('?type=Flotte immobilière'));
      await firstUse(page);
      await expect(
        page.getByRole('tab', { name: 'Flotte immobilière' }).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      const rows = fleet();
      expect(await cardTitles(page)).toEqual(rows.slice(0, 12).map((f) => f.property_type || 'Bien flotte'));
      // Stored to the centime, shown rounded: the public side never shows centimes.
      const valued = rows.find((f) => f.estimated_value !== null && !Number.isInteger(f.estimated_value))!;
      const grouped = (n: number) => n.toLocaleString('fr-FR').replace(/[\u202f\u00a0]/g, ' ');
      const expected =
        `Valeur estimée : ${grouped(Math.round(valued.estimated_value!))} F CFA ` +
        `≈ ${grouped(Math.round(valued.estimated_value! / 655.957))} €`;
      const text = plain((await page.locator(`#offre-${valued.id}`).textContent()) ?? '');
      expect(text).toContain(expected);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('switching tabs reloads each list from the API, without a token, and keeps type in the URL', async () => {
    await e2e.withPage({}, async ({ page, consoleErrors, pageErrors }) => {
      await page.goto(url());
      await firstUse(page);

      for (const [tab, api, titles] of [
        ['Biens divers', '/api/biens-immobiliers', () => goods().slice(0, 12).length],
        ['Flotte immobilière', '/api/flotte-immobiliere', () => fleet().slice(0, 12).length],
        ['Parcelles', '/api/parcels', () => parcels().slice(0, 12).length],
      ] as const) {
        const request = page.waitForRequest((r) => new URL(r.url()).pathname === api);
        await page.getByRole('tab', { name: tab }).click();
        const sent = await request;
        expect(sent.headers().authorization).toBeUndefined();
        await expect(page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).resolves.toBe(
          'true',
        );
        await page.waitForFunction(() => !document.querySelector('.offer-panel[aria-busy="true"]'));
        expect(await island(page).locator('article').count()).toBe(titles());
        expect(new URL(page.url()).searchParams.get('type')).toBe(tab);
      }
      expect(await cardTitles(page)).toEqual(
        parcels()
          .slice(0, 12)
          .map((p) => p.title),
      );
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('the tabs follow the keyboard: arrows (wrapping), Home and End, focus on the chosen tab', async () => {
    await e2e.withPage({}, async ({ page, consoleErrors }) => {
      await page.goto(url());
      await firstUse(page);
      const selected = () => page.locator('[role="tab"][aria-selected="true"]').textContent();
      const focused = () => page.evaluate(() => document.activeElement?.textContent);

      await page.getByRole('tab', { name: 'Parcelles' }).focus();
      const fleetRequest = page.waitForRequest((r) => r.url().endsWith('/api/flotte-immobiliere'));
      await page.keyboard.press('ArrowRight');
      await fleetRequest;
      expect([await selected(), await focused()]).toEqual(['Flotte immobilière', 'Flotte immobilière']);

      await page.keyboard.press('End');
      expect([await selected(), await focused()]).toEqual(['Suivi de chantier', 'Suivi de chantier']);
      await page.keyboard.press('ArrowRight');
      expect(await selected()).toBe('Parcelles');
      await page.keyboard.press('ArrowLeft');
      expect(await selected()).toBe('Suivi de chantier');
      await page.keyboard.press('Home');
      expect([await selected(), await focused()]).toEqual(['Parcelles', 'Parcelles']);
      // Only the selected tab is in the Tab order; the panel belongs to it.
      expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
      const panel = page.getByRole('tabpanel');
      const tabId = await page.getByRole('tab', { name: 'Parcelles' }).getAttribute('id');
      await expect(panel.getAttribute('aria-labelledby')).resolves.toBe(tabId);
      await page.waitForFunction(() => document.querySelectorAll('.offer-panel article').length > 0);
      expect(consoleErrors).toEqual([]);
    });
  });

  test('the placeholder tabs show their text and call no API', async () => {
    await e2e.withPage({}, async ({ page, requestedUrls, consoleErrors }) => {
      await page.goto(url());
      await firstUse(page);
      const before = requestedUrls.length;
      for (const [tab, text] of [
        ['SIC', 'Nos offres SIC seront bientôt présentées'],
        ['Construction Bail', 'construction en bail arrivent bientôt'],
        ['Suivi de chantier', 'chaque demande envoyée depuis notre site reçoit un lien de suivi privé'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel').textContent()).resolves.toContain(text);
        expect(await page.getByRole('tabpanel').locator('article').count()).toBe(0);
      }
      expect(requestedUrls.slice(before).filter((u) => u.includes('/api/'))).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });

  test("a failing list shows the server's message in red, a network failure the generic one, and Réessayer reloads", async () => {
    await e2e.withPage({}, async ({ page }) => {
      await page.goto(url());
      await firstUse(page);

      await page.route('**/api/flotte-immobiliere', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Base de données indisponible' }),
        }),
      );
      await page.getByRole('tab', { name: 'Flotte immobilière' }).click();
      const alert = page.getByRole('alert');
      await expect(alert.textContent()).resolves.toBe('Base de données indisponible');
      await expect(alert.evaluate((element) => getComputedStyle(element).color)).resolves.toBe(
        'rgb(179, 38, 30)',
      );

      await page.unroute('**/api/flotte-immobiliere');
      await page.route('**/api/biens-immobiliers', (route) => route.abort('failed'));
      await page.getByRole('tab', { name: 'Biens divers' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toBe(
        'Erreur lors du chargement des données',
      );

      await page.unroute('**/api/biens-immobiliers');
      const retry = page.waitForRequest((r) => r.url().endsWith('/api/biens-immobiliers'));
      await page.getByRole('button', { name: 'Réessayer' }).click();
      await retry;
      await page.waitForFunction(() => document.querySelectorAll('.offer-panel article').length > 0);
      expect(await page.getByRole('alert').count()).toBe(0);
    });
  });

  test('an empty list says so', async () => {
    await e2e.withPage({}, async ({ page }) => {
      await page.goto(url());
      await firstUse(page);
      await page.route('**/api/biens-immobiliers', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: [] }) }),
      );
      await page.getByRole('tab', { name: 'Biens divers' }).click();
      await page.getByText('Aucune offre disponible pour le moment.').waitFor();
    });
  });

  test('?id=…&type=… opens that tab, scrolls the highlighted offer into view and focuses it, without React', async () => {
    const target = fleet().at(-1)!;
    await e2e.withPage({}, async ({ page, consoleErrors }) => {
      await page.setViewportSize({ width: 390, height: 700 });
      await withholdReact(page);
      await page.goto(url(`?id=${target.id}&type=Flotte immobilière`), { waitUntil: 'load' });
      const card = page.locator(`#offre-${target.id}`);
      await expect(card.getAttribute('class')).resolves.toContain('is-highlighted');
      await expect(island(page).locator('.offer-tab[aria-current="page"]').textContent()).resolves.toBe(
        'Flotte immobilière',
      );
      await page.waitForFunction(inView, target.id);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(`offre-${target.id}`);
      expect(await isHydrated(page)).toBeNull();
      expect(consoleErrors).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });

  test('hydrated later by a first use, the island leaves the page where the visitor scrolled it', async () => {
    const target = fleet().at(-1)!;
    await e2e.withPage({}, async ({ page, consoleErrors, pageErrors }) => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(url(`?id=${target.id}&type=Flotte immobilière`), { waitUntil: 'networkidle' });
      await page.waitForFunction(inView, target.id);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The first use: a tap on the first card's title, on screen at the top of the page
      // (not a control, so no focus is moved back to it once the island is ready).
      const title = await island(page).locator('article h3').first().boundingBox();
      expect(title!.y + title!.height).toBeLessThan(900);
      expect(await isHydrated(page)).toBeNull();
      await page.mouse.click(title!.x + 2, title!.y + title!.height / 2);
      await hydrated(page);
      // Two frames: a scroll made by the hydration would show by then.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.locator(`#offre-${target.id}`).getAttribute('class')).resolves.toContain(
        'is-highlighted',
      );
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('a tab clicked before the island is hydrated opens in place, its list from the API', async () => {
    await e2e.withPage({}, async ({ page, consoleErrors, pageErrors }) => {
      await page.goto(url(), { waitUntil: 'networkidle' });
      // Loaded and idle, the offers wait for their first use: no React has run.
      expect(await isHydrated(page)).toBeNull();
      // A full page load would drop this marker: the click must not reload the document.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/flotte-immobiliere');
      // The first click starts the hydration; it is held back and replayed on that tab.
      await page
        .getByRole('navigation', { name: 'Catégories d’offres' })
        .getByRole('link', { name: 'Flotte immobilière' })
        .click();
      await request;
      await expect(
        page.getByRole('tab', { name: 'Flotte immobilière' }).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      await page.waitForFunction(() => !document.querySelector('.offer-panel[aria-busy="true"]'));
      expect(await cardTitles(page)).toEqual(
        fleet()
          .slice(0, 12)
          .map((f) => f.property_type || 'Bien flotte'),
      );
      expect(new URL(page.url()).searchParams.get('type')).toBe('Flotte immobilière');
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('a tab tapped while the island wakes looks chosen at once, then opens in place', async () => {
    await e2e.withPage({}, async ({ page, consoleErrors, pageErrors }) => {
      const react = await holdReact(page);
      await page.goto(url(), { waitUntil: 'load' });
      const tabs = page.getByRole('navigation', { name: 'Catégories d’offres' });
      const current = tabs.getByRole('link', { name: 'Parcelles' });
      const tapped = tabs.getByRole('link', { name: 'Flotte immobilière' });
      // Answered before any React: the tapped tab bears the bar, the page's own no longer does.
      await expectTapShownAtOnce(current, tapped, ['borderBottomColor']);
      await expect(island(page).getAttribute('aria-busy')).resolves.toBe('true');
      expect(await isHydrated(page)).toBeNull();
      expect(new URL(page.url()).searchParams.get('type')).toBeNull();

      react.release();
      await hydrated(page);
      await expect(
        page.getByRole('tab', { name: 'Flotte immobilière' }).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      expect(await island(page).getAttribute('aria-busy')).toBeNull();
      expect(await page.locator('[data-held]').count()).toBe(0);
      await page.waitForFunction(() => !document.querySelector('.offer-panel[aria-busy="true"]'));
      expect(await cardTitles(page)).toEqual(
        fleet()
          .slice(0, 12)
          .map((f) => f.property_type || 'Bien flotte'),
      );
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });

  test("a 'Contacter sur WhatsApp' link opens the chat at once, even while React is on its way", async () => {
    const available = parcels().find((p) => p.status === 'Disponible')!;
    await e2e.withPage({}, async ({ page, context }) => {
      await withholdReact(page);
      await page.goto(url(), { waitUntil: 'load' });
      const chat = await chatOpenedBy(context, page, () =>
        page
          .locator(`#offre-${available.id}`)
          .getByRole('link', { name: /^Contacter/ })
          .click(),
      );
      expect(chat.number).toBe(site().whatsapp.replace(/\D/g, ''));
      expect(chat.message).toContain(`« ${available.title} »`);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });

  test('a photo clicked before the island is hydrated opens in the full-screen preview', async () => {
    await e2e.withPage({}, async ({ page, consoleErrors, pageErrors }) => {
      await page.goto(url(), { waitUntil: 'networkidle' });
      expect(await isHydrated(page)).toBeNull();
      const first = parcels()[0]!;
      await page.getByRole('link', { name: `Agrandir la photo : ${first.title}` }).click();
      await page.getByRole('dialog', { name: `Photo : ${first.title}` }).waitFor();
      // The preview, not the image file the link leads to without script.
      expect(new URL(page.url()).pathname).toBe(paths.offers);
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Fermer');
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('parcel badges and actions follow their status (product rules, States)', async () => {
    await e2e.withPage({}, async ({ page }) => {
      await page.goto(url());
      await firstUse(page);
      const rows = parcels();
      const colourOf = (status: string) =>
        page
          .locator(`#offre-${rows.find((p) => p.status === status)!.id} .badge`)
          .evaluate((e) => getComputedStyle(e).backgroundColor);
      await expect(colourOf('En cours')).resolves.toBe('rgb(215, 240, 220)');
      await expect(colourOf('Vendu')).resolves.toBe('rgb(253, 226, 225)');
      await expect(colourOf('À venir')).resolves.toBe('rgb(255, 241, 191)');
      await expect(colourOf('Disponible')).resolves.toBe('rgb(230, 232, 235)');

      const sold = page.locator(`#offre-${rows.find((p) => p.status === 'Vendu')!.id}`);
      await expect(sold.getByRole('button', { name: 'Vendu' }).isDisabled()).resolves.toBe(true);
      const soon = page.locator(`#offre-${rows.find((p) => p.status === 'À venir')!.id}`);
      await expect(soon.getByRole('link', { name: /^Bientôt/ }).count()).resolves.toBe(1);

      const available = rows.find((p) => p.status === 'Disponible')!;
      const contact = page.locator(`#offre-${available.id}`).getByRole('link', { name: /^Contacter/ });
      // The site's own counted link, answered with a 302 to the wa.me chat
      // (docs/decisions/0043-audience-counting.md; the chat itself: the test above).
      const href = new URL((await contact.getAttribute('href'))!, url());
      expect(href.pathname).toBe(paths.offerWhatsapp('parcel', available.id));
      expect(href.searchParams.get('text')).toContain(`« ${available.title} »`);
      await expect(contact.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    });
  });

  test('an image opens in a full-screen preview and closes by keyboard, focus back on the image', async () => {
    await e2e.withPage({}, async ({ page, consoleErrors, pageErrors }) => {
      await page.goto(url());
      await firstUse(page);
      const first = parcels()[0]!;
      const trigger = page.getByRole('link', { name: `Agrandir la photo : ${first.title}` });
      await trigger.focus();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: `Photo : ${first.title}` });
      await dialog.waitFor();
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('dialog[open] img');
        return (
          !!image &&
          image.complete &&
          image.naturalWidth > 0 &&
          !document.querySelector('dialog[open] .offer-loading')
        );
      });
      const size = await dialog.evaluate((element) => [
        element.clientWidth,
        element.clientHeight,
        window.innerWidth,
        window.innerHeight,
      ]);
      expect(size.slice(0, 2)).toEqual(size.slice(2));
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Fermer');

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
        `Agrandir la photo : ${first.title}`,
      );

      // The island has taken the close in (its dialog is back to its empty label) before the
      // image is opened again: on a loaded machine a key pressed earlier can find it mid-close.
      await page.locator('dialog.offer-preview[aria-label="Photo"]').waitFor({ state: 'attached' });
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Enter'); // on 'Fermer', focused when the dialog opens
      await dialog.waitFor({ state: 'hidden' });
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('an image that fails to load is replaced by the placeholder', async () => {
    await e2e.withPage({}, async ({ page }) => {
      await page.route('**/storage/parcelle/**', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto(url());
      await firstUse(page);
      const first = island(page).locator('article img').first();
      await page.waitForFunction(
        () => document.querySelector('.offer-panel article img')?.getAttribute('src') === '/placeholder.svg',
      );
      await expect(first.getAttribute('srcset')).resolves.toBeNull();
    });
  });

  test("'Vous cherchez un terrain spécifique ?' offers the e-mail and the five WhatsApp channels", async () => {
    await e2e.withPage({}, async ({ page, consoleErrors }) => {
      await page.goto(url());
      const settings = site();
      const block = page.locator('.offer-request');
      await expect(block.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
        'Vous cherchez un terrain spécifique ?',
      );
      const mail = new URL((await block.getByRole('link', { name: settings.email }).getAttribute('href'))!);
      expect(`${mail.protocol}${mail.pathname}`).toBe(`mailto:${settings.email}`);

      const channels = block.locator('.offer-channels a');
      const found = await channels.evaluateAll((links) =>
        links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]),
      );
      expect(found).toEqual([
        ['Appartements meublés à louer', settings.whatsappChannels.furnishedRentals, 'noopener noreferrer'],
        ['Construction', settings.whatsappChannels.construction, 'noopener noreferrer'],
        ['Architecture et design', settings.whatsappChannels.architecture, 'noopener noreferrer'],
        ['Fournitures de chantier', settings.whatsappChannels.supplies, 'noopener noreferrer'],
        ['Appartements à louer', settings.whatsappChannels.rentals, 'noopener noreferrer'],
      ]);
      expect(consoleErrors).toEqual([]);
    });
  });
});
