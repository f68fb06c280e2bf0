import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import type { ObservedPage } from '../helpers/browser';
import { e2eHarness } from '../helpers/e2e-harness';
import { SITE, SITE_ENV, unexpectedConsoleErrors } from './static-site-settings';

// Services, about, contact, the legal pages and the 404 page (product rules, Public site): server-rendered
// documents that ship no script, except contact's form and map islands.

const e2e = e2eHarness({ env: { ...SITE_ENV } });

/** Opens a page with JavaScript on, lets it settle, runs the checks, always closes it. */
async function visit(
  path: string,
  check: (observed: ObservedPage, status: number) => Promise<void>,
  javaScriptEnabled = true,
) {
  const observed = await e2e.openPage({ javaScriptEnabled });
  try {
    const response = await observed.page.goto(e2e.url(path), { waitUntil: 'networkidle' });
    await check(observed, response?.status() ?? 0);
  } finally {
    await observed.close();
  }
}

/** Script requests and executable script elements (JSON data blocks do not run). */
async function scriptsOf(observed: ObservedPage): Promise<{ requested: string[]; elements: string[] }> {
  const requested = observed.requests.filter((r) => r.resourceType === 'script').map((r) => r.url);
  const elements = await observed.page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'script:not([type="application/json"]):not([type="application/ld+json"]), link[rel="modulepreload"]',
      ),
    ].map((element) => element.outerHTML.slice(0, 200)),
  );
  return { requested, elements };
}

async function expectNoScript(observed: ObservedPage): Promise<void> {
  expect(await scriptsOf(observed)).toEqual({ requested: [], elements: [] });
}

async function mainText(page: Page): Promise<string> {
  return ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
}

async function hrefOf(page: Page, name: string): Promise<string | null> {
  return page.locator('main').getByRole('link', { name, exact: true }).getAttribute('href');
}

describe('services page', () => {
  test('shows the company name and three service cards with the product rules links, and loads no script', async () => {
    await visit(paths.services, async (observed, status) => {
      const { page } = observed;
      expect(status).toBe(200);
      await expect(page.locator('main .banner').textContent()).resolves.toContain(SITE.name);
      const cards = page.locator('main article');
      expect(await cards.count()).toBe(3);
      const titles = await cards.getByRole('heading').allTextContents();
      expect(titles).toEqual([
        'Vente de parcelles et de biens immobiliers',
        'Conception de projets',
        'Construction de maisons',
      ]);
      expect(await hrefOf(page, 'Voir nos offres')).toBe(paths.offers);
      expect(await hrefOf(page, 'Voir nos réalisations')).toBe(paths.submitProject);
      expect(await hrefOf(page, 'Découvrir nos projets')).toBe(paths.projects);
      const text = await mainText(page);
      for (const detail of [
        'plans 2D et rendus 3D',
        'permis de construire',
        'budget',
        'matériaux',
        'Suivi d’exécution',
      ]) {
        expect(text.toLowerCase()).toContain(detail.toLowerCase());
      }
      // Each card shows a picture: the seeded parcel, render and project images are served.
      const images = await cards
        .locator('img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''));
      expect(images).toHaveLength(3);
      for (const src of images) {
        expect(src).toMatch(/^\/storage\//);
        expect((await page.request.get(e2e.url(src))).status()).toBe(200);
      }
      await expectNoScript(observed);
      expect(observed.consoleErrors).toEqual([]);
    });
  });
});

describe('about page', () => {
  test('tells the story from the founding year, mission, vision, the EDIFIER values and the statistics, with no script', async () => {
    await visit(paths.about, async (observed, status) => {
      const { page } = observed;
      expect(status).toBe(200);
      const text = await mainText(page);
      expect(text).toContain(`Fondée en ${SITE_ENV.SITE_FOUNDED_YEAR}`);
      for (const heading of ['Notre histoire', 'Notre mission', 'Notre vision', 'Nos valeurs']) {
        expect(await page.getByRole('heading', { name: heading, exact: true }).count(), heading).toBe(1);
      }
      const values = await page.locator('.acrostic h3').allTextContents();
      expect(values).toEqual([
        'Empathie',
        'Diligence',
        'Intégrité',
        'Fidélité',
        'Innovation',
        'Excellence',
        'Responsabilité',
      ]);
      // The acrostic is visible: the initials, read down the list, spell the word shown above it.
      const initials = await page.locator('.acrostic-letter').allTextContents();
      expect(initials.join('')).toBe('EDIFIER');
      await expect(page.locator('.acrostic-word').isVisible()).resolves.toBe(true);
      expect(await page.locator('.acrostic-word').textContent()).toBe('EDIFIER');

      const stats = (await page.locator('.stats li').allTextContents()).map((s) =>
        s.replace(/\s+/g, ' ').trim(),
      );
      expect(stats).toEqual([
        `${SITE.years}+ ans d’expérience`,
        '300+ projets réalisés',
        '95% clients satisfaits',
        '20+ professionnels',
      ]);
      await expectNoScript(observed);
      expect(observed.consoleErrors).toEqual([]);
    });
  });

  test('home and about show the same years of experience, computed from the founding year in the settings', async () => {
    const shown: Record<string, string[]> = {};
    for (const path of [paths.home, paths.about]) {
      await visit(path, async ({ page }) => {
        shown[path] = [...(await mainText(page)).matchAll(/(\d+)\+ ans d’expérience/g)].map((m) => m[1]!);
      });
    }
    expect(shown[paths.home]).toEqual([String(SITE.years)]);
    expect(shown[paths.about]).toEqual([String(SITE.years)]);
  });
});

describe('contact page', () => {
  test('without JavaScript: address, tel: links, mailto, opening hours, WhatsApp, and a map link instead of a map', async () => {
    await visit(
      paths.contact,
      async ({ page }, status) => {
        expect(status).toBe(200);
        const main = page.locator('main');
        const text = await mainText(page);
        expect(text).toContain(SITE.address);
        for (const line of SITE.openingHours) expect(text).toContain(line);
        for (const phone of SITE.phones) {
          expect(await main.getByRole('link', { name: phone, exact: true }).getAttribute('href')).toBe(
            `tel:${phone.replace(/\s/g, '')}`,
          );
        }
        expect(await main.getByRole('link', { name: SITE.email, exact: true }).getAttribute('href')).toBe(
          `mailto:${SITE.email}`,
        );
        expect(await hrefOf(page, 'Envoyer un e-mail')).toMatch(
          new RegExp(`^mailto:${SITE.email}\\?subject=`),
        );

        const whatsapp = main.getByRole('link', { name: 'Écrire sur WhatsApp', exact: true });
        const whatsappUrl = new URL((await whatsapp.getAttribute('href')) ?? '');
        expect(whatsappUrl.origin + whatsappUrl.pathname).toBe(`https://wa.me/${SITE_ENV.SITE_WHATSAPP}`);
        expect(whatsappUrl.searchParams.get('text')).toMatch(/^Bonjour/);
        expect(await whatsapp.getAttribute('rel')).toBe('noopener noreferrer');

        const mapLink = main.getByRole('link', { name: 'Ouvrir la carte dans un nouvel onglet' });
        expect(new URL((await mapLink.getAttribute('href')) ?? '').origin).toBe(SITE.mapOrigin);
        expect(await mapLink.getAttribute('target')).toBe('_blank');
        expect(await mapLink.getAttribute('rel')).toBe('noopener noreferrer');
        // Without script the button could not work, so it is not offered.
        expect(await page.getByRole('button', { name: 'Afficher la carte' }).count()).toBe(0);
        expect(await page.locator('iframe').count()).toBe(0);
      },
      false,
    );
  });

  test('the map loads only on request: no iframe and no request to the map origin until "Afficher la carte" is clicked', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      // Stand in for the map provider: the test needs no Internet access, and any request
      // that reaches the provider is still recorded by the page's request log.
      await page.route(`${SITE.mapOrigin}/**`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Carte</title><p>Carte</p>',
        }),
      );
      await page.goto(e2e.url(paths.contact), { waitUntil: 'networkidle' });
      await page.waitForSelector('[data-island="contact-map"][data-hydrated="true"]', {
        state: 'attached',
        timeout: 15_000,
      });

      const toMap = () => observed.requestedUrls.filter((url) => url.startsWith(SITE.mapOrigin));
      expect(await page.locator('iframe').count()).toBe(0);
      expect(toMap()).toEqual([]);

      // The only script is the islands entry and its chunks, all from our origin, for the two islands.
      const { requested } = await scriptsOf(observed);
      expect(requested.length).toBeGreaterThan(0);
      for (const url of requested) expect(new URL(url).origin).toBe(e2e.baseUrl);
      expect(
        await page
          .locator('[data-island]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-island'))),
      ).toEqual(['contact-form', 'contact-map']);

      await page.getByRole('button', { name: 'Afficher la carte' }).click();
      const frame = page.locator('iframe');
      await frame.waitFor({ state: 'attached' });
      expect(await frame.getAttribute('src')).toBe(SITE.mapEmbedUrl);
      expect(await frame.getAttribute('title')).toBe(`Plan d’accès : ${SITE.address}`);
      expect(await frame.getAttribute('loading')).toBe('lazy');
      await expect.poll(toMap, { timeout: 10_000 }).not.toEqual([]);
      expect(await page.getByRole('button', { name: 'Afficher la carte' }).count()).toBe(0);

      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('describes the business for search engines with the settings’ phones and address', async () => {
    await visit(
      paths.contact,
      async ({ page }) => {
        const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
        const business = blocks
          .map((b) => JSON.parse(b) as Record<string, unknown>)
          .find((b) => b['@type'] === 'HomeAndConstructionBusiness');
        expect(business).toMatchObject({ name: SITE.name, email: SITE.email, telephone: SITE.phones });
        expect(business?.address).toMatchObject({ streetAddress: SITE.address });
      },
      false,
    );
  });
});

describe('legal pages', () => {
  test.each([
    [
      paths.privacy,
      'Politique de confidentialité',
      [
        'Données collectées',
        'Désinscription',
        'Consentement',
        'ne dépose aucun cookie',
        // What the server counts, and that DNT/GPC are honoured (decision 0043).
        'Mesure d’audience',
        'Aucune donnée personnelle n’est conservée',
        'Global Privacy Control',
      ],
    ],
    [
      paths.terms,
      'Conditions d’utilisation',
      ['licence personnelle', 'Exclusion de garantie', 'droit de la République du Bénin'],
    ],
    [
      paths.legal,
      'Mentions légales',
      ['10 000 000 FCFA', 'Directeur de la publication', SITE.address, SITE.email, ...SITE.phones],
    ],
  ])(
    '%s answers 200 with its heading "%s" and its full text, and loads no script',
    async (path, heading, excerpts) => {
      await visit(path, async (observed, status) => {
        const { page } = observed;
        expect(status).toBe(200);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        const text = await mainText(page);
        for (const excerpt of excerpts) expect(text, excerpt).toContain(excerpt);
        expect(text).toContain(SITE.name);
        // Each entry of the table of contents leads to a heading of the page.
        const anchors = await page
          .getByRole('navigation', { name: 'Sommaire' })
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        expect(anchors.length).toBeGreaterThan(3);
        for (const anchor of anchors) expect(await page.locator(`h2${anchor}`).count(), anchor).toBe(1);
        await expectNoScript(observed);
        expect(observed.consoleErrors).toEqual([]);
      });
    },
  );

  test("an unknown type answers 404 with 'Page légale' and 'Cette page n'existe pas.' inside the layout", async () => {
    const url = e2e.url('/legal/cookies');
    await visit('/legal/cookies', async (observed, status) => {
      const { page } = observed;
      expect(status).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page légale');
      expect(await mainText(page)).toContain("Cette page n'existe pas.");
      expect(await page.locator('header').getByRole('link', { name: 'Connexion' }).count()).toBeGreaterThan(
        0,
      );
      await expectNoScript(observed);
      expect(unexpectedConsoleErrors(observed.consoleErrors, url)).toEqual([]);
    });
  });

  test('/legal/privacy leads to the privacy policy at its own address', async () => {
    await visit('/legal/privacy', async ({ page }, status) => {
      expect(status).toBe(200);
      expect(new URL(page.url()).pathname).toBe(paths.privacy);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Politique de confidentialité',
      );
    });
  });
});

describe('not-found page', () => {
  test("answers 404 with 'Page introuvable', ways back into the site, and no script", async () => {
    const url = e2e.url('/pas-de-page-ici');
    await visit('/pas-de-page-ici', async (observed, status) => {
      const { page } = observed;
      expect(status).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable');
      expect(await hrefOf(page, 'Retour à l’accueil')).toBe(paths.home);
      expect(await hrefOf(page, 'Contact')).toBe(paths.contact);
      await expectNoScript(observed);
      expect(unexpectedConsoleErrors(observed.consoleErrors, url)).toEqual([]);
    });
  });
});
