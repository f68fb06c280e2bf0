import { beforeAll, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { apiLogin, expectToast, submitLogin } from './admin-helpers';

// 'Mon Profil' (product rules, Pages and routes and States; product rules: a password
// change revokes the sessions and answers a fresh token for the one that changed it).

const e2e = e2eHarness({ env: { LOGIN_MAX_ATTEMPTS: '50' } });
const ACCOUNT = { name: 'Awa Houngbédji', email: 'awa@example.test', password: 'premier-mot-de-passe' };

beforeAll(async () => {
  // An account of its own, so the seeded administrator stays as other tests expect it.
  const token = await apiLogin(e2e.baseUrl);
  const created = await fetch(e2e.url('/api/auth/register'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...ACCOUNT, role: 'admin' }),
  });
  expect(created.status).toBe(201);
});

test('the profile shows the initials, checks the password rules, then saves name and password; the new password signs in', async () => {
  const observed = await e2e.signedInPage(ACCOUNT);
  try {
    const { page } = observed;
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Mon Profil' })
      .click();
    await page.getByRole('heading', { name: 'Mon Profil' }).waitFor();
    await page.getByText('Gérez vos informations personnelles et votre mot de passe.').waitFor();
    expect(await page.locator('.avatar').textContent()).toBe('AH');
    expect(await page.locator('.avatar').getAttribute('data-state')).toBe('idle');
    expect(await page.getByLabel('Nom complet').inputValue()).toBe(ACCOUNT.name);
    expect(await page.getByLabel('Email').inputValue()).toBe(ACCOUNT.email);

    // Product rules, Validation's messages, beside their fields.
    await page.getByLabel('Nom complet').fill('Aw');
    await page.getByLabel('Nouveau mot de passe').fill('nouveau-mot-de-passe');
    await page.getByLabel('Confirmer le mot de passe').fill('autre-chose');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.getByText('Le nom complet doit contenir au moins 3 caractères').waitFor();
    await page.getByText('Le mot de passe actuel est requis pour changer de mot de passe').waitFor();
    await page.getByText('Les mots de passe ne correspondent pas').waitFor();

    // A wrong current password: the server's 422 on the field, and the 'Erreur' toast.
    await page.getByLabel('Nom complet').fill('Awa Houngbédji-Adjovi');
    await page.getByLabel('Mot de passe actuel').fill('pas-le-bon');
    await page.getByLabel('Confirmer le mot de passe').fill('nouveau-mot-de-passe');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.locator('.field-error', { hasText: 'Le mot de passe actuel est incorrect' }).waitFor();
    await expectToast(page, 'Erreur');

    const oldToken = await page.evaluate(() => localStorage.getItem('access_token'));
    // Passwords are never kept in a draft.
    const drafts = await page.evaluate(() =>
      Object.entries(sessionStorage)
        .filter(([key]) => key.startsWith('admin-draft:'))
        .map(([, value]) => value)
        .join(''),
    );
    expect(drafts).not.toContain('nouveau-mot-de-passe');

    await page.getByLabel('Mot de passe actuel').fill(ACCOUNT.password);
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expectToast(page, 'Profil mis à jour', 'Vos informations ont été mises à jour avec succès.');
    // The stored user is merged, the user box follows, the password fields are emptied.
    await page.locator('.admin-user', { hasText: 'Awa Houngbédji-Adjovi' }).waitFor();
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('user') ?? '{}') as { name: string },
      token: localStorage.getItem('access_token'),
    }));
    expect(stored.user.name).toBe('Awa Houngbédji-Adjovi');
    expect(await page.getByLabel('Nouveau mot de passe').inputValue()).toBe('');
    expect(
      e2e.query<{ name: string }>('select name from users where email = ?', ACCOUNT.email)[0]?.name,
    ).toBe('Awa Houngbédji-Adjovi');

    // The old token is revoked, the fresh one stored by the page works.
    expect(stored.token).not.toBe(oldToken);
    expect(
      (await fetch(e2e.url('/api/auth/user'), { headers: { Authorization: `Bearer ${oldToken}` } })).status,
    ).toBe(401);
    expect(
      (
        await fetch(e2e.url('/api/auth/user'), {
          headers: { Authorization: `Bearer ${stored.token}` },
        })
      ).status,
    ).toBe(200);
    // And the session goes on in the page: the dashboard still loads its stats.
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Tableau de bord' })
      .click();
    await expect.poll(() => page.locator('.stat-value').first().textContent()).not.toBe('—');

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL(e2e.url(paths.login));
    await submitLogin(page, ACCOUNT.email, ACCOUNT.password);
    await expectToast(page, 'Échec de la connexion', 'Identifiants incorrects. Veuillez réessayer.');
    await submitLogin(page, ACCOUNT.email, 'nouveau-mot-de-passe');
    await page.waitForURL(e2e.url(paths.adminDashboard));
    await page.locator('.admin-user', { hasText: 'Awa Houngbédji-Adjovi' }).waitFor();
    expect(observed.pageErrors).toEqual([]);
  } finally {
    await observed.close();
  }
});
