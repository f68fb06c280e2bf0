import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { openSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { pdfBytes } from '../integration/submission-fixtures';
import { expectToast, waitForApp } from './admin-helpers';

/**
 * The 'Courriels' screen in a real Chromium against the built server, whose own sender
 * delivers to a real SMTP server started here. A request is sent through the public API;
 * its two mails arrive, are listed and previewed; one is then marked failed in the
 * database (what a day of refused connections leaves) and 'Renvoyer' sends it again.
 */

interface Writable {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Writable;

let inbox: SmtpInbox;
let reference = '';

// Opened before the harness's server, which is told its address.
beforeAll(async () => {
  inbox = await openSmtpInbox();
});
const e2e = e2eHarness({
  env: () => ({ SMTP_URL: inbox.url, STAFF_EMAILS: 'bureau@edifier.test', SUBMISSION_RATE_LIMIT: '1000' }),
});

beforeAll(async () => {
  const form = new FormData();
  const fields: Record<string, string> = {
    firstName: 'Awa',
    lastName: 'Houénou',
    email: 'awa.houenou@example.bj',
    phone: '+229 01 97 12 34 56',
    projectTitle: 'Villa courriels E2E',
    projectType: 'Construction résidentielle',
    location: 'Cotonou, Fidjrossè',
    budget: '25M - 50M FCFA',
    description: 'Une villa de quatre chambres <script>alert(1)</script>.',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'attachments[]',
    new Blob([new Uint8Array(pdfBytes())], { type: 'application/pdf' }),
    'Plan.pdf',
  );
  const response = await fetch(e2e.url('/api/submit-project'), {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  expect(response.status).toBe(201);
  reference = ((await response.json()) as { reference: string }).reference;
  // The server's sender looks at the outbox every few seconds.
  const deadline = Date.now() + 30_000;
  while (inbox.messages.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  expect(inbox.messages).toHaveLength(2);
}, 60_000);

afterAll(async () => {
  await inbox?.stop();
});

describe('Courriels', () => {
  test('lists the sent mails with a sandboxed preview, and sends a failed one again with "Renvoyer"', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Courriels' })
        .click();
      await page.waitForURL(`${e2e.baseUrl}${paths.adminOutbox}`);
      await waitForApp(page);
      await page.getByRole('heading', { name: 'Courriels', level: 1 }).waitFor();

      const staffSubject = `Nouvelle demande ${reference} : Villa courriels E2E`;
      const staffRow = page.locator('tbody tr', { hasText: staffSubject });
      await staffRow.waitFor();
      expect(await staffRow.innerText()).toContain('bureau@edifier.test');
      expect(await staffRow.locator('.outbox-badge').innerText()).toBe('envoyé');
      expect(await page.locator('tbody tr').count()).toBe(2);

      await staffRow.getByRole('button', { name: 'Aperçu' }).click();
      const frame = page.locator('iframe.outbox-frame');
      expect(await frame.getAttribute('sandbox')).toBe('');
      const preview = page.frameLocator('iframe.outbox-frame');
      await preview.getByText(`Nouvelle demande de projet ${reference}`).waitFor();
      await preview.getByText('Plan.pdf', { exact: false }).waitFor();
      // The visitor's markup is shown as text in the preview.
      await preview.getByText('<script>alert(1)</script>', { exact: false }).waitFor();

      // A day of refused connections, as the sender leaves it.
      const clientSubject = `Votre demande ${reference} a bien été reçue`;
      const db = new Database(e2e.databasePath);
      try {
        db.prepare("update outbox set status = 'failed', attempts = 8, last_error = ? where subject = ?").run(
          'connect ECONNREFUSED 127.0.0.1:2525',
          clientSubject,
        );
      } finally {
        db.close();
      }
      await page.reload();
      await waitForApp(page);
      const clientRow = page.locator('tbody tr', { hasText: clientSubject });
      await clientRow.waitFor();
      expect(await clientRow.locator('.outbox-badge').innerText()).toBe('échec');
      expect(await clientRow.innerText()).toContain('connect ECONNREFUSED 127.0.0.1:2525');
      expect(await staffRow.getByRole('button', { name: 'Renvoyer' }).count()).toBe(0);

      // The status filter, kept in the address.
      await page.getByLabel('Statut').selectOption({ label: 'échec' });
      await page.waitForURL(/[?&]statut=failed\b/);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      expect(await page.locator('tbody tr').innerText()).toContain(clientSubject);
      await page.getByLabel('Statut').selectOption({ label: 'Tous' });
      await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
      expect(new URL(page.url()).search).toBe('');

      await clientRow.getByRole('button', { name: 'Renvoyer' }).click();
      await expectToast(page, 'Courriel remis en file', 'Le courriel sera renvoyé dans quelques instants.');
      await expect.poll(() => inbox.messages.length, { timeout: 30_000, interval: 250 }).toBe(3);
      expect(inbox.messages[2]?.parsed.subject).toBe(clientSubject);
      await expect
        .poll(
          () =>
            e2e.query<{ status: string }>('select status from outbox where subject = ?', clientSubject)[0]
              ?.status,
        )
        .toBe('sent');
    } finally {
      await observed.close();
    }
  });

  test('searches and sorts in the address, and sends the failed mails of a selection again, naming the one refused', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      const staffSubject = `Nouvelle demande ${reference} : Villa courriels E2E`;
      const clientSubject = `Votre demande ${reference} a bien été reçue`;
      const db = new Database(e2e.databasePath);
      try {
        db.prepare(
          "update outbox set status = 'failed', attempts = 8, last_error = 'refusé' where subject = ?",
        ).run(clientSubject);
      } finally {
        db.close();
      }
      const before = inbox.messages.length;
      await page.goto(`${e2e.baseUrl}${paths.adminOutbox}`);
      await waitForApp(page);
      await page.locator('tbody tr', { hasText: clientSubject }).waitFor();
      const main = page.getByRole('main');
      await main.getByText('1 à 2 sur 2').waitFor();

      // The search, once typing pauses, and a sort by a header: both in the address.
      await page.getByLabel('Rechercher un courriel (destinataire ou objet)').fill('awa.houenou');
      await page.waitForURL(/[?&]search=awa.houenou\b/);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      expect(await page.locator('tbody tr').innerText()).toContain(clientSubject);
      await page.getByLabel('Rechercher un courriel (destinataire ou objet)').fill('');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
      await main.getByRole('button', { name: 'Essais' }).click();
      await page.waitForURL(/[?&]sort=attempts\b/);
      await expect
        .poll(() => main.getByRole('columnheader', { name: 'Essais' }).getAttribute('aria-sort'))
        .toBe('ascending');
      await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain(staffSubject);

      // Both mails ticked: the failed one goes again, the one sent is named with why.
      await main.getByRole('checkbox', { name: 'Sélectionner toute la page : Courriels' }).check();
      const bar = main.getByRole('region', { name: 'Actions groupées' });
      await bar.getByText('2 courriels sélectionnés').waitFor();
      await bar.getByRole('button', { name: 'Renvoyer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Renvoyer 2 courriels ?' });
      await dialog.getByRole('button', { name: 'Renvoyer' }).click();
      await expectToast(page, 'Renvoyer', '1 élément modifié, 1 refusé.');
      const refused = main.getByRole('alert');
      await refused
        .getByText(`${staffSubject} : Ce courriel a déjà été envoyé : il n’est pas renvoyé.`)
        .waitFor();
      await expect.poll(() => inbox.messages.length, { timeout: 30_000, interval: 250 }).toBe(before + 1);
      expect(inbox.messages[before]?.parsed.subject).toBe(clientSubject);
    } finally {
      await observed.close();
    }
  });

  test('the system diagnostic greets the SMTP server without sending a mail', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(`${e2e.baseUrl}${paths.adminImageDiagnostic}?onglet=systeme`);
      await waitForApp(page);
      const smtp = page.getByRole('region', { name: "Serveur d'envoi (SMTP)" });
      await smtp.waitFor();
      expect(await smtp.locator('.diag-badge').textContent()).toBe('Non testé');
      const before = { connections: inbox.connections, messages: inbox.messages.length };
      await smtp.getByRole('button', { name: 'Tester la connexion' }).click();
      await expect.poll(() => smtp.locator('.diag-badge').textContent()).toBe('Succès');
      expect(await smtp.locator('.diag-message').textContent()).toBe(
        'Le serveur SMTP a répondu et accepte la connexion.',
      );
      expect(await smtp.locator('.diag-detail').textContent()).toContain(`smtp://127.0.0.1:${inbox.port}`);
      expect(inbox.connections).toBe(before.connections + 1);
      expect(inbox.messages.length).toBe(before.messages);
    } finally {
      await observed.close();
    }
  });

  test('SIGTERM stops the sender with the server, which exits 0', async () => {
    expect(await e2e.server.stop()).toBe(0);
    expect(e2e.server.output).not.toMatch(/"level":(50|60)/);
  });
});
