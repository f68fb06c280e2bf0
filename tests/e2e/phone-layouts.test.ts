import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';

/**
 * Pages that respect a phone (docs/product-rules.md, "Public site"): the catalogue in two
 * columns at 390 px with its whole search placeholder, product tabs that fit, and the
 * submit page's form starting in the first screen of a 1366x768 desktop and a 390x844
 * phone, under a compact carousel served from the responsive variants.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

const e2e = e2eHarness();

/** Nothing wider than the screen: a phone never scrolls sideways. */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('catalogue on a phone', () => {
  test('cards come two a row, with no sideways scroll, and the search placeholder shows whole', async () => {
    await e2e.withPage({ javaScriptEnabled: false }, async ({ page }) => {
      await page.setViewportSize(PHONE);
      // The cards' entrance stagger moves them: measure them at rest.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(e2e.url(paths.products));
      const boxes = await page
        .locator('article.card')
        .evaluateAll((cards) => cards.slice(0, 4).map((card) => card.getBoundingClientRect().toJSON()));
      expect(boxes).toHaveLength(4);
      const [a, b, c] = boxes as DOMRect[];
      expect(Math.round(a!.top)).toBe(Math.round(b!.top));
      expect(b!.left).toBeGreaterThan(a!.right);
      expect(c!.top).toBeGreaterThanOrEqual(a!.bottom);
      expect(a!.width).toBeGreaterThan(150);
      expect(await noSidewaysScroll(page)).toBe(true);

      // The placeholder's text, drawn in the field's font, fits inside its padding.
      const fit = await page.getByPlaceholder('Rechercher un produit...').evaluate((input) => {
        const element = input as HTMLInputElement;
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: context.measureText(element.placeholder).width, room };
      });
      expect(fit.text).toBeLessThanOrEqual(fit.room);
    });
  });

  test("a product's three tabs fit the screen without scrolling their strip", async () => {
    const [product] = e2e.query<{ id: number }>(
      'select id from products where specifications is not null and features is not null order by id limit 1',
    );
    await e2e.withPage(async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(e2e.url(paths.product(product!.id)));
      const tabs = page.getByRole('tablist', { name: 'Informations sur le produit' });
      await tabs.waitFor();
      expect(await tabs.getByRole('tab').allTextContents()).toEqual([
        'Détails',
        'Spécifications',
        'Caractéristiques',
      ]);
      expect(await tabs.evaluate((strip) => strip.scrollWidth <= strip.clientWidth)).toBe(true);
      expect(await noSidewaysScroll(page)).toBe(true);
    });
  });
});

describe('submit page in the first screen', () => {
  for (const [name, viewport] of [
    ['a 1366x768 desktop', DESKTOP],
    ['a 390x844 phone', PHONE],
  ] as const) {
    test(`on ${name}, the form's first field is visible without scrolling, under the compact carousel`, async () => {
      await e2e.withPage(async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(e2e.url(paths.submitProject));
        const carousel = page.getByRole('region', { name: 'Nos réalisations récentes' });
        await expect(carousel.isVisible()).resolves.toBe(true);
        const field = page.getByLabel('Prénom');
        const box = (await field.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect(await noSidewaysScroll(page)).toBe(true);
        // The carousel's picture comes from the responsive WebP variants.
        const image = carousel.locator('img').first();
        await expect
          .poll(() => image.evaluate((img) => (img as HTMLImageElement).currentSrc))
          .toMatch(/\.webp$/);
      });
    });
  }
});
