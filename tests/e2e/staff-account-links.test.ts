import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { authMessages } from '#shared/schemas/auth';
import { e2eHarness, TEST_ADMIN } from '../helpers/e2e-harness';
import { openSmtpInbox, type ReceivedMail, type SmtpInbox } from '../helpers/smtp-inbox';
import {
  apiLogin,
  expectToast,
  openFromSidebar,
  submitLogin,
  unexpectedErrors,
  waitForApp,
} from './admin-helpers';

/**
 * A staff account's two e-mailed links in a real Chromium against the built server, whose
 * outbox delivers to a real SMTP server started here (docs/product-rules.md, "Staff
 * accounts"): an administrator invites someone on 'Utilisateurs', the invitation's link
 * lets them choose a password and lands them signed in, and works once; 'Mot de passe
 * oublié ?' sends a reset link whose new password replaces the old one.
 */

let inbox: SmtpInbox;

// Opened before the harness's server, which is told its address.
beforeAll(async () => {
  inbox = await openSmtpInbox();
});
const e2e = e2eHarness({ env: () => ({ SMTP_URL: inbox.url }) });

afterAll(async () => {
  await inbox?.stop();
});

/** The first mail sent to `address`, once the outbox's sender delivered it. */
async function mailTo(address: string, after = 0): Promise<ReceivedMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = inbox.messages.slice(after).find((mail) => mail.envelope.to.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The path of the link of `kind` the mail holds (its token included). */
function linkIn(mail: ReceivedMail, kind: 'invitation' | 'reinitialiser'): string {
  const text = `${mail.parsed.text ?? ''} ${typeof mail.parsed.html === 'string' ? mail.parsed.html : ''}`;
  const found = new RegExp(`/${kind}/([A-Za-z0-9_-]{20,})`).exec(text);
  if (!found) throw new Error(`no /${kind}/ link in the mail`);
  return `/${kind}/${found[1]}`;
}

/** Every request a page made went to the site itself (the token never meets a third party). */
function onlySameOrigin(requests: { url: string }[]): string[] {
  return requests.map((r) => r.url).filter((url) => !url.startsWith(e2e.baseUrl) && !url.startsWith('data:'));
}

async function choosePassword(page: import('playwright-core').Page, password: string, submit: string) {
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirmPassword"]').fill(password);
  await page.getByRole('button', { name: submit }).click();
}

describe('Invitation', () => {
  test('an administrator invites someone; the link lets them choose a password and signs them in, once', async () => {
    const email = 'akossiwa.invitee@edifier.test';
    const admin = await e2e.signedInPage();
    try {
      const { page } = admin;
      await openFromSidebar(page, 'Utilisateurs', paths.adminUsers);
      await waitForApp(page);
      await page.getByRole('heading', { name: 'Utilisateurs', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Inviter' }).click();
      await page.waitForURL(e2e.url(paths.adminUserInvite));

      // An address already used: the server's 422 lands on the field.
      await page.getByLabel('Nom').fill('Akossiwa Dossou');
      await page.getByLabel('E-mail').fill(TEST_ADMIN.email);
      await page.getByLabel('Rôle').selectOption({ label: 'Commercial' });
      await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
      await expect.poll(() => page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
      await expectToast(page, 'Invitation envoyée');
      await page.waitForURL(e2e.url(paths.adminUsers));
      const row = page.locator('tbody tr', { hasText: email });
      await row.waitFor();
      expect(await row.innerText()).toContain('Invitation en attente');
      expect(await row.getByRole('combobox').inputValue()).toBe('commercial');
    } finally {
      await admin.close();
    }

    const link = linkIn(await mailTo(email), 'invitation');
    // The document as served: private, out of search engines, and not carrying its token.
    const document = await fetch(e2e.url(link));
    expect(document.status).toBe(200);
    expect(document.headers.get('cache-control')).toBe('no-store');
    expect(document.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await document.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain(link.split('/').pop()!);

    const invited = await e2e.openPage();
    try {
      const { page } = invited;
      await page.goto(e2e.url(link));
      await waitForApp(page);
      // The token leaves the address bar once the page holds it.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/invitation');
      await choosePassword(page, 'mauvais', 'Créer mon mot de passe');
      await page.getByText(authMessages.passwordTooShort).waitFor();
      await choosePassword(page, 'Un mot de passe tout neuf', 'Créer mon mot de passe');
      await page.waitForURL(e2e.url(paths.adminDashboard));
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toMatch(/\S{20,}/);
      expect(onlySameOrigin(invited.requests)).toEqual([]);
      expect(unexpectedErrors(invited, 403)).toEqual([]);
    } finally {
      await invited.close();
    }

    const again = await e2e.openPage();
    try {
      await again.page.goto(e2e.url(link));
      await waitForApp(again.page);
      await choosePassword(again.page, 'Un autre mot de passe', 'Créer mon mot de passe');
      await again.page.getByText(authMessages.invitationGone).waitFor();
      await again.page.getByText("Demandez une nouvelle invitation à l'administrateur du site.").waitFor();
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe('Forgotten password', () => {
  test("'Mot de passe oublié ?' e-mails a link; its new password signs in, the old one no longer does", async () => {
    // An account of its own: invited through the API, its invitation accepted through the API.
    const email = 'koffi.reset@edifier.test';
    const token = await apiLogin(e2e.baseUrl);
    const created = await fetch(e2e.url('/api/admin/users'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ name: 'Koffi Agbo', email, role: 'editeur' }),
    });
    expect(created.status).toBe(201);
    const invitation = linkIn(await mailTo(email), 'invitation');
    const accepted = await fetch(e2e.url('/api/auth/accept-invitation'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        token: invitation.split('/').pop(),
        password: 'Ancien mot de passe',
        confirmPassword: 'Ancien mot de passe',
      }),
    });
    expect(accepted.status).toBe(200);
    const before = inbox.messages.length;

    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.login));
      await waitForApp(page);
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
      await page.waitForURL(e2e.url(paths.forgotPassword));
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Envoyer le lien' }).click();
      await page.getByText(authMessages.forgotAnswer).waitFor();
      await page.getByRole('link', { name: 'Retour à la connexion' }).waitFor();
    } finally {
      await observed.close();
    }

    const link = linkIn(await mailTo(email, before), 'reinitialiser');
    const reset = await e2e.openPage();
    try {
      const { page } = reset;
      await page.goto(e2e.url(link));
      await waitForApp(page);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/reinitialiser');
      await choosePassword(page, 'Nouveau mot de passe sûr', 'Enregistrer le mot de passe');
      await page.getByText(authMessages.passwordReset).waitFor();
      expect(onlySameOrigin(reset.requests)).toEqual([]);

      // The old password is refused, the new one signs in.
      await page.getByRole('link', { name: 'Se connecter' }).click();
      await page.waitForURL(e2e.url(paths.login));
      await submitLogin(page, email, 'Ancien mot de passe');
      await page.getByText(authMessages.invalidCredentials).first().waitFor();
      await submitLogin(page, email, 'Nouveau mot de passe sûr');
      await page.waitForURL((url) => url.pathname.startsWith('/admin'));
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toMatch(/\S{20,}/);
    } finally {
      await reset.close();
    }

    // The link served once: asked again, the API's sentence and a way to ask for another.
    const again = await e2e.openPage();
    try {
      await again.page.goto(e2e.url(link));
      await waitForApp(again.page);
      await choosePassword(again.page, 'Encore un autre mot', 'Enregistrer le mot de passe');
      await again.page.getByText(authMessages.resetGone).waitFor();
      await again.page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
      await again.page.waitForURL(e2e.url(paths.forgotPassword));
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe('Utilisateurs', () => {
  test('the last administrator cannot be demoted (the API words it); deactivating asks first and says so', async () => {
    const email = 'ines.desactivee@edifier.test';
    const token = await apiLogin(e2e.baseUrl);
    const created = await fetch(e2e.url('/api/admin/users'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ name: 'Inès Houngbo', email, role: 'chantier' }),
    });
    expect(created.status).toBe(201);
    // Invited accounts stay inactive until their link is used.
    const password = 'Mot de passe chantier';
    const accepted = await fetch(e2e.url('/api/auth/accept-invitation'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        token: linkIn(await mailTo(email), 'invitation')
          .split('/')
          .pop(),
        password,
        confirmPassword: password,
      }),
    });
    expect(accepted.status).toBe(200);
    const [admins] = e2e.query<{ n: number }>(
      "select count(*) as n from users where role = 'admin' and active = 1",
    );
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminUsers));
      await waitForApp(page);
      const self = page.locator('tbody tr', { hasText: TEST_ADMIN.email });
      await self.waitFor();
      // The seed's administrator is the only active one.
      expect(admins!.n).toBe(1);
      await self.getByRole('combobox').selectOption('commercial');
      await page.getByRole('dialog').getByRole('button', { name: 'Changer le rôle' }).click();
      await expectToast(page, 'Erreur', authMessages.lastAdmin);
      expect(await self.getByRole('combobox').inputValue()).toBe('admin');

      const row = page.locator('tbody tr', { hasText: email });
      await row.getByRole('button', { name: 'Désactiver Inès Houngbo' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.innerText()).toContain('sera déconnecté immédiatement');
      await dialog.getByRole('button', { name: 'Désactiver' }).click();
      await expectToast(page, 'Utilisateur mis à jour');
      await expect.poll(() => row.locator('.user-inactive').count()).toBe(1);
      await row.getByRole('button', { name: 'Réactiver Inès Houngbo' }).waitFor();
      expect(
        e2e.query<{ active: number }>('select active from users where email = ?', email)[0]!.active,
      ).toBe(0);

      // The list's filters, search and sort are the server's, kept in the address.
      await page.getByLabel('État').selectOption({ label: 'Désactivé' });
      await page.waitForURL(/[?&]etat=deactivated\b/);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await row.waitFor();
      await page.getByLabel('État').selectOption({ label: 'Tous' });
      await page.getByLabel('Rechercher un utilisateur (nom ou e-mail)').fill('houngbo');
      await page.waitForURL(/[?&]search=houngbo\b/);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await page.getByRole('main').getByRole('button', { name: 'E-mail' }).click();
      await page.waitForURL(/[?&]sort=email\b/);
      expect(
        await page.getByRole('main').getByRole('columnheader', { name: 'E-mail' }).getAttribute('aria-sort'),
      ).toBe('ascending');
    } finally {
      await observed.close();
    }
  }, 120_000);
});
