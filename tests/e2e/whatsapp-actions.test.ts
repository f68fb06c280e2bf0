import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { businessToday } from '#shared/calendar';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { chatOpenedBy } from './whatsapp-chat';

/**
 * WhatsApp where it sells (docs/product-rules.md, "WhatsApp"): the floating button of every
 * public page on a phone, the out-of-stock wording and its availability question, the green
 * actions with the mark, the promotions carousel's slides, and 'Connexion' as a quiet link.
 * Expected rows come from the server's own database.
 */

// Written out, not imported: a changed text must fail here.
const T = {
  float: 'Nous écrire sur WhatsApp',
  outOfStock: 'Rupture de stock',
  ask: 'Demander la disponibilité',
  order: 'Commander via WhatsApp',
  contact: 'Contacter sur WhatsApp',
  promotion: 'En profiter maintenant sur WhatsApp',
};
const WHATSAPP = '22990000077';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

const e2e = e2eHarness({ env: { SITE_WHATSAPP: WHATSAPP } });

interface ProductRow {
  id: number;
  reference: string;
  name: string;
  stock: number;
}

/** The catalogue's order: newest first. */
const products = () =>
  e2e.query<ProductRow>('select id, reference, name, stock from products order by created_at desc, id desc');

async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}

describe('floating WhatsApp button', () => {
  test('on a phone, every public page has it in the corner without a script, still there at the foot of the page', async () => {
    const [product] = e2e.query<{ id: number }>('select id from products order by id limit 1');
    const [project] = e2e.query<{ id: number }>('select id from projects order by id limit 1');
    const pages = [
      paths.home,
      paths.services,
      paths.products,
      paths.product(product!.id),
      paths.offers,
      paths.promotions,
      paths.projects,
      paths.project(project!.id),
      paths.submitProject,
      paths.about,
      paths.contact,
      paths.tracking,
      paths.privacy,
      paths.terms,
      paths.legal,
      '/page-inexistante',
    ];
    await e2e.withPage({ javaScriptEnabled: false }, async ({ page }) => {
      await page.setViewportSize(PHONE);
      for (const path of pages) {
        await page.goto(e2e.url(path));
        const button = page.getByRole('link', { name: T.float, exact: true });
        expect(await button.count(), path).toBe(1);
        const href = new URL((await button.getAttribute('href')) ?? '');
        expect(`${href.origin}${href.pathname}`, path).toBe(`https://wa.me/${WHATSAPP}`);
        expect(href.searchParams.get('text'), path).toContain('je vous écris depuis votre site');
        // The mark is drawn, from the one symbol of the document.
        expect(await button.locator('svg use').getAttribute('href'), path).toBe('#whatsapp-mark');
        expect(await page.locator('symbol#whatsapp-mark path').count(), path).toBe(1);
        expect(await inViewport(page, '.whatsapp-float'), path).toBe(true);
        const box = (await button.boundingBox())!;
        expect(box.width, path).toBeGreaterThanOrEqual(48);
        expect(box.x + box.width, path).toBeGreaterThan(PHONE.width - 40);
        expect(box.y + box.height, path).toBeGreaterThan(PHONE.height - 40);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect(await inViewport(page, '.whatsapp-float'), `${path} scrolled`).toBe(true);
      }
    });
  });
});

/** Scrolls `page` from top to bottom; at each stop, whether the float covers a button of the page. */
async function floatOverButtons(page: Page): Promise<{ covered: string[]; stepped: number; shown: number }> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const result = { covered: [] as string[], stepped: 0, shown: 0 };
  for (let y = 0; y <= height; y += 83) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // Two frames: the observer's answer for the new position has arrived.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const stop = await page.evaluate(() => {
      const float = document.querySelector('.whatsapp-float')!;
      const f = float.getBoundingClientRect();
      const under = [...document.querySelectorAll('main a.btn, main button, main input[type="submit"]')]
        .map((button) => ({
          text: (button.textContent ?? '').trim().slice(0, 40),
          r: button.getBoundingClientRect(),
        }))
        .filter(
          ({ r }) =>
            r.width > 0 && r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top,
        )
        .map(({ text }) => text);
      return { shown: getComputedStyle(float).visibility === 'visible', under };
    });
    if (stop.shown) result.shown += 1;
    if (stop.under.length > 0 && !stop.shown) result.stepped += 1;
    if (stop.under.length > 0 && stop.shown) result.covered.push(`${y}: ${stop.under.join(', ')}`);
  }
  return result;
}

describe('floating WhatsApp button over the page', () => {
  test.each([
    ['a phone (360x740)', { width: 360, height: 740 }],
    ['a laptop (1366x768)', DESKTOP],
  ])(
    'never covers a card’s or a form’s button on %s: it steps aside while one passes under it',
    async (_, size) => {
      // The pages of cards and forms, each with islands (a page without one loads no
      // script: docs/product-rules.md); the corner's clearance comes with their script.
      const pages = [
        paths.products,
        paths.offers,
        paths.promotions,
        paths.projects,
        paths.submitProject,
        paths.contact,
      ];
      await e2e.withPage(async ({ page }) => {
        await page.setViewportSize(size);
        let stepped = 0;
        for (const path of pages) {
          await page.goto(e2e.url(path));
          // The clearance's chunk is loaded after the load event, in an idle moment.
          await page.waitForFunction(() =>
            performance.getEntriesByType('resource').some((entry) => entry.name.includes('float-clearance')),
          );
          const seen = await floatOverButtons(page);
          expect(seen.covered, path).toEqual([]);
          expect(seen.shown, `${path}: the button is shown where nothing is under it`).toBeGreaterThan(0);
          stepped += seen.stepped;
        }
        // On a phone, buttons do pass under the corner: the test saw the button step aside.
        if (size.width < 400) expect(stepped).toBeGreaterThan(0);
      });
    },
  );
});

describe("'Connexion' in the header", () => {
  test('is a quiet link to /login, not a button, on a desktop and in the phone menu', async () => {
    await e2e.withPage(async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(e2e.url(paths.home));
      const login = page.locator('header').getByRole('link', { name: 'Connexion', exact: true });
      await expect(login.isVisible()).resolves.toBe(true);
      expect(await login.getAttribute('href')).toBe(paths.login);
      expect(await login.getAttribute('class')).not.toMatch(/\bbtn\b/);
      // No filled background: the loudest thing in the header stays the site's own.
      expect(await login.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

      await page.setViewportSize(PHONE);
      await page.locator('summary').click();
      const inMenu = page
        .getByRole('navigation', { name: 'Menu mobile' })
        .getByRole('link', { name: 'Connexion' });
      await expect(inMenu.isVisible()).resolves.toBe(true);
      expect(await inMenu.getAttribute('class')).not.toMatch(/\bbtn\b/);
    });
  });
});

describe('out of stock', () => {
  test("a card says 'Rupture de stock'; its page asks 'Demander la disponibilité' and the chat asks when it comes back", async () => {
    const rows = products();
    const index = rows.findIndex((p) => p.stock <= 0);
    expect(index, 'the demo catalogue has an out-of-stock product on its first page').toBeGreaterThanOrEqual(
      0,
    );
    expect(index).toBeLessThan(12);
    const product = rows[index]!;
    await e2e.withPage({ javaScriptEnabled: false }, async ({ page, context }) => {
      await page.goto(e2e.url(paths.products));
      const cards = page.locator('article.card');
      await expect(cards.nth(index).getByText(T.outOfStock, { exact: true }).count()).resolves.toBe(1);
      // Only the cards of products with none left say so.
      expect(await cards.getByText(T.outOfStock, { exact: true }).count()).toBe(
        rows.slice(0, 12).filter((p) => p.stock <= 0).length,
      );

      await page.goto(e2e.url(paths.product(product.id)));
      await expect(page.getByRole('button', { name: T.order }).count()).resolves.toBe(0);
      await page.getByLabel('Quantité').fill('8');
      const chat = await chatOpenedBy(context, page, () => page.getByRole('button', { name: T.ask }).click());
      expect(chat.number).toBe(WHATSAPP);
      expect(chat.message).toBe(
        `Bonjour, le produit « ${product.name} » (réf. ${product.reference}) est indiqué en rupture de stock sur votre site. Quand sera-t-il de nouveau disponible ? Quantité souhaitée : 8.`,
      );
    });
  });

  test("with JavaScript, the catalogue's dialog of that product asks for availability too", async () => {
    const rows = products();
    const index = rows.findIndex((p) => p.stock <= 0);
    const product = rows[index]!;
    await e2e.withPage(async ({ page, context, consoleErrors, pageErrors }) => {
      await page.goto(e2e.url(paths.products));
      // The card's 'Détails' link: this first click hydrates the catalogue and opens the dialog.
      await page.locator('article.card').nth(index).locator('.card-action').click();
      const dialog = page.getByRole('dialog', { name: product.name });
      await dialog.waitFor();
      await expect(dialog.getByRole('button', { name: T.order }).count()).resolves.toBe(0);
      const chat = await chatOpenedBy(context, page, () =>
        dialog.getByRole('button', { name: T.ask }).click(),
      );
      expect(chat.message).toContain(`« ${product.name} »`);
      expect(chat.message).toContain('Quantité souhaitée : 1.');
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });
});

describe('green WhatsApp actions with the mark', () => {
  test("the offers say 'Contacter sur WhatsApp', and every WhatsApp action is green with the mark", async () => {
    await e2e.withPage({ javaScriptEnabled: false }, async ({ page }) => {
      for (const path of [paths.offers, paths.promotions, paths.contact]) {
        await page.goto(e2e.url(path));
        // Every order or contact action; the channels to follow ('Suivez nos chaînes') are not one.
        // The offers' and promotions' go through the site's counted links (decision 0043).
        const actions = page.locator(
          'main a[href^="https://wa.me/"].btn:not(.offer-channels a), main a[href^="/whatsapp/"].btn',
        );
        expect(await actions.count(), path).toBeGreaterThan(0);
        const looks = await actions.evaluateAll((links) =>
          links.map((a) => ({
            background: getComputedStyle(a).backgroundColor,
            mark: a.querySelector('svg use')?.getAttribute('href') ?? null,
          })),
        );
        for (const look of looks)
          expect(look, path).toEqual({ background: 'rgb(7, 94, 84)', mark: '#whatsapp-mark' });
      }
      await page.goto(e2e.url(paths.offers));
      const contacts = page.getByRole('link', { name: new RegExp(`^${T.contact} au sujet de`) });
      expect(await contacts.count()).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: /^Contacter au sujet/ }).count()).resolves.toBe(0);
    });
  });

  test("an offer card's action holds on one line, on a desktop and on a phone", async () => {
    for (const viewport of [DESKTOP, { width: 1040, height: 768 }, PHONE])
      await e2e.withPage({ javaScriptEnabled: false }, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(e2e.url(paths.offers));
        const actions = page.locator('.offer-action');
        expect(await actions.count()).toBeGreaterThan(0);
        // One line: the button is no taller than one of its lines plus its padding and border.
        const lines = await actions.evaluateAll((links) =>
          links.map((a) => {
            const style = getComputedStyle(a);
            const frame =
              parseFloat(style.paddingTop) +
              parseFloat(style.paddingBottom) +
              parseFloat(style.borderTopWidth) +
              parseFloat(style.borderBottomWidth);
            return Math.round((a.getBoundingClientRect().height - frame) / parseFloat(style.lineHeight));
          }),
        );
        expect(new Set(lines), `${viewport.width} px`).toEqual(new Set([1]));
      });
  });
});

describe('promotions carousel', () => {
  interface PromotionRow {
    title: string;
    discount: string;
    code: string | null;
  }
  const running = () =>
    e2e.query<PromotionRow>(
      'select title, discount, code from promotions where end_date >= ? and image is not null order by end_date asc, id asc',
      businessToday(),
    );

  test('every slide shows its promotion’s title, discount, code and WhatsApp button, and no <img> lacks a src', async () => {
    const expected = running().slice(0, 3);
    expect(expected).toHaveLength(3);
    await e2e.withPage(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(e2e.url(paths.promotions));
      await page.waitForSelector('[data-island="hero-carousel"][data-hydrated="true"]', {
        state: 'attached',
      });
      for (let i = 0; i < expected.length; i++) {
        const promotion = expected[i]!;
        const slide = page.locator('.carousel-slide.is-active');
        expect(await slide.locator('.carousel-title').textContent()).toBe(promotion.title);
        expect(await slide.locator('.discount-badge').textContent()).toBe(promotion.discount);
        if (promotion.code)
          expect(await slide.locator('.promo-code strong').textContent()).toBe(promotion.code);
        const button = slide.getByRole('link', { name: T.promotion });
        await expect(button.isVisible()).resolves.toBe(true);
        // The site's counted link (decision 0043): the message travels in its `text` as in wa.me's.
        const link = new URL((await button.getAttribute('href')) ?? '', e2e.baseUrl);
        expect(link.pathname).toMatch(/^\/whatsapp\/promotion\/\d+$/);
        const message = link.searchParams.get('text') ?? '';
        expect(message).toContain(`« ${promotion.title} »`);
        if (promotion.code) expect(message).toContain(`avec le code ${promotion.code}`);
        // The slides not shown cannot be reached by the keyboard.
        expect(await page.locator('.carousel-slide:not(.is-active)[inert]').count()).toBe(
          expected.length - 1,
        );
        expect(await page.locator('.carousel img:not([src])').count()).toBe(0);
        await page.getByRole('button', { name: 'Image suivante' }).click();
      }
    });
  });

  test('without JavaScript the first slide is whole: title and button, and only <img> elements with a src', async () => {
    const [first] = running();
    await e2e.withPage({ javaScriptEnabled: false }, async ({ page }) => {
      await page.goto(e2e.url(paths.promotions));
      const slide = page.locator('.carousel-slide.is-active');
      expect(await slide.locator('.carousel-title').textContent()).toBe(first!.title);
      await expect(slide.getByRole('link', { name: T.promotion }).isVisible()).resolves.toBe(true);
      expect(await page.locator('img:not([src])').count()).toBe(0);
    });
  });
});
