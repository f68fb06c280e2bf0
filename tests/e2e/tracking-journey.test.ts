import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { openLink } from '#server/features/outbox/mail-secret';
import { apiLogin, waitForApp } from './admin-helpers';
import { jpegFile } from './admin-images';
import { e2eHarness } from '../helpers/e2e-harness';
import { TEST_JWT_SECRET } from '../helpers/server-process';

/**
 * The tracking link's journey on a phone-sized screen (docs/product-rules.md, "Tracking
 * link" and "Status history"): a client sends a request, sees and copies their link, opens
 * it; the staff change the status with a message; the client sees the timeline and the
 * message; once the request is approved, the staff publish three site updates with photos
 * (and keep a draft), which the client follows, photo opened full size, with and without
 * JavaScript. The /suivi form without JavaScript too.
 */
const e2e = e2eHarness({ env: { SUBMISSION_RATE_LIMIT: '1000' } });

const PHONE = { width: 390, height: 844 };
const NOT_FOUND = 'Lien de suivi introuvable ou expiré';
let runs = 0;
const uniqueTitle = (label: string) => `${label} ${Date.now()}-${(runs += 1)}`;

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

async function fillRequest(page: Page, title: string, lastName: string): Promise<void> {
  await field(page, 'Prénom').fill('Awa');
  await field(page, 'Nom').fill(lastName);
  await field(page, 'Email').fill('awa.suivi@example.bj');
  await field(page, 'Téléphone').fill('+33 6 12 34 56 78');
  await field(page, 'Titre du projet').fill(title);
  await field(page, 'Type de projet').selectOption('Construction résidentielle');
  await field(page, 'Budget estimé').selectOption('25M - 50M FCFA');
  await field(page, 'Localisation').fill('Abomey-Calavi');
  await field(page, 'Description détaillée').fill('Une maison de trois chambres, suivie depuis Paris.');
}

const timelineSteps = (page: Page) => page.locator('.tracking-timeline li').allInnerTexts();

/** The staff's side through the API: approve the request, then three published updates and a draft. */
async function buildSite(submissionId: number): Promise<void> {
  const token = await apiLogin(e2e.baseUrl);
  const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const approved = await fetch(e2e.url(`/api/admin/project-submissions/${submissionId}/status`), {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      status: 'approved',
      client_message: 'Votre projet est approuvé, le chantier commence.',
    }),
  });
  expect(approved.status).toBe(200);
  const updates = [
    { date: '2026-10-01', phase: 'terrassement', progress: '10', text: 'Implantation et fouilles faites.' },
    { date: '2026-10-20', phase: 'elevation', progress: '35', text: 'Les murs du rez-de-chaussée montent.' },
    { date: '2026-11-10', phase: 'toiture', progress: '55', text: 'La charpente est posée.', photos: 2 },
    {
      date: '2026-11-20',
      phase: 'finitions',
      progress: '70',
      text: 'Brouillon pas encore relu.',
      draft: true,
    },
  ];
  for (const [i, update] of updates.entries()) {
    const body = new FormData();
    for (const name of ['date', 'phase', 'progress', 'text'] as const) body.append(name, update[name]);
    body.append('published', update.draft ? '0' : '1');
    for (let n = 0; n < (update.photos ?? 1); n += 1) {
      const photo = await jpegFile(`chantier-${i}-${n}.jpg`, { width: 1200, height: 900 });
      body.append('photos[]', new Blob([new Uint8Array(photo.buffer)], { type: 'image/jpeg' }), photo.name);
    }
    const posted = await fetch(e2e.url(`/api/admin/project-submissions/${submissionId}/updates`), {
      method: 'POST',
      headers: auth,
      body,
    });
    expect(posted.status).toBe(201);
  }
}

/** What the client reads of the site: phase, progress and the updates, newest first. */
async function expectSite(page: Page, token: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Suivi de chantier' });
  expect(await section.locator('.site-phase').innerText()).toContain('Toiture');
  expect(await section.locator('progress').getAttribute('value')).toBe('55');
  const texts = await section.locator('.site-update-list > li').allInnerTexts();
  expect(texts).toHaveLength(3);
  expect(texts[0]).toContain('La charpente est posée.');
  expect(texts[2]).toContain('Implantation et fouilles faites.');
  expect(await section.innerText()).not.toContain('Brouillon');
  // Four photos, each a link to its large variant under this page's own path.
  const links = await section
    .locator('a:has(img)')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links).toHaveLength(4);
  for (const href of links) expect(href).toMatch(new RegExp(`^/suivi/${token}/photos/[\\w-]+-\\d+\\.webp$`));
  const images = section.locator('img');
  expect(await images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );
  await section.locator('a:has(img)').first().click();
  await page.waitForURL(/\/photos\/[\w-]+-\d+\.webp$/);
  await page.goBack();
}

describe('the tracking link, from a phone', () => {
  test('submit, see and copy the link, open it; the staff answer; the client reads the timeline and the message', async () => {
    const title = uniqueTitle('Maison suivie');
    const client = await e2e.openPage();
    try {
      const { page, context } = client;
      await page.setViewportSize(PHONE);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
      await page.goto(e2e.url(paths.submitProject), { waitUntil: 'networkidle' });
      await page.waitForSelector('[data-island="submit-project-form"][data-hydrated="true"]', {
        timeout: 15_000,
      });
      await fillRequest(page, title, 'Suivi');
      await page.locator('form.submit-form button[type="submit"]').click();

      const shown = page.locator('.tracking-link a');
      await shown.waitFor({ timeout: 15_000 });
      const link = await shown.innerText();
      expect(link).toMatch(/\/suivi\/[A-Za-z0-9_-]{32}$/);
      await page.getByRole('button', { name: 'Copier le lien' }).click();
      await page.getByText('Lien copié.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      const tracking = new URL(link).pathname;
      await page.goto(e2e.url(tracking));
      await page.getByRole('heading', { name: 'Suivi de votre demande', level: 1 }).waitFor();
      const reference = e2e.query<{ reference: string }>(
        'select reference from project_submissions where project_title = ?',
        title,
      )[0]!.reference;
      expect(await page.locator('.tracking-facts').innerText()).toContain(reference);
      expect(await page.locator('.tracking-status').innerText()).toBe('Reçue');
      expect(await timelineSteps(page)).toHaveLength(1);
      // A document without script, and nothing personal but the first name.
      expect(client.requests.filter((r) => r.resourceType === 'script' && r.url.includes('/suivi'))).toEqual(
        [],
      );
      expect(await page.locator('main').innerText()).not.toContain('awa.suivi@example.bj');

      // The staff, in the back office.
      const staff = await e2e.signedInPage();
      try {
        await staff.page.goto(`${e2e.baseUrl}${paths.adminSubmissions}?search=${encodeURIComponent(title)}`);
        await waitForApp(staff.page);
        await staff.page.getByRole('button', { name: 'Gérer la soumission de Awa Suivi' }).click();
        const dialog = staff.page.getByRole('dialog', { name: 'Soumission de Awa Suivi' });
        await dialog.getByLabel('Statut').selectOption({ label: 'Contacté' });
        await dialog.getByLabel('Nouvelle note interne').fill('Budget serré, proposer une variante.');
        await dialog.getByLabel('Message au client (facultatif)').fill('Nous vous appelons demain à 10 h.');
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await expect.poll(() => dialog.count()).toBe(0);
      } finally {
        await staff.close();
      }

      await page.reload();
      expect(await page.locator('.tracking-status').innerText()).toBe('Contactée');
      const steps = await timelineSteps(page);
      expect(steps).toHaveLength(2);
      expect(steps[0]).toContain('Contactée');
      expect(steps[0]).toContain('Nous vous appelons demain à 10 h.');
      expect(steps[1]).toContain('Reçue');
      expect(await page.locator('main').innerText()).not.toContain('Budget serré');

      // Approved, the building site starts: three published updates and a draft.
      const id = e2e.query<{ id: number }>(
        'select id from project_submissions where project_title = ?',
        title,
      )[0]!.id;
      await buildSite(id);
      await page.reload();
      expect(await page.locator('.tracking-status').innerText()).toBe('Approuvée');
      await expectSite(page, tracking.split('/').pop()!);
      expect(client.consoleErrors, JSON.stringify(client.consoleErrors)).toEqual([]);
    } finally {
      await client.close();
    }
  });

  test('without JavaScript: the confirmation shows the link, the page reads the same, and /suivi sends a new one', async () => {
    const title = uniqueTitle('Maison sans script');
    const client = await e2e.openPage({ javaScriptEnabled: false });
    try {
      const { page } = client;
      await page.setViewportSize(PHONE);
      await page.goto(e2e.url(paths.submitProject));
      await fillRequest(page, title, 'Sansscript');
      await page.locator('form.submit-form button[type="submit"]').click();
      const shown = page.locator('.tracking-link a');
      await shown.waitFor();
      const link = await shown.innerText();
      expect(link).toMatch(/\/suivi\/[A-Za-z0-9_-]{32}$/);
      // No button that would do nothing without a script.
      expect(await page.getByRole('button', { name: 'Copier le lien' }).count()).toBe(0);

      const tracking = new URL(link).pathname;
      await page.goto(e2e.url(tracking));
      expect(await page.locator('.tracking-status').innerText()).toBe('Reçue');
      // A page without any script, for a slow connection.
      expect(await page.locator('script').count()).toBe(0);

      // The building site, followed without JavaScript: the same page, the photo opened full size.
      const id = e2e.query<{ id: number }>(
        'select id from project_submissions where project_title = ?',
        title,
      )[0]!.id;
      await buildSite(id);
      await page.reload();
      await expectSite(page, tracking.split('/').pop()!);

      const reference = e2e.query<{ reference: string }>(
        'select reference from project_submissions where project_title = ?',
        title,
      )[0]!.reference;
      await page.goto(e2e.url(paths.tracking));
      await page.getByLabel('Référence de la demande').fill(reference.toLowerCase());
      await page.getByLabel('Adresse e-mail de la demande').fill('awa.suivi@example.bj');
      await page.getByRole('button', { name: 'Recevoir le lien par e-mail' }).click();
      await page
        .getByText("Si cette référence existe, un lien de suivi vient d'être envoyé à cette adresse.")
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(paths.tracking);
      // The mail is queued just after the answer; the link held keeps working until the
      // new one is opened, then stops.
      const mailed = () =>
        e2e.query<{ secret: string | null; recipients: string }>(
          'select secret, recipients from outbox where subject = ?',
          `Votre lien de suivi pour la demande ${reference}`,
        );
      await expect.poll(() => mailed().length).toBe(1);
      // The stored mail holds no link: it is sealed apart until sent (mail-secret.ts).
      const [row] = mailed();
      const sealed = row?.secret ? openLink(TEST_JWT_SECRET, row.secret, row.recipients) : null;
      const fresh = /\/suivi\/[A-Za-z0-9_-]{32}/.exec(sealed ?? '')?.[0] ?? '';
      expect(fresh).not.toBe(tracking);
      expect((await page.goto(e2e.url(tracking)))?.status()).toBe(200);
      expect((await page.goto(e2e.url(fresh)))?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Suivi de votre demande', level: 1 }).waitFor();
      const gone = await page.goto(e2e.url(tracking));
      expect(gone?.status()).toBe(404);
      await page.getByRole('heading', { name: NOT_FOUND }).waitFor();
    } finally {
      await client.close();
    }
  });

  test('at 360x740 the page reads as a conversation: the site first, then the history, then a reply on WhatsApp with the reference and the link', async () => {
    const title = uniqueTitle('Maison conversation');
    const form = new FormData();
    const fields = {
      firstName: 'Awa',
      lastName: 'Conversation',
      email: 'awa.suivi@example.bj',
      phone: '+33 6 12 34 56 78',
      projectTitle: title,
      projectType: 'Construction résidentielle',
      location: 'Abomey-Calavi',
      budget: '25M - 50M FCFA',
      description: 'Une maison suivie depuis Paris.',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const sent = await fetch(e2e.url('/api/submit-project'), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: form,
    });
    expect(sent.status).toBe(201);
    const answer = (await sent.json()) as { reference: string; tracking_url: string; data: { id: number } };
    await buildSite(answer.data.id);

    // The page has no script: the same with JavaScript off.
    for (const javaScriptEnabled of [true, false]) {
      const client = await e2e.openPage({ javaScriptEnabled });
      try {
        const { page } = client;
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto(e2e.url(new URL(answer.tracking_url).pathname));
        const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y;
        const site = await top(page.getByRole('region', { name: 'Suivi de chantier' }));
        const history = await top(page.getByRole('region', { name: 'Historique et messages' }));
        const message = await top(page.getByText('Votre projet est approuvé, le chantier commence.'));
        const reply = page.getByRole('link', { name: 'Répondre sur WhatsApp' });
        const replyTop = await top(reply);
        // Measured: the building site's news, then the history with the team's message, then the reply.
        expect(site).toBeLessThan(history);
        expect(history).toBeLessThan(message);
        expect(message).toBeLessThan(replyTop);
        // The site's phase is within the first screen, under the request's facts.
        expect(site).toBeLessThan(740);
        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

        const href = new URL((await reply.getAttribute('href'))!);
        expect(href.host).toBe('wa.me');
        expect(href.searchParams.get('text')).toBe(
          `Bonjour, ici Awa. Je vous écris au sujet de ma demande ${answer.reference} (page de suivi : ${answer.tracking_url}).`,
        );
        // 'Suivre ma demande' in the footer, as on every public page.
        await expect(
          page.locator('footer').getByRole('link', { name: 'Suivre ma demande' }).getAttribute('href'),
        ).resolves.toBe(paths.tracking);
        expect(client.pageErrors).toEqual([]);
      } finally {
        await client.close();
      }
    }
  });
});
