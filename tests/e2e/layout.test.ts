import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import type { ObservedPage } from '../helpers/browser';
import { e2eHarness } from '../helpers/e2e-harness';
import { SITE, SITE_ENV } from './static-site-settings';

// The shared layout (product rules, Pages and routes): fixed header with its menu (a <details> disclosure
// below 80rem), skip link, footer. It works without script: public pages ship none.

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const MENU = [
  ['Accueil', paths.home],
  ['NOUS', paths.about],
  ['Services', paths.services],
  ['Offres', paths.offers],
  ['Portfolio', paths.projects],
  ['Catalogue produits', paths.products],
  ['Promotions', paths.promotions],
  ['Soumettre un projet', paths.submitProject],
  ['Contact', paths.contact],
];

const e2e = e2eHarness({ env: { ...SITE_ENV } });

async function open(path: string, viewport: { width: number; height: number }): Promise<ObservedPage> {
  const observed = await e2e.openPage();
  await observed.page.setViewportSize(viewport);
  await observed.page.goto(e2e.url(path), { waitUntil: 'networkidle' });
  return observed;
}

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabTo(page: Page, matches: (page: Page) => Promise<boolean>, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await matches(page)) return;
  }
  throw new Error('focus never reached the expected element');
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '');
const menuOpen = (page: Page) =>
  page.locator('details.nav-mobile').evaluate((el) => (el as HTMLDetailsElement).open);

/** Names of the visible menu links that say they are the current page. */
async function currentLinks(page: Page): Promise<string[]> {
  return page.locator('header a[aria-current="page"]:visible').allTextContents();
}

describe('header on a phone', () => {
  test('the menu opens with Enter on "Menu", Tab reaches a link, Enter follows it and the new page has the menu closed', async () => {
    const observed = await open(paths.about, MOBILE);
    try {
      const { page } = observed;
      await expect(page.locator('.nav-desktop').isVisible()).resolves.toBe(false);
      await expect(page.getByRole('navigation', { name: 'Menu mobile' }).isVisible()).resolves.toBe(false);

      await tabTo(page, async (p) => (await focusedTag(p)) === 'SUMMARY');
      await page.keyboard.press('Enter');
      expect(await menuOpen(page)).toBe(true);
      const panel = page.getByRole('navigation', { name: 'Menu mobile' });
      await expect(panel.isVisible()).resolves.toBe(true);
      // Full-screen: the panel covers the viewport under the header.
      const box = await panel.boundingBox();
      expect(box?.width).toBe(MOBILE.width);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThanOrEqual(MOBILE.height - 1);
      expect(await panel.getByRole('link').allTextContents()).toEqual([
        ...MENU.map(([label]) => label),
        'Connexion',
      ]);
      expect(await currentLinks(page)).toEqual(['NOUS']);

      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Accueil');
      await tabTo(page, async (p) => (await focusedText(p)) === 'Services');
      await Promise.all([page.waitForURL(e2e.url(paths.services)), page.keyboard.press('Enter')]);
      await page.waitForLoadState('load');

      expect(await menuOpen(page)).toBe(false);
      await page.locator('summary').click();
      expect(await currentLinks(page)).toEqual(['Services']);
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test("clicking the current page's own link closes the menu too", async () => {
    const observed = await open(paths.services, MOBILE);
    try {
      const { page } = observed;
      await page.locator('summary').click();
      expect(await menuOpen(page)).toBe(true);
      const panel = page.getByRole('navigation', { name: 'Menu mobile' });
      await Promise.all([
        page.waitForEvent('load'),
        panel.getByRole('link', { name: 'Services', exact: true }).click(),
      ]);
      expect(new URL(page.url()).pathname).toBe(paths.services);
      expect(await menuOpen(page)).toBe(false);
    } finally {
      await observed.close();
    }
  });
});

describe('header on a desktop', () => {
  test('shows the nine menu links in order and Connexion to /login, and follows a link by keyboard', async () => {
    const observed = await open(paths.home, DESKTOP);
    try {
      const { page } = observed;
      await expect(page.locator('summary').isVisible()).resolves.toBe(false);
      const nav = page.getByRole('navigation', { name: 'Menu principal' });
      const links = await nav
        .getByRole('link')
        .evaluateAll((els) => els.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(links).toEqual(MENU);
      expect(await page.locator('header').getByRole('link', { name: 'Connexion' }).getAttribute('href')).toBe(
        paths.login,
      );
      expect(await currentLinks(page)).toEqual(['Accueil']);
      // The header stays in place while the page scrolls.
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect((await page.locator('header').boundingBox())?.y).toBe(0);

      await tabTo(page, async (p) => (await focusedText(p)) === 'Contact');
      await Promise.all([page.waitForURL(e2e.url(paths.contact)), page.keyboard.press('Enter')]);
      expect(await currentLinks(page)).toEqual(['Contact']);
    } finally {
      await observed.close();
    }
  });

  test('a nested path highlights its section: a product page marks "Catalogue produits", a project page "Portfolio"', async () => {
    const [product] = e2e.query<{ id: number }>('select id from products order by id limit 1');
    const [project] = e2e.query<{ id: number }>('select id from projects order by id limit 1');
    for (const [path, expected] of [
      [paths.product(product!.id), 'Catalogue produits'],
      [paths.project(project!.id), 'Portfolio'],
      [paths.privacy, null],
    ] as const) {
      const observed = await open(path, DESKTOP);
      try {
        expect(await currentLinks(observed.page), path).toEqual(expected ? [expected] : []);
      } finally {
        await observed.close();
      }
    }
  });
});

describe('skip link', () => {
  test('is the first stop of the keyboard, becomes visible, and moves focus into the main content', async () => {
    const observed = await open(paths.services, DESKTOP);
    try {
      const { page } = observed;
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Aller au contenu');
      const box = await page.getByRole('link', { name: 'Aller au contenu' }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    } finally {
      await observed.close();
    }
  });
});

describe('footer', () => {
  test('holds the quick links, the three services, the contact details and social links from the settings', async () => {
    const observed = await open(paths.about, DESKTOP);
    try {
      const { page } = observed;
      const footer = page.locator('footer');
      const quick = await footer
        .getByRole('navigation', { name: 'Liens rapides' })
        .getByRole('link')
        .evaluateAll((els) => els.map((a) => a.getAttribute('href')));
      expect(quick).toEqual([
        paths.home,
        paths.services,
        paths.products,
        paths.projects,
        paths.about,
        paths.tracking,
      ]);
      expect(await footer.locator('.footer-services li').count()).toBe(3);

      const text = ((await footer.textContent()) ?? '').replace(/\s+/g, ' ');
      expect(text).toContain(SITE.address);
      for (const phone of SITE.phones) {
        expect(await footer.getByRole('link', { name: phone }).getAttribute('href')).toBe(
          `tel:${phone.replace(/\s/g, '')}`,
        );
      }
      expect(await footer.getByRole('link', { name: SITE.email }).getAttribute('href')).toBe(
        `mailto:${SITE.email}`,
      );
      expect(text).toContain(SITE.name);

      // Spec: social icons without target; the links still protect the opener.
      // Named by a heading (a list's aria-label is discouraged: html-validate's aria-label-misuse).
      expect(await footer.getByRole('heading', { name: 'Réseaux sociaux' }).count()).toBe(1);
      const social = await footer
        .locator('ul.social')
        .getByRole('link')
        .evaluateAll((els) =>
          els.map((a) => ({
            href: a.getAttribute('href'),
            target: a.getAttribute('target'),
            rel: a.getAttribute('rel'),
            name: a.querySelector('img')?.alt,
          })),
        );
      expect(social.map((s) => s.href)).toEqual(SITE.social);
      expect(social.map((s) => s.name)).toEqual(['Facebook', 'Instagram', 'LinkedIn', 'YouTube']);
      for (const link of social) {
        expect(link.target).toBeNull();
        expect(link.rel).toBe('noopener noreferrer');
      }
      for (const src of await footer
        .locator('.social img')
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))) {
        expect((await page.request.get(`${e2e.baseUrl}${src}`)).status()).toBe(200);
      }
    } finally {
      await observed.close();
    }
  });

  test.each([
    ['Politique de confidentialité', paths.privacy],
    ['Conditions d’utilisation', paths.terms],
    ['Mentions légales', paths.legal],
  ])('the footer link "%s" opens %s with that heading', async (label, path) => {
    const observed = await open(paths.home, DESKTOP);
    try {
      const { page } = observed;
      await Promise.all([
        page.waitForURL(e2e.url(path)),
        page.locator('footer').getByRole('link', { name: label }).click(),
      ]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(label);
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('contrast and focus', () => {
  /**
   * WCAG 2 contrast of each element's text against the first opaque background behind it
   * (gradients count as their darkest stop's fallback colour: the banner sets none).
   */
  async function contrasts(page: Page, selector: string): Promise<{ text: string; ratio: number }[]> {
    return page.locator(selector).evaluateAll((elements) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) =>
        [r!, g!, b!]
          .map((c) => c / 255)
          .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
      const background = (element: Element): number[] => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const parts = rgb(getComputedStyle(node).backgroundColor);
          if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) return parts.slice(0, 3);
        }
        return [255, 255, 255];
      };
      return elements
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => {
          const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background(element))];
          return {
            text: element.textContent?.trim() ?? '',
            ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
          };
        });
    });
  }

  test('header links, the active link, buttons and footer text reach WCAG AA (4.5:1)', async () => {
    const checks: { text: string; ratio: number }[] = [];
    for (const [path, viewport] of [
      [paths.services, DESKTOP],
      [paths.contact, DESKTOP],
    ] as const) {
      const observed = await open(path, viewport);
      try {
        checks.push(
          ...(await contrasts(
            observed.page,
            'header a, main .btn, footer h2, footer p, footer li, footer a',
          )),
        );
      } finally {
        await observed.close();
      }
    }
    expect(checks.length).toBeGreaterThan(30);
    expect(checks.filter((check) => check.ratio < 4.5)).toEqual([]);
  });

  test('keyboard focus is visible: a 3px outline on header links, buttons and footer links', async () => {
    const observed = await open(paths.services, DESKTOP);
    try {
      const { page } = observed;
      const outline = () =>
        page.evaluate(() => {
          const style = getComputedStyle(document.activeElement!);
          return { style: style.outlineStyle, width: style.outlineWidth };
        });
      for (const target of ['Services', 'Connexion', 'Voir nos offres', 'Mentions légales']) {
        await tabTo(page, async (p) => (await focusedText(p)) === target, 80);
        expect(await outline(), target).toEqual({ style: 'solid', width: '3px' });
      }
    } finally {
      await observed.close();
    }
  });
});

describe('page transition', () => {
  test('pages cross-fade through a 0.5 s view transition, switched off when the visitor prefers reduced motion', async () => {
    const observed = await open(paths.about, DESKTOP);
    try {
      const rules = await observed.page.evaluate(() =>
        [...document.styleSheets].flatMap((sheet) =>
          [...sheet.cssRules]
            .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule)
            .map((rule) => ({
              media: rule.conditionText,
              css: rule.cssText,
            })),
        ),
      );
      const motion = rules.filter((rule) => rule.css.includes('@view-transition'));
      expect(motion.map((rule) => rule.media)).toEqual(['(prefers-reduced-motion: no-preference)']);
      expect(motion[0]!.css).toMatch(/navigation: auto/);
      expect(motion[0]!.css).toMatch(/::view-transition-(old|new)\(root\)[^}]*animation-duration: 0\.5s/);
    } finally {
      await observed.close();
    }
  });
});
