import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { holdReact, holdScripts, type ObservedPage } from '../helpers/browser';
import { e2eHarness } from '../helpers/e2e-harness';
import { expectTapShownAtOnce } from './tap-shown';
import { header, rawGet } from './raw-http';
import { chatOpenedBy } from './whatsapp-chat';

/**
 * The public catalogue and product pages on the built server (product rules, Public site; product rules, Pages and routes;
 * product rules on prices, references and tabs). Expected
 * products come from the server's own database, never from a copy of the seed.
 */

// Written out, not imported: a changed text must fail here.
const T = {
  placeholder: 'Rechercher un produit...',
  all: 'Tous les produits',
  details: 'Détails',
  close: 'Fermer',
  order: 'Commander via WhatsApp',
  quantity: 'Quantité',
  empty: 'Aucun produit ne correspond à votre recherche.',
  more: 'Voir plus de produits',
  back: 'Retour aux produits BTP',
  notFound: 'Produit non trouvé',
  outOfStock: 'Rupture de stock',
  askAvailability: 'Demander la disponibilité',
};
const WHATSAPP = '22990000042';
const PAGE_SIZE = 12;
const NO_MATCH = 'zzq-aucun-produit-zzq';

interface ProductRow {
  id: number;
  reference: string;
  name: string;
  category_id: number;
  price: number;
  old_price: number | null;
  stock: number;
  description: string;
  specifications: string | null;
  features: string | null;
}

const e2e = e2eHarness({ env: { SITE_WHATSAPP: WHATSAPP } });

/** Every product, in the catalogue's order: newest first. */
function products(): ProductRow[] {
  return e2e.query<ProductRow>('select * from products order by created_at desc, id desc');
}

function categories(): { id: number; name: string }[] {
  return e2e.query('select id, name from categories order by id');
}

/** Product rules, Validation: the name (or the reference) contains the text, ignoring case. */
const matching = (rows: ProductRow[], search: string, categoryId?: number) =>
  rows.filter(
    (p) =>
      (categoryId === undefined || p.category_id === categoryId) &&
      (p.name.toLowerCase().includes(search.toLowerCase()) ||
        p.reference.toLowerCase().includes(search.toLowerCase())),
  );

/** '1 250 000 F CFA' whatever space the formatter groups with. */
const priceText = (amount: number) => `${amount.toLocaleString('fr-FR').replace(/\s/g, ' ')} F CFA`;
const normalSpaces = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ');

const cardNames = (page: Page) => page.locator('article.card h3').allTextContents();

async function expectCardNames(page: Page, names: string[]): Promise<void> {
  await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(names);
}

async function hydrated(page: Page, island: string): Promise<void> {
  await page.waitForSelector(`[data-island="${island}"][data-hydrated="true"]`, {
    state: 'attached',
    timeout: 15_000,
  });
}

/** Whether React has taken the catalogue over: it waits for the visitor's first use. */
const catalogueHydrated = (page: Page) =>
  page.locator('[data-island="catalogue-browser"][data-hydrated="true"]').count();

/** A card's 'Détails': a link in the server HTML, a button once the island is hydrated. */
const detailsOf = (page: Page, index: number) =>
  page.locator('article.card').nth(index).locator('.card-action');

function expectNoErrors(observed: ObservedPage): void {
  expect(observed.consoleErrors).toEqual([]);
  expect(observed.pageErrors).toEqual([]);
}

/**
 * `/products` loaded with React's chunk held back (holdReact): `run` taps while the island
 * wakes, then lets React in with `releaseReact`. No console or page error may come of it.
 */
async function whileCatalogueWakes(run: (page: Page, releaseReact: () => void) => Promise<void>) {
  const observed = await e2e.openPage();
  try {
    const react = await holdReact(observed.page);
    await observed.page.goto(e2e.url(paths.products), { waitUntil: 'load' });
    await run(observed.page, react.release);
    expectNoErrors(observed);
    await observed.page.unrouteAll({ behavior: 'ignoreErrors' });
  } finally {
    await observed.close();
  }
}

/**
 * A search term taken from the data, in capitals (the search ignores case): the first
 * plain-letter word of a product name that some products have and others do not.
 */
function searchTerm(rows: ProductRow[]): string {
  for (const row of [...rows].reverse()) {
    const word = row.name.split(/\s+/)[0]!;
    const found = matching(rows, word).length;
    if (/^[A-Za-z]{4,}$/.test(word) && found > 1 && found < rows.length) return word.toUpperCase();
  }
  throw new Error('aucun mot de recherche utilisable dans les produits');
}

describe('catalogue without JavaScript', () => {
  test('lists the first screenful newest first, each with its price and a Détails link to its page', async () => {
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      const response = await observed.page.goto(e2e.url(paths.products));
      expect(response?.status()).toBe(200);
      const rows = products();
      expect(rows.length).toBeGreaterThan(PAGE_SIZE);
      const first = rows.slice(0, PAGE_SIZE);
      expect(await cardNames(observed.page)).toEqual(first.map((p) => p.name));

      const cards = observed.page.locator('article.card');
      const firstCard = cards.first();
      // The F CFA price, then the indicative euro amount the product page shows too.
      const price = normalSpaces((await firstCard.locator('.price').textContent()) ?? '');
      expect(price.startsWith(`${priceText(first[0]!.price)} ≈ `)).toBe(true);
      expect(price).toMatch(/ ≈ [\d ]+ €$/);
      expect(await firstCard.locator('.clamp-2').textContent()).toBe(first[0]!.description);
      const detailsHrefs = await cards
        .getByRole('link', { name: T.details })
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(detailsHrefs).toEqual(first.map((p) => paths.product(p.id)));

      await expect(observed.page.getByPlaceholder(T.placeholder).count()).resolves.toBe(1);
      const categoryLinks = await observed.page
        .getByRole('navigation', { name: 'Catégories de produits' })
        .getByRole('link')
        .allTextContents();
      expect(categoryLinks[0]).toBe(T.all);
      expect([...categoryLinks.slice(1)].sort()).toEqual(
        categories()
          .map((c) => c.name)
          .sort(),
      );
    } finally {
      await observed.close();
    }
  });

  test('the search form filters through the URL, and a category link combines with the search', async () => {
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.products));
      const rows = products();
      const term = searchTerm(rows);
      await page.getByPlaceholder(T.placeholder).fill(term);
      await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('search') === term);
      const found = matching(rows, term);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThan(rows.length);
      expect(await cardNames(page)).toEqual(found.slice(0, PAGE_SIZE).map((p) => p.name));

      // The category of the first match, whose link keeps the search.
      const category = categories().find((c) => c.id === found[0]!.category_id)!;
      await page
        .getByRole('navigation', { name: 'Catégories de produits' })
        .getByRole('link', { name: category.name, exact: true })
        .click();
      await page.waitForURL((url) => url.searchParams.get('category') === String(category.id));
      expect(new URL(page.url()).searchParams.get('search')).toBe(term);
      expect(await cardNames(page)).toEqual(
        matching(rows, term, category.id)
          .slice(0, PAGE_SIZE)
          .map((p) => p.name),
      );

      await page.goto(`${e2e.baseUrl}${paths.products}?search=${NO_MATCH}`);
      await expect(page.getByText(T.empty).count()).resolves.toBe(1);
      expect(await cardNames(page)).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test("'Voir plus de produits' is a link to the next page, which lists the following products", async () => {
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      await observed.page.goto(e2e.url(paths.products));
      await observed.page.getByRole('link', { name: T.more }).click();
      await observed.page.waitForURL((url) => url.searchParams.get('page') === '2');
      expect(await cardNames(observed.page)).toEqual(
        products()
          .slice(PAGE_SIZE, 2 * PAGE_SIZE)
          .map((p) => p.name),
      );
    } finally {
      await observed.close();
    }
  });
});

describe('catalogue with JavaScript', () => {
  test('the grid stays server HTML until first use; a category chosen first filters without a reload', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.products), { waitUntil: 'networkidle' });
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      // Loaded and idle, the island is still the server's HTML: its 'Détails' are links.
      await page.waitForTimeout(500);
      expect(await catalogueHydrated(page)).toBe(0);
      expect(await page.locator('article.card').getByRole('link', { name: T.details }).count()).toBe(
        PAGE_SIZE,
      );
      expect(await page.locator('article.card').getByRole('button', { name: T.details }).count()).toBe(0);

      const rows = products();
      const category = categories().find((c) => rows.some((p) => p.category_id === c.id))!;
      await page
        .getByRole('navigation', { name: 'Catégories de produits' })
        .getByRole('link', { name: category.name, exact: true })
        .click();
      await expectCardNames(
        page,
        matching(rows, '', category.id)
          .slice(0, PAGE_SIZE)
          .map((p) => p.name),
      );
      await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(String(category.id));
      expect(await catalogueHydrated(page)).toBe(1);
      expect(
        await page.locator('article.card').getByRole('button', { name: T.details }).count(),
      ).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      expectNoErrors(observed);
    } finally {
      await observed.close();
    }
  });

  test('a category tapped while the island wakes looks chosen at once, then filters in place', async () => {
    await whileCatalogueWakes(async (page, releaseReact) => {
      const rows = products();
      const category = categories().find((c) => rows.some((p) => p.category_id === c.id))!;
      const nav = page.getByRole('navigation', { name: 'Catégories de produits' });
      const all = nav.getByRole('link', { name: 'Tous les produits' });
      const tapped = nav.getByRole('link', { name: category.name, exact: true });
      // Answered before any React: the tapped category looks chosen, 'Tous les produits' no longer.
      await expectTapShownAtOnce(all, tapped, ['backgroundColor', 'color']);
      expect(await catalogueHydrated(page)).toBe(0);

      releaseReact();
      await expectCardNames(
        page,
        matching(rows, '', category.id)
          .slice(0, PAGE_SIZE)
          .map((p) => p.name),
      );
      expect(await catalogueHydrated(page)).toBe(1);
      await expect(tapped.getAttribute('aria-current')).resolves.toBe('true');
      expect(await page.locator('[data-held]').count()).toBe(0);
      expect(await page.locator('[data-island="catalogue-browser"]').getAttribute('aria-busy')).toBeNull();
    });
  });

  test('a search field left before the island is ready stays left once it is (no keyboard coming back)', async () => {
    await whileCatalogueWakes(async (page, releaseReact) => {
      const field = page.getByPlaceholder(T.placeholder);
      await field.focus();
      await field.evaluate((input: HTMLElement) => input.blur());
      releaseReact();
      await hydrated(page, 'catalogue-browser');
      // The island's ready step runs once its hydration has settled: a frame later it is done.
      const active = () =>
        page.evaluate(
          () =>
            new Promise<string>((done) => requestAnimationFrame(() => done(document.activeElement!.tagName))),
        );
      expect(await active()).toBe('BODY');
      expect(await active()).toBe('BODY');
    });
  });

  test("a 'Détails' link focused while the island wakes hands its focus to the button that replaces it", async () => {
    await whileCatalogueWakes(async (page, releaseReact) => {
      const first = products()[0]!;
      await detailsOf(page, 0).focus();
      expect(await page.evaluate(() => document.activeElement!.tagName)).toBe('A');
      releaseReact();
      await hydrated(page, 'catalogue-browser');
      await expect
        .poll(() =>
          page.evaluate(() => {
            const active = document.activeElement!;
            return `${active.tagName} ${active.closest('article.card')?.querySelector('h3')?.textContent ?? ''}`;
          }),
        )
        .toBe(`BUTTON ${first.name}`);
    });
  });

  test("if the island's code cannot load, the first click on a category follows the server's link", async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.route(/\/assets\/catalogue-browser-[^/]+\.js$/, (route) => route.abort());
      await page.goto(e2e.url(paths.products));
      const rows = products();
      const category = categories().find((c) => rows.some((p) => p.category_id === c.id))!;
      await page
        .getByRole('navigation', { name: 'Catégories de produits' })
        .getByRole('link', { name: category.name, exact: true })
        .click();
      await page.waitForURL((url) => url.searchParams.get('category') === String(category.id));
      expect(await cardNames(page)).toEqual(
        matching(rows, '', category.id)
          .slice(0, PAGE_SIZE)
          .map((p) => p.name),
      );
      expect(observed.consoleErrors.some((text) => text.includes('Échec du chargement de l’îlot'))).toBe(
        true,
      );
    } finally {
      await observed.close();
    }
  });

  test('typing filters at once without a reload, keeps the URL in step, and the category filter combines with it', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.products));
      // A mark on the window survives only if the page is never reloaded.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const rows = products();
      const term = searchTerm(rows).toLowerCase();

      // The first keys land in the server's HTML; the island takes them over as it hydrates.
      expect(await catalogueHydrated(page)).toBe(0);
      await page.getByPlaceholder(T.placeholder).pressSequentially(term);
      const found = matching(rows, term);
      await expectCardNames(
        page,
        found.slice(0, PAGE_SIZE).map((p) => p.name),
      );
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(term);

      const category = categories().find((c) => c.id === found[0]!.category_id)!;
      await page.getByRole('link', { name: category.name, exact: true }).click();
      await expectCardNames(
        page,
        matching(rows, term, category.id)
          .slice(0, PAGE_SIZE)
          .map((p) => p.name),
      );
      await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(String(category.id));
      expect(
        await page.getByRole('link', { name: category.name, exact: true }).getAttribute('aria-current'),
      ).toBe('true');

      await page.getByRole('link', { name: T.all, exact: true }).click();
      await expectCardNames(
        page,
        found.slice(0, PAGE_SIZE).map((p) => p.name),
      );
      expect(new URL(page.url()).searchParams.has('category')).toBe(false);

      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      expectNoErrors(observed);
    } finally {
      await observed.close();
    }
  });

  test('a word typed while the island hydrates on a slow phone is kept whole, and the island then answers every key', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.products));
      // A phone six times slower than this machine: the keys land while React hydrates, and
      // are kept from it until the hydration is committed (decision 0029).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      const rows = products();
      const term = searchTerm(rows).toLowerCase();
      const search = page.getByPlaceholder(T.placeholder);

      await search.click();
      await search.pressSequentially(term, { delay: 30 });
      await hydrated(page, 'catalogue-browser');
      expect(await search.inputValue()).toBe(term);
      await expectCardNames(
        page,
        matching(rows, term)
          .slice(0, PAGE_SIZE)
          .map((p) => p.name),
      );
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(term);

      // The island owns the field now: a key removed shows in the field, the URL and the grid.
      await search.press('Backspace');
      const shorter = term.slice(0, -1);
      expect(await search.inputValue()).toBe(shorter);
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(shorter);
      await expectCardNames(
        page,
        matching(rows, shorter)
          .slice(0, PAGE_SIZE)
          .map((p) => p.name),
      );
      expectNoErrors(observed);
    } finally {
      await observed.close();
    }
  });

  test('a search that matches nothing shows the empty message, and clearing it brings the products back', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.products));
      const search = page.getByPlaceholder(T.placeholder);
      expect(await catalogueHydrated(page)).toBe(0);
      await search.fill(NO_MATCH);
      await page.getByText(T.empty).waitFor({ timeout: 10_000 });
      expect(await cardNames(page)).toEqual([]);
      await search.fill('');
      await expectCardNames(
        page,
        products()
          .slice(0, PAGE_SIZE)
          .map((p) => p.name),
      );
      await expect(page.getByText(T.empty).count()).resolves.toBe(0);
      expectNoErrors(observed);
    } finally {
      await observed.close();
    }
  });

  test.each([
    { width: 360, height: 740 },
    { width: 1366, height: 768 },
  ])(
    "a 'Détails' tapped before any script has come opens its window at once, title focused, euro amount shown ($width×$height)",
    async (viewport) => {
      const observed = await e2e.openPage();
      const { page } = observed;
      try {
        await page.setViewportSize(viewport);
        // Every script of the site hangs, as on slow 3G: only the server's HTML has come.
        const scripts = await holdScripts(page);
        await page.goto(e2e.url(paths.products), { waitUntil: 'commit' });
        const product = products()[1]!;
        await detailsOf(page, 1).click();
        const dialog = page.getByRole('dialog', { name: product.name });
        await dialog.waitFor();
        expect(await page.evaluate(() => document.querySelectorAll('script[src]').length)).toBeGreaterThan(0);
        expect(new URL(page.url()).pathname).toBe(paths.products);
        expect(await catalogueHydrated(page)).toBe(0);
        // The title has the focus, not a field; the window is modal and within the screen.
        expect(await page.evaluate(() => document.activeElement?.outerHTML)).toMatch(
          /^<h2 [^>]*tabindex="-1"/,
        );
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(product.name);
        expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
        const box = (await dialog.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(normalSpaces((await dialog.locator('.price').textContent()) ?? '')).toContain(
          priceText(product.price),
        );
        expect(await dialog.locator('.price .price-euro').textContent()).toMatch(/^≈ [\d  ]+ €$/);
        expect(await dialog.getByText(product.description, { exact: true }).isVisible()).toBe(true);
        const link = dialog.getByRole('link', { name: 'Voir la fiche produit' });
        expect(new URL((await link.getAttribute('href'))!, page.url()).pathname).toBe(
          paths.product(product.id),
        );

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        expect(await detailsOf(page, 1).evaluate((link) => link === document.activeElement)).toBe(true);
        await detailsOf(page, 1).press('Enter');
        await dialog.waitFor();
        await dialog.getByRole('button', { name: T.close }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect(await detailsOf(page, 1).evaluate((link) => link === document.activeElement)).toBe(true);
        scripts.release();
        expectNoErrors(observed);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      } finally {
        await observed.close();
      }
    },
  );

  test("a 'Détails' tapped while the island wakes opens at once, then the island's window with its order form takes over", async () => {
    await whileCatalogueWakes(async (page, releaseReact) => {
      const product = products()[0]!;
      await detailsOf(page, 0).click();
      const early = page.locator('dialog#details-tot');
      await expect.poll(() => early.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      expect(await catalogueHydrated(page)).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(product.name);

      releaseReact();
      const dialog = page.getByRole('dialog', { name: product.name });
      await expect.poll(() => early.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      await dialog.getByLabel(T.quantity).waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
      expect(await page.locator('[data-held]').count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      const opener = page.locator('article.card').nth(0).getByRole('button', { name: T.details });
      expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    });
  });

  test("'Détails' opens a modal whose order carries the quantity to WhatsApp; Escape and 'Fermer' close it and focus returns", async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.products));
      const index = products().findIndex((p) => p.stock > 0);
      const product = products()[index]!;
      // The first click, on the server's link, hydrates the island and opens the modal.
      expect(await catalogueHydrated(page)).toBe(0);
      await detailsOf(page, index).click();
      const dialog = page.getByRole('dialog', { name: product.name });
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe(paths.products);
      // Hydrated, the card's link has become the button the modal returns focus to.
      const opener = page.locator('article.card').nth(index).getByRole('button', { name: T.details });
      expect(await dialog.getByText(product.description, { exact: true }).count()).toBe(1);
      // The title has the focus, not the quantity field (a phone's keyboard would cover the window).
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
      expect(await dialog.locator('.price .price-euro').textContent()).toMatch(/^≈ [\d ]+ €$/);
      await dialog.getByLabel(T.quantity).fill('25');
      const chat = await chatOpenedBy(observed.context, page, () =>
        dialog.getByRole('button', { name: T.order }).click(),
      );
      expect(chat.number).toBe(WHATSAPP);
      expect(chat.message).toContain(`25 × « ${product.name} »`);
      expect(chat.message).toContain(product.reference);
      expect(chat.message).toContain(`prix unitaire de ${priceText(product.price)}`);
      expect(chat.message).toContain(`soit ${priceText(product.price * 25)} au total`);
      // Modal: the page behind is inert.
      expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

      await opener.press('Enter');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: T.close }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
      expectNoErrors(observed);
    } finally {
      await observed.close();
    }
  });

  test.each([true, false])(
    'on a phone, a search or a category choice shows the first result in view (JavaScript %s)',
    async (javaScriptEnabled) => {
      const observed = await e2e.openPage({ javaScriptEnabled });
      try {
        const { page } = observed;
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto(e2e.url(paths.products));
        /** The first card's top and bottom, relative to the window, under the fixed header. */
        const firstCard = () =>
          page.evaluate(() => {
            // While the island replaces the results there may be no card for a moment.
            const card = document.querySelector('article.card')?.getBoundingClientRect();
            const header = document.querySelector('.site-header')!.getBoundingClientRect();
            return { top: card?.top ?? -1, headerBottom: header.bottom, innerHeight: window.innerHeight };
          });
        // The first search wakes the island (its script, then the API): a loaded runner
        // takes more than expect.poll's one second, as cardNames above allows for.
        const inView = async () => {
          const at = await firstCard();
          return at.top >= at.headerBottom && at.top < at.innerHeight - 120;
        };
        expect(await inView()).toBe(false);
        const term = searchTerm(products());
        await page.getByPlaceholder(T.placeholder).fill(term);
        await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
        if (!javaScriptEnabled) await page.waitForURL((url) => url.searchParams.get('search') === term);
        await expect.poll(inView, { timeout: 10_000 }).toBe(true);

        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByPlaceholder(T.placeholder).fill('');
        const category = categories()[0]!;
        await page
          .getByRole('navigation', { name: 'Catégories de produits' })
          .getByRole('link', { name: category.name, exact: true })
          .click();
        if (!javaScriptEnabled)
          await page.waitForURL((url) => url.searchParams.get('category') === String(category.id));
        await expect.poll(inView, { timeout: 10_000 }).toBe(true);
        expectNoErrors(observed);
      } finally {
        await observed.close();
      }
    },
  );

  test('on a phone, the floating WhatsApp button steps aside while a field has the focus', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(e2e.url(paths.products));
      const float = page.locator('.whatsapp-float');
      const shown = () => float.evaluate((link) => getComputedStyle(link).visibility);
      // At the foot of the page the button is over the footer, where no button of the page
      // makes it step aside (float-clearance.ts, loaded after the page, would otherwise
      // decide its visibility, not the focus); the field is focused without scrolling.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(shown).toBe('visible');
      // A focus may wake the island: its render must not leave a field focused either.
      const field = page.getByPlaceholder(T.placeholder);
      await field.evaluate((input: HTMLElement) => input.focus({ preventScroll: true }));
      await expect.poll(shown).toBe('hidden');
      await field.evaluate((input: HTMLElement) => input.blur());
      // The island woken by the focus becomes ready at a moment the test does not know; its
      // ready step leaves the field alone (see the test of a field left before the island
      // is ready) and each look goes back to the foot, clear of the cards' buttons.
      const shownAtFoot = async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return shown();
      };
      await expect.poll(shownAtFoot, { timeout: 10_000 }).toBe('visible');
      expectNoErrors(observed);
    } finally {
      await observed.close();
    }
  });

  test("'Voir plus de produits' appends the next products from the API and moves focus to the first new one", async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.products));
      const rows = products();
      // The server's link, taken over by the island on this first click.
      expect(await catalogueHydrated(page)).toBe(0);
      await page.getByRole('link', { name: T.more }).click();
      await expectCardNames(
        page,
        rows.slice(0, 2 * PAGE_SIZE).map((p) => p.name),
      );
      expect(
        observed.requestedUrls.some(
          (url) => new URL(url).pathname === '/api/products' && new URL(url).searchParams.get('page') === '2',
        ),
      ).toBe(true);
      const focused = await page.evaluate(
        () => document.activeElement?.closest('article')?.querySelector('h3')?.textContent,
      );
      expect(focused).toBe(rows[PAGE_SIZE]!.name);
      expect(new URL(page.url()).pathname).toBe(paths.products);
      // The demo catalogue holds fewer than 24 products: nothing more to load.
      if (rows.length <= 2 * PAGE_SIZE)
        await expect(page.getByRole('button', { name: T.more }).count()).resolves.toBe(0);
      expectNoErrors(observed);
    } finally {
      await observed.close();
    }
  });
});

describe('product page', () => {
  /** A product with specifications and features, and one without an old price. */
  const withTabs = () => products().find((p) => p.specifications && p.features)!;

  test('shows reference, price, old price with its discount, stock, order link and JSON-LD; every panel without JavaScript', async () => {
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      const { page } = observed;
      const product =
        products().find((p) => p.old_price !== null && p.specifications && p.features) ?? withTabs();
      const response = await page.goto(e2e.url(paths.product(product.id)));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: product.name }).count()).resolves.toBe(1);
      const text = normalSpaces((await page.locator('main').textContent()) ?? '');
      expect(text).toContain(product.reference);
      expect(text).toContain(priceText(product.price));
      expect(text).toContain(product.stock > 0 ? `En stock (${product.stock} disponibles)` : T.outOfStock);
      if (product.old_price !== null) {
        expect(text).toContain(priceText(product.old_price));
        expect(text).toContain(
          `-${Math.round(((product.old_price - product.price) / product.old_price) * 100)}%`,
        );
      }
      expect(
        new URL((await page.getByRole('link', { name: T.back }).getAttribute('href')) ?? '', e2e.baseUrl)
          .pathname,
      ).toBe(paths.products);
      // Without script too, the order carries the quantity typed.
      await page.getByLabel(T.quantity).fill('3');
      const chat = await chatOpenedBy(observed.context, page, () =>
        page.getByRole('button', { name: product.stock > 0 ? T.order : T.askAvailability }).click(),
      );
      expect(chat.number).toBe(WHATSAPP);
      expect(chat.message).toContain(product.reference);
      expect(chat.message).toContain(
        product.stock > 0 ? `3 × « ${product.name} »` : 'Quantité souhaitée : 3.',
      );

      // Without script, every panel shows in order under its own heading.
      const headings = await page.locator('.tab-panel h2').allTextContents();
      expect(headings).toEqual(['Détails', 'Spécifications', 'Caractéristiques']);
      for (const spec of JSON.parse(product.specifications!) as { name: string; value: string }[])
        expect(text).toContain(spec.value);
      for (const feature of JSON.parse(product.features!) as string[]) expect(text).toContain(feature);

      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
      );
      expect(jsonLd).toMatchObject({
        '@type': 'Product',
        name: product.name,
        sku: product.reference,
        offers: {
          price: product.price,
          priceCurrency: 'XOF',
          availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      });
      expect(jsonLd.image).toMatch(/^https?:\/\//);
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(ogImage).toBe(jsonLd.image);
    } finally {
      await observed.close();
    }
  });

  test('a product without an old price shows neither old price nor discount badge', async () => {
    const product = products().find((p) => p.old_price === null)!;
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      await observed.page.goto(e2e.url(paths.product(product.id)));
      await expect(observed.page.locator('.price-old, .badge-discount').count()).resolves.toBe(0);
    } finally {
      await observed.close();
    }
  });

  test('the tabs follow the WAI-ARIA pattern: arrow keys, Home and End move between them, one panel at a time', async () => {
    const product = withTabs();
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.product(product.id)));
      await hydrated(page, 'product-tabs');
      const tabs = page.getByRole('tab');
      expect(await tabs.allTextContents()).toEqual(['Détails', 'Spécifications', 'Caractéristiques']);
      const selected = () => page.getByRole('tab', { selected: true }).textContent();
      const visiblePanel = () => page.getByRole('tabpanel').textContent();

      await page.getByRole('tab', { name: 'Détails' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await selected()).toBe('Spécifications');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Spécifications');
      const firstSpec = (JSON.parse(product.specifications!) as { value: string }[])[0]!;
      expect(await visiblePanel()).toContain(firstSpec.value);

      await page.keyboard.press('ArrowRight');
      expect(await selected()).toBe('Caractéristiques');
      await page.keyboard.press('ArrowRight');
      expect(await selected()).toBe('Détails');
      await page.keyboard.press('ArrowLeft');
      expect(await selected()).toBe('Caractéristiques');
      await page.keyboard.press('Home');
      expect(await selected()).toBe('Détails');
      await page.keyboard.press('End');
      expect(await selected()).toBe('Caractéristiques');
      expect(await page.getByRole('tabpanel').count()).toBe(1);
      expectNoErrors(observed);
    } finally {
      await observed.close();
    }
  });

  test.each(['999999', 'abc', '0', '1.5'])(
    "an unknown or malformed id (%s) answers 404 'Produit non trouvé' inside the layout",
    async (id) => {
      const observed = await e2e.openPage({ javaScriptEnabled: false });
      try {
        const response = await observed.page.goto(`${e2e.baseUrl}/products/${id}`);
        expect(response?.status()).toBe(404);
        await expect(observed.page.getByRole('heading', { name: T.notFound }).count()).resolves.toBe(1);
        await expect(observed.page.locator('header').count()).resolves.toBeGreaterThan(0);
        const back = observed.page.getByRole('link', { name: T.back });
        expect(new URL((await back.getAttribute('href')) ?? '', e2e.baseUrl).pathname).toBe(paths.products);
        expect(await observed.page.locator('meta[name="robots"]').getAttribute('content')).toContain(
          'noindex',
        );
      } finally {
        await observed.close();
      }
    },
  );
});

describe('catalogue on the large seed', () => {
  const large = e2eHarness({ largeSeed: true, browser: false });

  test('the whole first response of /products (headers and gzip HTML) stays under 14,600 bytes', async () => {
    const response = await rawGet(large.url(paths.products), { 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(header(response, 'content-encoding')).toBe('gzip');
    const total = large.query<{ n: number }>('select count(*) as n from products')[0]!.n;
    expect(total).toBeGreaterThan(200);
    const headerBytes = Object.entries(response.headers).reduce(
      (sum, [name, value]) =>
        sum + [value ?? ''].flat().reduce((s, v) => s + name.length + String(v).length + 4, 0),
      'HTTP/1.1 200 OK\r\n\r\n'.length,
    );
    expect(headerBytes + response.body.length).toBeLessThan(14_600);
  });
});
