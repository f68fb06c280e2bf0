import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { holdScripts, type ObservedPage } from '../helpers/browser';
import { e2eHarness } from '../helpers/e2e-harness';
import { expectToast, signIn, waitForApp } from './admin-helpers';

/**
 * The contact form (docs/product-rules.md, "Contact form") with and without JavaScript,
 * and the messages inbox (docs/product-rules.md, "Messages inbox" and "CSV exports"), in a
 * real Chromium against the built server. Every message is looked up in the server's own
 * database. Messages are written out here: a typo in the app must fail.
 */

const M = {
  sent: 'Message envoyé',
  sentDetail: 'Nous vous répondrons sous 48h.',
  invalid: 'Données invalides. Vérifiez vos informations.',
  nameTooShort: 'Le nom complet doit contenir au moins 3 caractères',
  contactRequired: 'Indiquez une adresse e-mail ou un numéro de téléphone',
  phoneInvalid: 'Numéro de téléphone invalide : 8 à 15 chiffres, précédés éventuellement de +',
  subjectRequired: 'Le sujet est requis',
  messageTooShort: 'Le message doit contenir au moins 10 caractères',
  messageTooLong: 'Le message ne doit pas dépasser 5000 caractères',
};
const REFERENCE = /MSG-\d{4}-\d{5}/;

// Every test posts from 127.0.0.1: the per-client limit (5 an hour) is raised.
const e2e = e2eHarness({ env: { CONTACT_RATE_LIMIT: '1000' } });

interface MessageRow {
  id: number;
  reference: string;
  name: string;
  email: string | null;
  phone: string | null;
  subject: string;
  message: string;
  status: string;
}

function messagesNamed(name: string): MessageRow[] {
  return e2e.query<MessageRow>('select * from contact_messages where name = ?', name);
}

let runs = 0;
const uniqueName = (label: string) => `${label} ${Date.now()}-${(runs += 1)}`;

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
const sendButton = (page: Page) => page.getByRole('button', { name: 'Envoyer le message' });

async function withContactPage(
  run: (opened: { page: Page; observed: ObservedPage }) => Promise<void>,
  javaScriptEnabled = true,
): Promise<void> {
  const observed = await e2e.openPage({ javaScriptEnabled });
  try {
    const { page } = observed;
    await page.goto(`${e2e.baseUrl}${paths.contact}`, {
      waitUntil: javaScriptEnabled ? 'networkidle' : 'load',
    });
    if (javaScriptEnabled)
      await page.waitForSelector('[data-island="contact-form"][data-hydrated="true"]', { timeout: 15_000 });
    await run({ page, observed });
  } finally {
    await observed.close();
  }
}

async function fillValid(page: Page, name: string): Promise<void> {
  await field(page, 'Nom complet').fill(name);
  await field(page, 'E-mail').fill('awa.houenou@example.bj');
  await field(page, 'Téléphone').fill('+229 01 97 12 34 56');
  await field(page, 'Sujet').selectOption({ label: 'Demande de devis' });
  await field(page, 'Message').fill('Bonjour,\nje souhaite un devis pour une clôture de 40 mètres à Calavi.');
}

/** The gzip bytes of every script a page loads until the network is idle. */
async function scriptBytes(path: string, island: string): Promise<number> {
  const observed = await e2e.openPage();
  try {
    const sizes: Promise<number>[] = [];
    observed.page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await observed.page.goto(`${e2e.baseUrl}${path}`, { waitUntil: 'networkidle' });
    await observed.page.waitForSelector(`[data-island="${island}"][data-hydrated="true"]`, {
      timeout: 15_000,
    });
    return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  } finally {
    await observed.close();
  }
}

describe('contact form with JavaScript', () => {
  test('shows every field’s message beside it and sends nothing while the form is refused', async () => {
    await withContactPage(async ({ page, observed }) => {
      await sendButton(page).click();
      const errorOf = (id: string) => page.locator(`#contact-${id}-erreur`);
      await expect.poll(() => errorOf('name').textContent()).toBe(M.nameTooShort);
      expect(await errorOf('email').textContent()).toBe(M.contactRequired);
      expect(await errorOf('phone').textContent()).toBe(M.contactRequired);
      expect(await errorOf('subject').textContent()).toBe(M.subjectRequired);
      expect(await errorOf('message').textContent()).toBe(M.messageTooShort);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
      await expectToast(page, 'Erreur');
      expect(await page.locator('.toast-destructive .toast-description').textContent()).toBe(M.invalid);
      // A phone alone is enough: both contact messages go once it is valid.
      await field(page, 'Téléphone').fill('01 97');
      await field(page, 'Téléphone').blur();
      await expect.poll(() => errorOf('phone').textContent()).toBe(M.phoneInvalid);
      await field(page, 'Téléphone').fill('01 97 12 34 56');
      await expect.poll(() => errorOf('email').count()).toBe(0);
      expect(await errorOf('phone').count()).toBe(0);
      expect(observed.requestedUrls.filter((url) => url.endsWith('/api/contact-messages'))).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });

  test('sends, toasts, replaces the form with the reference, and offers another message', async () => {
    await withContactPage(async ({ page, observed }) => {
      const name = uniqueName('Awa Avec JS');
      await fillValid(page, name);
      await sendButton(page).click();
      await expectToast(page, M.sent);
      const confirmation = page.locator('#formulaire-contact .notice-success');
      await confirmation.waitFor();
      const [row] = messagesNamed(name);
      expect(row).toMatchObject({
        email: 'awa.houenou@example.bj',
        phone: '+2290197123456',
        subject: 'devis',
        status: 'unread',
      });
      expect(row!.message).toBe('Bonjour,\nje souhaite un devis pour une clôture de 40 mètres à Calavi.');
      expect(await confirmation.locator('.notice-title').textContent()).toBe(M.sent);
      expect(await confirmation.textContent()).toContain(M.sentDetail);
      expect(await confirmation.locator('.contact-reference').textContent()).toBe(row!.reference);
      expect(row!.reference).toMatch(REFERENCE);
      expect(await page.locator('form.contact-form').count()).toBe(0);

      await page.getByRole('link', { name: 'Envoyer un autre message' }).click();
      await field(page, 'Nom complet').waitFor();
      expect(await field(page, 'Nom complet').inputValue()).toBe('');
      expect(new URL(page.url()).pathname).toBe(paths.contact);
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });

  test('keeps what was typed and chosen before the form’s script ran, and sends it', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      const scripts = await holdScripts(page);
      await page.goto(`${e2e.baseUrl}${paths.contact}`, { waitUntil: 'commit' });
      const name = uniqueName('Awa Avant Script');
      await field(page, 'Nom complet').fill(name);
      await field(page, 'Sujet').selectOption({ label: 'Demande de devis' });
      await field(page, 'Message').fill('Bonjour, un devis pour une clôture de 40 mètres à Calavi.');
      expect(await page.locator('[data-island="contact-form"][data-hydrated="true"]').count()).toBe(0);
      scripts.release();
      await page.waitForSelector('[data-island="contact-form"][data-hydrated="true"]', { timeout: 15_000 });
      // Typing once React holds the form re-renders it: what was typed before must stay.
      await field(page, 'E-mail').fill('awa.houenou@example.bj');
      expect(await field(page, 'Nom complet').inputValue()).toBe(name);
      expect(await field(page, 'Sujet').inputValue()).toBe('devis');
      await sendButton(page).click();
      await expectToast(page, M.sent);
      const [row] = messagesNamed(name);
      expect(row).toMatchObject({ email: 'awa.houenou@example.bj', subject: 'devis' });
      expect(row!.message).toBe('Bonjour, un devis pour une clôture de 40 mètres à Calavi.');
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('the page loads no more script than the submit page (the form’s schema comes on first focus)', async () => {
    const contact = await scriptBytes(paths.contact, 'contact-form');
    const submit = await scriptBytes(paths.submitProject, 'submit-project-form');
    expect(contact).toBeGreaterThan(0);
    expect(contact).toBeLessThanOrEqual(submit);
    // docs/product-rules.md, Performance targets: 100 KiB gzip at most for a public page.
    expect(contact).toBeLessThan(100 * 1024);
  });
});

describe('contact form without JavaScript', () => {
  test('the form posts itself and the page it comes back to shows the reference', async () => {
    await withContactPage(async ({ page, observed }) => {
      const name = uniqueName('Koffi Sans JS');
      await fillValid(page, name);
      await Promise.all([page.waitForURL(/envoi=ok/), sendButton(page).click()]);
      expect(new URL(page.url()).pathname).toBe(paths.contact);
      const [row] = messagesNamed(name);
      expect(row).toBeDefined();
      const confirmation = page.locator('#formulaire-contact .notice-success');
      expect(await confirmation.locator('.notice-title').textContent()).toBe(M.sent);
      expect(await confirmation.textContent()).toContain(M.sentDetail);
      expect(await confirmation.locator('.contact-reference').textContent()).toBe(row!.reference);
      expect(await page.locator('form.contact-form').count()).toBe(0);
      expect(observed.pageErrors).toEqual([]);
    }, false);
  });

  test('a refused post comes back with the messages and everything typed, then goes through once corrected', async () => {
    await withContactPage(async ({ page }) => {
      const name = uniqueName('Sènan Refusé');
      const text = 'Bonjour,\nla parcelle de Calavi est-elle encore disponible ? Merci « beaucoup ».';
      await field(page, 'Nom complet').fill(name);
      // A tel input has no check of its own: the server judges it.
      await field(page, 'Téléphone').fill('01 97 ab');
      await field(page, 'Sujet').selectOption({ label: 'Offre immobilière' });
      await field(page, 'Message').fill(text);
      await Promise.all([page.waitForURL(/envoi=erreur/), sendButton(page).click()]);
      expect(new URL(page.url()).searchParams.get('champs')).toBe('phone');
      await page.getByText(M.invalid).waitFor();
      expect(await page.locator('#contact-phone-erreur').textContent()).toBe(M.phoneInvalid);
      expect(await page.getByRole('link', { name: 'Téléphone' }).getAttribute('href')).toBe('#contact-phone');
      expect(await field(page, 'Nom complet').inputValue()).toBe(name);
      expect(await field(page, 'Téléphone').inputValue()).toBe('01 97 ab');
      expect(await field(page, 'Sujet').inputValue()).toBe('immobilier');
      expect(await field(page, 'Message').inputValue()).toBe(text);
      // Nothing typed travels in the address.
      expect(page.url()).not.toContain('Calavi');
      expect(messagesNamed(name)).toEqual([]);

      await field(page, 'Téléphone').fill('+229 01 97 12 34 56');
      await Promise.all([page.waitForURL(/envoi=ok/), sendButton(page).click()]);
      const [row] = messagesNamed(name);
      expect(row).toMatchObject({
        phone: '+2290197123456',
        subject: 'immobilier',
        message: text,
        email: null,
      });
      expect(await page.locator('.contact-reference').textContent()).toBe(row!.reference);
    }, false);
  });

  test('a message over the 100 KB body limit comes back as the form, every field kept, the error beside the message', async () => {
    await withContactPage(async ({ page }) => {
      const name = uniqueName('Codjo Long');
      // Pasted, not typed: 120,000 letters, far over what a browser's form post may carry.
      const text = `Bonjour, voici la liste. ${'é'.repeat(120_000)}`;
      await field(page, 'Nom complet').fill(name);
      await field(page, 'Téléphone').fill('+229 01 97 12 34 56');
      await field(page, 'Sujet').selectOption({ label: 'Demande de devis' });
      // The field's maxlength stops a typed or pasted text at the limit; a browser that does
      // not apply it (or a form saved from the page) posts it all.
      await field(page, 'Message').evaluate((textarea) => textarea.removeAttribute('maxlength'));
      await field(page, 'Message').fill(text);
      await Promise.all([page.waitForURL(/envoi=erreur/), sendButton(page).click()]);
      expect(new URL(page.url()).pathname).toBe(paths.contact);
      expect(new URL(page.url()).searchParams.get('champs')).toBe('message');
      expect(await page.locator('#contact-message-erreur').textContent()).toBe(M.messageTooLong);
      expect(await field(page, 'Nom complet').inputValue()).toBe(name);
      expect(await field(page, 'Téléphone').inputValue()).toBe('+229 01 97 12 34 56');
      expect(await field(page, 'Sujet').inputValue()).toBe('devis');
      // The message's beginning, as much of it as the form keeps.
      expect((await field(page, 'Message').inputValue()).startsWith(text.slice(0, 5_000))).toBe(true);
      expect(messagesNamed(name)).toEqual([]);
    }, false);
  });

  test('another site’s page posting the form is refused with a French page, and nothing is stored', async () => {
    const observed = await e2e.openPage({ javaScriptEnabled: false });
    try {
      const { page } = observed;
      const name = uniqueName('Visiteur Piégé');
      // A page elsewhere whose form posts itself to our API (docs/decisions/0033-cross-site-requests.md).
      await page.route('http://evil.example/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><form method="post" action="${e2e.baseUrl}/api/contact-messages">
            <input name="name" value="${name}"><input name="email" value="piege@example.bj">
            <input name="subject" value="devis"><input name="message" value="Message envoyé par un autre site.">
            <button>Gagner un cadeau</button></form>`,
        }),
      );
      await page.goto('http://evil.example/');
      const [answer] = await Promise.all([
        page.waitForResponse(`${e2e.baseUrl}/api/contact-messages`),
        page.getByRole('button', { name: 'Gagner un cadeau' }).click(),
      ]);
      expect(answer.status()).toBe(403);
      await page.getByRole('heading', { name: 'Requête refusée' }).waitFor();
      expect(await page.locator('main').innerText()).toContain(
        'Requête refusée : elle ne vient pas du site.',
      );
      expect(messagesNamed(name)).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('messages inbox', () => {
  const family = `Inbox${Date.now()}`;
  const sent: { name: string; reference: string; id: number }[] = [];

  beforeAll(async () => {
    const bodies = [
      {
        name: `Awa ${family}`,
        email: 'awa@example.bj',
        phone: '+229 01 97 00 00 01',
        subject: 'devis',
        message: 'Devis pour un duplex à Fidjrossè.',
      },
      {
        name: `Koffi ${family}`,
        email: 'koffi@example.bj',
        phone: '',
        subject: 'achat',
        message: 'Je cherche 200 sacs de ciment.',
      },
      {
        name: `=SOMME(A1) ${family}`,
        email: '',
        phone: '0196000003',
        subject: 'autre',
        message: '@mention et -1 en tête ?',
      },
    ];
    for (const body of bodies) {
      const response = await fetch(`${e2e.baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      const answer = (await response.json()) as { id: number; reference: string };
      sent.push({ name: body.name, ...answer });
    }
  });

  const statusOf = (id: number) =>
    e2e.query<{ status: string }>('select status from contact_messages where id = ?', id)[0]?.status;
  const unreadCount = () =>
    e2e.query<{ n: number }>("select count(*) as n from contact_messages where status = 'unread'")[0]!.n;

  async function openInbox(query = ''): Promise<ObservedPage> {
    const observed = await e2e.openPage();
    await signIn(observed.page, e2e.baseUrl);
    await observed.page.goto(`${e2e.baseUrl}${paths.adminMessages}${query}`);
    await waitForApp(observed.page);
    await observed.page.getByRole('heading', { name: 'Messages', exact: true, level: 1 }).waitFor();
    return observed;
  }

  test('the dashboard and the sidebar count the unread messages', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      await signIn(page, e2e.baseUrl);
      const unread = unreadCount();
      const sentence = unread === 1 ? '1 message non lu' : `${unread} messages non lus`;
      await page.getByRole('link', { name: sentence }).waitFor();
      const link = page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: /^Messages/ });
      await expect
        .poll(() => link.locator('.nav-badge').textContent())
        .toBe(`${unread} non lu${unread > 1 ? 's' : ''}`);
    } finally {
      await observed.close();
    }
  });

  test('opening a message marks it read and offers the replies; archive, back, and delete', async () => {
    const target = sent[0]!;
    const observed = await openInbox(`?search=${encodeURIComponent(family)}`);
    try {
      const { page } = observed;
      const badge = page.getByRole('navigation', { name: 'Administration' }).locator('.nav-badge');
      const before = unreadCount();
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(3);
      await page.getByRole('button', { name: `Ouvrir le message de ${target.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Message de ${target.name}` });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Devis pour un duplex à Fidjrossè.');
      expect(await dialog.textContent()).toContain(target.reference);
      await expect.poll(() => statusOf(target.id)).toBe('read');
      await expect.poll(() => badge.textContent()).toBe(`${before - 1} non lu${before - 1 > 1 ? 's' : ''}`);

      const mailto = await dialog.getByRole('link', { name: 'Répondre par e-mail' }).getAttribute('href');
      expect(mailto).toBe(`mailto:awa@example.bj?subject=${encodeURIComponent('Re: Demande de devis')}`);
      expect(await dialog.getByRole('link', { name: 'Appeler' }).getAttribute('href')).toBe(
        'tel:+2290197000001',
      );
      const whatsapp = new URL(
        (await dialog.getByRole('link', { name: 'Répondre sur WhatsApp' }).getAttribute('href'))!,
      );
      expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/2290197000001');
      expect(whatsapp.searchParams.get('text')).toMatch(new RegExp(`^Bonjour ${target.name}`));

      await dialog.getByRole('button', { name: 'Archiver' }).click();
      await expectToast(page, 'Message archivé');
      await expect.poll(() => statusOf(target.id)).toBe('archived');
      await dialog.getByRole('button', { name: 'Désarchiver' }).click();
      await expect.poll(() => statusOf(target.id)).toBe('read');
      await dialog.getByRole('button', { name: 'Archiver' }).click();
      await expect.poll(() => statusOf(target.id)).toBe('archived');
      await dialog.getByRole('button', { name: 'Fermer' }).click();

      await page.getByRole('button', { name: 'Archivés' }).click();
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(1);
      await page.getByRole('button', { name: 'Non lus' }).click();
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(2);

      const doomed = sent[1]!;
      await page.getByRole('button', { name: `Supprimer le message de ${doomed.name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await confirm.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Suppression réussie');
      // In the trash (docs/product-rules.md, "Trash"): kept and marked, out of the inbox.
      await expect
        .poll(() =>
          e2e.query('select id from contact_messages where id = ? and deleted_at is not null', doomed.id),
        )
        .toEqual([{ id: doomed.id }]);
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(1);
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('messages ticked are marked read together: the rows, the counts and the sidebar’s badge follow', async () => {
    // Two unread messages of their own, so that the others' statuses do not matter here.
    const bulkFamily = `Groupe${Date.now()}`;
    const mine: { name: string; id: number }[] = [];
    for (const first of ['Rachidi', 'Prisca']) {
      const body = {
        name: `${first} ${bulkFamily}`,
        email: `${first.toLowerCase()}@example.bj`,
        phone: '',
        subject: 'renseignement',
        message: 'Quels sont vos délais pour une dalle ?',
      };
      const response = await fetch(`${e2e.baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      mine.push({ name: body.name, id: ((await response.json()) as { id: number }).id });
    }
    const observed = await openInbox(`?search=${encodeURIComponent(bulkFamily)}`);
    try {
      const { page } = observed;
      const badge = page.getByRole('navigation', { name: 'Administration' }).locator('.nav-badge');
      // The badge counts the live messages: the one trashed above is out.
      const before = e2e.query<{ n: number }>(
        "select count(*) as n from contact_messages where status = 'unread' and deleted_at is null",
      )[0]!.n;
      await expect.poll(() => badge.textContent()).toBe(`${before} non lu${before > 1 ? 's' : ''}`);
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(2);

      for (const message of mine)
        await page.getByRole('checkbox', { name: `Sélectionner le message de ${message.name}` }).check();
      const bar = page.getByRole('region', { name: 'Actions groupées' });
      await bar.getByText('2 messages sélectionnés').waitFor();
      await bar.getByRole('button', { name: 'Marquer comme lu', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Marquer 2 messages comme lus ?' });
      await confirm.getByRole('button', { name: 'Marquer comme lu', exact: true }).click();
      await expectToast(page, 'Marquer comme lu', '2 éléments modifiés.');

      for (const message of mine) await expect.poll(() => statusOf(message.id)).toBe('read');
      const after = before - 2;
      if (after === 0) await expect.poll(() => badge.count()).toBe(0);
      else await expect.poll(() => badge.textContent()).toBe(`${after} non lu${after > 1 ? 's' : ''}`);
      await expect
        .poll(() => page.locator('.data-table tbody tr .badge').allInnerTexts())
        .toEqual(['Lu', 'Lu']);
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('‘Exporter (CSV)’ downloads the filtered messages with the token: BOM, ";", French headers, formulas neutralised', async () => {
    const observed = await openInbox(`?search=${encodeURIComponent(family)}`);
    try {
      const { page } = observed;
      await expect.poll(() => page.locator('.data-table tbody tr').count()).toBeGreaterThan(0);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^messages-contact-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = parse(text, { bom: true, delimiter: ';' }) as string[][];
      expect(rows[0]).toEqual([
        'Référence',
        'Date',
        'Heure',
        'Nom complet',
        'E-mail',
        'Téléphone',
        'Sujet',
        'Message',
        'Statut',
      ]);
      const expected = e2e
        .query<{ reference: string }>(
          'select reference from contact_messages where name like ? and deleted_at is null order by created_at desc, id desc',
          `%${family}%`,
        )
        .map((row) => row.reference);
      expect(rows.slice(1).map((row) => row[0])).toEqual(expected);
      const formula = rows.find((row) => row[0] === sent[2]!.reference)!;
      expect(formula[3]).toBe(`'=SOMME(A1) ${family}`);
      expect(formula[7]).toBe("'@mention et -1 en tête ?");
      expect(formula[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      await expectToast(page, 'Export terminé');
    } finally {
      await observed.close();
    }
  });
});
