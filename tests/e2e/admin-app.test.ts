import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { TEST_ADMIN_EMAIL } from '../helpers/server-process';
import { expectToast, signIn, submitLogin, waitForApp } from './admin-helpers';

// The back office is a single-page app with a bundle of its own (decision 0002): sign-in,
// session, layout and dashboard (product rules, Pages and routes, States and Messages and errors).

const e2e = e2eHarness();

function count(table: string, where = ''): number {
  return e2e.query<{ n: number }>(`select count(*) as n from ${table} ${where}`)[0]!.n;
}

test('/admin/dashboard without a session shows the spinner, loads the admin bundle and moves to /login', async () => {
  const observed = await e2e.openPage();
  try {
    const response = await observed.page.goto(e2e.url(paths.adminDashboard));
    expect(response?.status()).toBe(200);
    expect(await response?.text()).toContain('Vérification de la session...');
    await waitForApp(observed.page);
    await observed.page.waitForURL(e2e.url(paths.login));
    await observed.page.getByRole('heading', { name: 'Connexion' }).waitFor();

    const adminScripts = observed.requests.filter(
      (request) => request.resourceType === 'script' && new URL(request.url).pathname.includes('admin'),
    );
    expect(adminScripts.length, 'a script whose URL contains "admin"').toBeGreaterThan(0);
    expect(observed.consoleErrors).toEqual([]);
    expect(observed.pageErrors).toEqual([]);
  } finally {
    await observed.close();
  }
});

test('public documents never reference the admin bundle', async () => {
  for (const path of [paths.home, paths.products, paths.offers, paths.contact]) {
    const html = await (await fetch(e2e.url(path))).text();
    const scripts = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(
      scripts.filter((src) => /admin|kit|login/.test(src)),
      path,
    ).toEqual([]);
  }
});

describe('sign-in', () => {
  test('empty fields show the required messages of the shared schema beside the fields', async () => {
    const observed = await e2e.openPage();
    try {
      await observed.page.goto(e2e.url(paths.login));
      await waitForApp(observed.page);
      await observed.page.getByRole('button', { name: 'Se connecter' }).click();
      await observed.page.getByText("L'adresse email est requise").waitFor();
      await observed.page.getByText('Le mot de passe est requis').waitFor();
      expect(await observed.page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      expect(await observed.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a wrong password shows the destructive toast with the server message and stays on /login', async () => {
    const observed = await e2e.openPage();
    try {
      await observed.page.goto(e2e.url(paths.login));
      await submitLogin(observed.page, TEST_ADMIN_EMAIL, 'pas-le-bon-mot-de-passe');
      await expectToast(
        observed.page,
        'Échec de la connexion',
        'Identifiants incorrects. Veuillez réessayer.',
      );
      expect(new URL(observed.page.url()).pathname).toBe(paths.login);
      expect(await observed.page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    } finally {
      await observed.close();
    }
  });

  test('after 5 failures for an account the lockout message of the product rules are shown', async () => {
    // Lockouts are per e-mail: another address than the administrator's.
    const email = 'verrouille@example.test';
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await fetch(e2e.url('/api/auth/login'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'mauvais-mot-de-passe' }),
      });
      expect(answer.status).toBe(401);
    }
    const observed = await e2e.openPage();
    try {
      await observed.page.goto(e2e.url(paths.login));
      await submitLogin(observed.page, email, 'mauvais-mot-de-passe');
      await expectToast(
        observed.page,
        'Échec de la connexion',
        'Trop de tentatives. Réessayez dans quelques minutes.',
      );
    } finally {
      await observed.close();
    }
  });

  test("the password toggle shows and hides the password; 'S'inscrire' goes nowhere, 'Mot de passe oublié ?' to its page", async () => {
    const observed = await e2e.openPage();
    try {
      await observed.page.goto(e2e.url(paths.login));
      await waitForApp(observed.page);
      const password = observed.page.locator('input[name="password"]');
      expect(await password.getAttribute('type')).toBe('password');
      await observed.page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await observed.page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
      expect(await password.getAttribute('type')).toBe('password');
      await observed.page.getByRole('link', { name: "S'inscrire" }).click();
      expect(new URL(observed.page.url()).pathname).toBe(paths.login);
      await observed.page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
      await observed.page.waitForURL(e2e.url(paths.forgotPassword));
      await observed.page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 }).waitFor();
    } finally {
      await observed.close();
    }
  });

  test('signing in stores the session, toasts, lands on the dashboard with the stats, and back does not return to /login', async () => {
    const observed = await e2e.openPage();
    try {
      await observed.page.goto(e2e.url(paths.home));
      await signIn(observed.page, e2e.baseUrl);
      await expectToast(observed.page, 'Connexion réussie', 'Bienvenue dans votre espace administrateur.');
      const stored = await observed.page.evaluate(() => ({
        token: localStorage.getItem('access_token'),
        user: localStorage.getItem('user'),
      }));
      expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: TEST_ADMIN_EMAIL, role: 'admin' });

      const products = String(count('products'));
      const card = observed.page.locator('.stat-card', {
        has: observed.page.getByRole('heading', { name: 'Produits' }),
      });
      await expect.poll(() => card.locator('.stat-value').textContent()).toBe(products);
      const active = String(count('projects', "where status = 'En cours'"));
      const activeCard = observed.page.locator('.stat-card', {
        has: observed.page.getByRole('heading', { name: 'Projets actifs' }),
      });
      expect(await activeCard.locator('.stat-value').textContent()).toBe(active);
      for (const target of [
        paths.adminProjectNew,
        paths.adminProductNew,
        paths.adminOfferNew,
        paths.adminCategoryNew,
        paths.adminPromotionNew,
      ]) {
        expect(await observed.page.locator(`main a[href="${target}"]`).count(), target).toBe(1);
      }
      // The user box.
      await observed.page.locator('.admin-user', { hasText: TEST_ADMIN_EMAIL }).waitFor();

      // replace: history goes back to the page before /login.
      await observed.page.goBack();
      await observed.page.waitForURL(e2e.url(paths.home));
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('a protected page asked for before signing in is where the administrator lands after', async () => {
    const observed = await e2e.openPage();
    try {
      await observed.page.goto(e2e.url(paths.adminCategories));
      await observed.page.waitForURL(e2e.url(paths.login));
      await submitLogin(observed.page);
      await observed.page.waitForURL(e2e.url(paths.adminCategories));
      await observed.page.getByRole('heading', { name: 'Catégories' }).waitFor();
    } finally {
      await observed.close();
    }
  });
});

describe('layout', () => {
  test('the sidebar reaches every admin screen without a document load, and its toggle is remembered', async () => {
    const observed = await e2e.signedInPage();
    try {
      const documentsBefore = observed.requests.filter((r) => r.resourceType === 'document').length;
      const nav = observed.page.getByRole('navigation', { name: 'Administration' });
      for (const group of ['Contenu', 'Catalogue', 'Système'])
        await nav.getByRole('heading', { name: group }).waitFor();
      const links: [string, string][] = [
        ['Projets', paths.adminProjects],
        ['Offres', paths.adminOffers],
        ['Promotions', paths.adminPromotions],
        ['Témoignages', paths.adminTestimonials],
        ['Soumissions de projets', paths.adminSubmissions],
        ['Chantiers', paths.adminSites],
        ['Produits', paths.adminProducts],
        ['Catégories', paths.adminCategories],
        ['Mon Profil', paths.adminProfile],
        ['Courriels', paths.adminOutbox],
        ['Diagnostic API', paths.adminApiDiagnostic],
        ['Diagnostic images', paths.adminImageDiagnostic],
        ['Auth diagnostic', paths.adminAuthDiagnostic],
        ['Tableau de bord', paths.adminDashboard],
      ];
      for (const [label, target] of links) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await observed.page.waitForURL(e2e.url(target));
        await expect
          .poll(() => nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current'))
          .toBe('page');
      }
      expect(observed.requests.filter((r) => r.resourceType === 'document').length).toBe(documentsBefore);
      expect(await observed.page.getByRole('link', { name: 'Retour au site' }).getAttribute('href')).toBe(
        paths.home,
      );

      const toggle = observed.page.getByRole('button', { name: 'Menu de navigation' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);
      await observed.page.reload();
      await waitForApp(observed.page);
      await observed.page.getByRole('heading', { name: 'Tableau de Bord' }).waitFor();
      expect(
        await observed.page.getByRole('button', { name: 'Menu de navigation' }).getAttribute('aria-expanded'),
      ).toBe('false');
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('signing out revokes the token, clears the storage, toasts, and /admin/dashboard is closed afterwards', async () => {
    const observed = await e2e.signedInPage();
    try {
      const token = await observed.page.evaluate(() => localStorage.getItem('access_token'));
      await observed.page.getByRole('button', { name: 'Déconnexion' }).click();
      await observed.page.waitForURL(e2e.url(paths.login));
      await expectToast(observed.page, 'Déconnexion réussie', 'Vous avez été déconnecté avec succès.');
      expect(
        await observed.page.evaluate(() => [
          localStorage.getItem('access_token'),
          localStorage.getItem('user'),
        ]),
      ).toEqual([null, null]);
      // Revoked on the server: the old token no longer opens anything.
      const answer = await fetch(e2e.url('/api/auth/user'), {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(401);

      await observed.page.goto(e2e.url(paths.adminDashboard));
      await observed.page.waitForURL(e2e.url(paths.login));
      await observed.page.getByRole('heading', { name: 'Connexion' }).first().waitFor();
      expect(await observed.page.getByRole('heading', { name: 'Tableau de Bord' }).count()).toBe(0);
    } finally {
      await observed.close();
    }
  });
});
