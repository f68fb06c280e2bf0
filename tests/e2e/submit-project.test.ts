import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { holdScripts, type ObservedPage } from '../helpers/browser';
import { e2eHarness } from '../helpers/e2e-harness';
import { cameraImage } from '../helpers/camera-photo';
import { png } from '../helpers/images';

/**
 * The public submit page in a real Chromium against the built server (product rules, Public site;
 * product rules, Pages and routes, States, Validation and Messages and errors). Every submission is looked up in the server's own
 * database and storage. Messages are written out here: a typo in the app must fail.
 */

const MB10 = 10_485_760;
const MESSAGES = {
  submitted: 'Projet soumis avec succès !',
  submittedDetail: 'Nous avons bien reçu votre demande. Notre équipe vous contactera sous 48h.',
  tooLarge: 'Fichiers trop volumineux. Réduisez la taille de vos fichiers.',
  invalid: 'Données invalides. Vérifiez vos informations.',
  network: 'Erreur de connexion. Vérifiez votre connexion internet et réessayez.',
  fileTooLarge: (name: string) => `Le fichier "${name}" dépasse la limite de 10MB.`,
  totalTooLarge: 'La taille totale des fichiers dépasse la limite de 25MB.',
  mismatch: (name: string) => `Le contenu du fichier "${name}" ne correspond pas à son extension.`,
};

// Every test submits from 127.0.0.1: the per-client limit (5 an hour) is raised.
const e2e = e2eHarness({ env: { SUBMISSION_RATE_LIMIT: '1000' } });
/** Large files go to the browser by path: sending megabytes through the protocol is slow. */
let filesDir: string;

beforeAll(() => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'edifier-submit-files-'));
});

afterAll(() => {
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

function fileOnDisk(name: string, content: Buffer): string {
  const file = path.join(filesDir, name);
  writeFileSync(file, content);
  return file;
}

/** A real PDF head and tail around `size` bytes of filler. */
function pdf(size = 600): Buffer {
  const head = Buffer.from('%PDF-1.4\n% test\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

const asFile = (name: string, buffer: Buffer, mimeType = 'application/octet-stream') => ({
  name,
  mimeType,
  buffer,
});

/** Each run's own title, to find its row among the seeded submissions. */
let runs = 0;
const uniqueTitle = (label: string) => `${label} ${Date.now()}-${(runs += 1)}`;

/**
 * Runs a test on the submit page in a fresh context (closed afterwards, whatever happens).
 * With JavaScript, once the form island is hydrated.
 */
async function withForm(
  run: (opened: { page: Page; observed: ObservedPage }) => Promise<void>,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<void> {
  const observed = await e2e.openPage(options);
  try {
    const { page } = observed;
    if (options.javaScriptEnabled === false) {
      await page.goto(e2e.url(paths.submitProject));
    } else {
      await page.goto(e2e.url(paths.submitProject), { waitUntil: 'networkidle' });
      await page.waitForSelector('[data-island="submit-project-form"][data-hydrated="true"]', {
        timeout: 15_000,
      });
    }
    await run({ page, observed });
  } finally {
    await observed.close();
  }
}

/**
 * A control by its label's text; required labels end with a star that is hidden from
 * assistive technologies (the `required` attribute says it to them).
 */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

async function fillRequired(page: Page, title: string): Promise<void> {
  await field(page, 'Prénom').fill('Awa');
  await field(page, 'Nom').fill('Houénou');
  await field(page, 'Email').fill('awa.houenou@example.bj');
  await field(page, 'Téléphone').fill('+229 01 97 12 34 56');
  await field(page, 'Titre du projet').fill(title);
  await field(page, 'Type de projet').selectOption('Construction résidentielle');
  await field(page, 'Budget estimé').selectOption('25M - 50M FCFA');
  await field(page, 'Localisation').fill('Cotonou, Fidjrossè');
  await field(page, 'Description détaillée').fill('Une villa de quatre chambres, avec un suivi de chantier.');
}

const attachments = (page: Page) => page.getByLabel(/^Pièces jointes/);
const sendButton = (page: Page) => page.locator('form.submit-form button[type="submit"]');
const listedFiles = (page: Page) =>
  page.getByRole('list', { name: 'Fichiers sélectionnés' }).locator('.file-name').allTextContents();

function submissionRows(title: string) {
  return e2e.query<{
    id: number;
    reference: string;
    first_name: string;
    email: string;
    project_type: string;
    budget: string;
  }>(
    'select id, reference, first_name, email, project_type, budget from project_submissions where project_title = ?',
    title,
  );
}

/** The one row of a project sent with `fillRequired`'s answers. */
function expectOneSubmissionFilledIn(title: string) {
  const rows = submissionRows(title);
  expect(rows).toEqual([
    {
      id: expect.any(Number),
      reference: expect.stringMatching(/^EDF-\d{4}-\d{5}$/),
      first_name: 'Awa',
      email: 'awa.houenou@example.bj',
      project_type: 'Construction résidentielle',
      budget: '25M - 50M FCFA',
    },
  ]);
  return rows[0]!;
}

function attachmentRows(submissionId: number) {
  return e2e.query<{ original_name: string; stored_name: string; mime_type: string; size: number }>(
    'select original_name, stored_name, mime_type, size from submission_attachments where submission_id = ? order by id',
    submissionId,
  );
}

/** Requests the page made to the submission API. */
const apiPosts = (observed: ObservedPage) =>
  observed.requestedUrls.filter((url) => url.endsWith('/api/submit-project'));

/** A refused XHR makes Chromium log "Failed to load resource"; nothing else may appear. */
const unexpectedConsoleErrors = (observed: ObservedPage) =>
  observed.consoleErrors.filter((text) => !text.startsWith('Failed to load resource'));

describe('submit project page', () => {
  test('rotates the six most recent project images, and its only scripts are the carousel and the form islands', async () => {
    await withForm(async ({ page, observed }) => {
      const titles = e2e
        .query<{ title: string }>(
          'select title from projects where main_image is not null order by date desc, id desc limit 6',
        )
        .map((row) => row.title);
      expect(titles).toHaveLength(6);
      const names = await page
        .locator('.carousel-slide')
        .evaluateAll((slides) => slides.map((slide) => slide.getAttribute('aria-label')));
      expect([...names].sort()).toEqual([...titles].sort());
      // Served from the responsive WebP variants, never the full-size upload alone.
      const first = page.locator('.carousel-slide img').first();
      expect(await first.getAttribute('srcset')).toMatch(/-640\.webp 640w/);
      expect(await first.getAttribute('sizes')).toBe('100vw');
      const islands = await page
        .locator('[data-island]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-island')));
      expect(islands.sort()).toEqual(['hero-carousel', 'submit-project-form']);
      expect(await page.title()).toContain('Soumettre un projet');
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });

  test('sending an empty form shows the French message of each required field, focuses Prénom and sends nothing', async () => {
    await withForm(async ({ page, observed }) => {
      await sendButton(page).click();
      // The check runs once the shared schema's chunk has arrived (fetched on first focus).
      await expect.poll(() => field(page, 'Prénom').getAttribute('aria-invalid')).toBe('true');
      for (const [label, message] of [
        ['Prénom', 'Le prénom est requis'],
        ['Nom', 'Le nom est requis'],
        ['Email', "L'email est requis"],
        ['Téléphone', 'Le téléphone est requis'],
        ['Titre du projet', 'Le titre du projet est requis'],
        ['Type de projet', 'Le type de projet est requis'],
        ['Budget estimé', 'Le budget est requis'],
        ['Localisation', 'La localisation est requise'],
        ['Description détaillée', 'La description est requise'],
      ] as const) {
        const control = field(page, label);
        await expect(control.getAttribute('aria-invalid')).resolves.toBe('true');
        // The message is part of the field's description (with its hint, if any): read with it.
        const describedBy = ((await control.getAttribute('aria-describedby')) ?? '').split(' ');
        const descriptions = await Promise.all(
          describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
        );
        expect(descriptions).toContain(message);
      }
      await expect(
        page.getByLabel('Entreprise (facultatif)').getAttribute('aria-invalid'),
      ).resolves.toBeNull();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe('projet-firstName');
      // A message goes as soon as its field is right.
      await field(page, 'Prénom').fill('Awa');
      await expect(page.getByText('Le prénom est requis').count()).resolves.toBe(0);
      expect(apiPosts(observed)).toEqual([]);
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });

  test('a project sent with a PDF and a PNG picked in two goes (a third file removed) is stored with both files, then the toast and a confirmation with its reference replace the form', async () => {
    await withForm(async ({ page, observed }) => {
      const title = uniqueTitle('Villa avec plans');
      await fillRequired(page, title);
      await page.getByLabel('Entreprise (facultatif)').fill('Houénou Conseil');
      const plan = pdf(1200);
      const photo = await png({ width: 40, height: 30 });
      await attachments(page).setInputFiles([
        asFile('Plan façade.pdf', plan, 'application/pdf'),
        asFile('en-trop.pdf', pdf()),
      ]);
      await attachments(page).setInputFiles([asFile('terrain.png', photo, 'image/png')]);
      expect(await listedFiles(page)).toEqual(['Plan façade.pdf', 'en-trop.pdf', 'terrain.png']);
      // What was typed stays while files are added.
      await expect(field(page, 'Prénom').inputValue()).resolves.toBe('Awa');

      await page.getByRole('button', { name: 'Retirer en-trop.pdf' }).click();
      expect(await listedFiles(page)).toEqual(['Plan façade.pdf', 'terrain.png']);

      await sendButton(page).click();
      const confirmation = page.getByRole('region', { name: MESSAGES.submitted });
      await confirmation.waitFor({ timeout: 15_000 });
      await page.locator('.toast', { hasText: MESSAGES.submittedDetail }).waitFor();

      const submission = expectOneSubmissionFilledIn(title);
      const stored = attachmentRows(submission.id);
      expect(stored.map((row) => [row.original_name, row.mime_type, Number(row.size)])).toEqual([
        ['Plan façade.pdf', 'application/pdf', plan.length],
        ['terrain.png', 'image/png', photo.length],
      ]);
      for (const row of stored) {
        const file = path.join(
          e2e.storageDir,
          'app',
          'private',
          'submissions',
          String(submission.id),
          row.stored_name,
        );
        expect(existsSync(file), file).toBe(true);
        expect(statSync(file).size).toBe(Number(row.size));
      }

      // The confirmation: the reference stored, what was sent, the promise, WhatsApp with the reference.
      const reference = submission.reference;
      const text = await confirmation.innerText();
      for (const value of [
        `Votre référence : ${reference}`,
        MESSAGES.submittedDetail,
        title,
        'awa.houenou@example.bj',
        'Construction résidentielle',
        '25M - 50M FCFA',
        'Plan façade.pdf (1 Ko)',
        'terrain.png',
      ])
        expect(text).toContain(value);
      expect(text).not.toContain('en-trop.pdf');
      // The focus moved to the confirmation's heading: a screen reader announces it.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('confirmation-title');
      const chat = await confirmation.getByRole('link', { name: 'Écrire sur WhatsApp' }).getAttribute('href');
      expect(decodeURIComponent(chat!)).toContain(`ma demande ${reference}`);
      await expect(sendButton(page).count()).resolves.toBe(0);

      // Another request: the form comes back empty, no file listed, the button back.
      await confirmation.getByRole('button', { name: 'Envoyer une autre demande' }).click();
      await expect(field(page, 'Prénom').inputValue()).resolves.toBe('');
      await expect(field(page, 'Titre du projet').inputValue()).resolves.toBe('');
      await expect(field(page, 'Type de projet').inputValue()).resolves.toBe('');
      await expect(page.getByRole('list', { name: 'Fichiers sélectionnés' }).count()).resolves.toBe(0);
      await expect(sendButton(page).textContent()).resolves.toBe('Soumettre le projet');
      expect(apiPosts(observed)).toHaveLength(1);
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });

  test.each([
    { width: 360, height: 740 },
    { width: 1366, height: 768 },
  ])(
    'the toast never covers the confirmation’s reference nor its tracking link ($width×$height)',
    async (viewport) => {
      await withForm(async ({ page }) => {
        await page.setViewportSize(viewport);
        await fillRequired(page, uniqueTitle('Toast et référence'));
        await sendButton(page).click();
        await page.getByRole('region', { name: MESSAGES.submitted }).waitFor({ timeout: 15_000 });
        const toast = page.locator('.toast', { hasText: MESSAGES.submittedDetail });
        await toast.waitFor();
        // Once the toast has come in and the confirmation is scrolled to.
        await page.waitForTimeout(500);
        const boxes = await page.evaluate(() => {
          const box = (selector: string) => {
            const r = document.querySelector(selector)!.getBoundingClientRect();
            return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
          };
          return {
            toast: box('.toast'),
            reference: box('.confirmation-reference'),
            link: box('.confirmation-tracking a'),
          };
        });
        type Box = (typeof boxes)['toast'];
        const meet = (a: Box, b: Box) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(meet(boxes.toast, boxes.reference), JSON.stringify(boxes)).toBe(false);
        expect(meet(boxes.toast, boxes.link), JSON.stringify(boxes)).toBe(false);
      });
    },
  );

  test('a 4000 x 3000 camera JPEG leaves the browser shrunk in a worker (at most 2,560 px, 1.2 MB, still JPEG); a PDF beside it arrives byte for byte', async () => {
    const camera = await (await cameraImage()).jpeg({ quality: 95 }).toBuffer();
    expect(camera.length).toBeGreaterThan(3 * 1024 * 1024);
    const plan = pdf(300_000);
    await withForm(async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      const title = uniqueTitle('Terrain photographié');
      await fillRequired(page, title);
      // Nothing of the shrinking before a photo is sent.
      expect(scripts.some((name) => name.includes('shrink-photo'))).toBe(false);
      await attachments(page).setInputFiles([
        asFile('terrain.jpg', camera, 'image/jpeg'),
        asFile('Plan.pdf', plan, 'application/pdf'),
      ]);
      await sendButton(page).click();
      await page.getByRole('region', { name: MESSAGES.submitted }).waitFor({ timeout: 60_000 });
      expect(workers.some((url) => url.includes('shrink-photo.worker'))).toBe(true);

      const submission = expectOneSubmissionFilledIn(title);
      const stored = attachmentRows(submission.id);
      const fileOf = (row: { stored_name: string }) =>
        path.join(e2e.storageDir, 'app', 'private', 'submissions', String(submission.id), row.stored_name);
      const [photo, sentPlan] = stored;
      expect(photo!.mime_type).toBe('image/jpeg');
      expect(photo!.original_name).toMatch(/\.jpg$/);
      const { width, height, format } = await sharp(fileOf(photo!)).metadata();
      expect(format).toBe('jpeg');
      expect(Math.max(width!, height!)).toBeLessThanOrEqual(2560);
      expect(Math.max(width!, height!)).toBeGreaterThan(1000);
      expect(statSync(fileOf(photo!)).size).toBeLessThanOrEqual(1_200_000);
      expect(sentPlan!.mime_type).toBe('application/pdf');
      expect(readFileSync(fileOf(sentPlan!)).equals(plan)).toBe(true);
    });
  });

  test('what is typed, chosen and picked before the form’s script runs (a slow phone) is all sent once it runs', async () => {
    const observed = await e2e.openPage();
    try {
      const { page } = observed;
      const scripts = await holdScripts(page);
      await page.goto(e2e.url(paths.submitProject), { waitUntil: 'commit' });
      const title = uniqueTitle('Villa tapée tôt');
      await fillRequired(page, title);
      const plan = pdf(900);
      await attachments(page).setInputFiles([asFile('Plan tôt.pdf', plan, 'application/pdf')]);
      expect(await page.locator('[data-island="submit-project-form"][data-hydrated="true"]').count()).toBe(0);
      scripts.release();
      await page.waitForSelector('[data-island="submit-project-form"][data-hydrated="true"]', {
        timeout: 15_000,
      });
      // The island lists the file picked before it ran, and keeps every field.
      expect(await listedFiles(page)).toEqual(['Plan tôt.pdf']);
      await page.getByLabel('Entreprise (facultatif)').fill('Houénou Conseil');
      expect(await field(page, 'Prénom').inputValue()).toBe('Awa');
      expect(await field(page, 'Budget estimé').inputValue()).toBe('25M - 50M FCFA');

      await sendButton(page).click();
      await page.getByRole('region', { name: MESSAGES.submitted }).waitFor({ timeout: 15_000 });
      const submission = expectOneSubmissionFilledIn(title);
      const stored = attachmentRows(submission.id);
      expect(stored.map((row) => [row.original_name, Number(row.size)])).toEqual([
        ['Plan tôt.pdf', plan.length],
      ]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('on a slow connection the progress bar shows the upload between 0 and 100 % and the button cannot send twice', async () => {
    await withForm(async ({ page, observed }) => {
      const title = uniqueTitle('Entrepôt lent');
      await fillRequired(page, title);
      await attachments(page).setInputFiles(fileOnDisk('plans-complets.pdf', pdf(1_500_000)));

      const cdp = await observed.context.newCDPSession(page);
      await cdp.send('Network.enable');
      // About 300 KB/s up: 1.5 MB takes several seconds.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 300 * 1024,
      });

      await sendButton(page).click();
      const progress = page.locator('progress');
      await progress.waitFor({ state: 'visible', timeout: 5_000 });
      await page.waitForFunction(
        () => {
          const bar = document.querySelector('progress');
          return bar !== null && bar.value > 0 && bar.value < 100;
        },
        undefined,
        { timeout: 10_000 },
      );
      const value = await progress.evaluate((bar) => (bar as HTMLProgressElement).value);
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(100);
      await expect(progress.getAttribute('max')).resolves.toBe('100');
      await expect(page.getByLabel('Envoi des fichiers').count()).resolves.toBe(1);
      await expect(sendButton(page).textContent()).resolves.toBe('Envoi en cours...');
      await expect(sendButton(page).isDisabled()).resolves.toBe(true);
      // Enter in a field would submit the form again: still one request.
      await field(page, 'Localisation').press('Enter');

      await page.getByRole('region', { name: MESSAGES.submitted }).waitFor({ timeout: 30_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      expect(apiPosts(observed)).toHaveLength(1);
      expect(submissionRows(title)).toHaveLength(1);
      await expect(progress.count()).resolves.toBe(0);
      expect(observed.consoleErrors).toEqual([]);
    });
  });

  test('a file of 10 MB + 1 byte is refused with the product rules message when picked, and never sent', async () => {
    await withForm(async ({ page, observed }) => {
      await attachments(page).setInputFiles(fileOnDisk('plan-geant.pdf', pdf(MB10 + 1)));
      await page.getByText(MESSAGES.fileTooLarge('plan-geant.pdf')).waitFor();
      await expect(page.getByRole('list', { name: 'Fichiers sélectionnés' }).count()).resolves.toBe(0);
      await expect(attachments(page).getAttribute('aria-invalid')).resolves.toBe('true');

      // Sending the form afterwards sends it without that file.
      const title = uniqueTitle('Sans le géant');
      await fillRequired(page, title);
      await sendButton(page).click();
      await page.getByRole('region', { name: MESSAGES.submitted }).waitFor({ timeout: 15_000 });
      const rows = submissionRows(title);
      expect(rows).toHaveLength(1);
      expect(attachmentRows(rows[0]!.id)).toEqual([]);
      expect(observed.consoleErrors).toEqual([]);
    });
  });

  test('files beyond 25 MB in all are refused with the total message; the ones within stay listed', async () => {
    await withForm(async ({ page, observed }) => {
      const nineMb = pdf(9 * 1_048_576);
      await attachments(page).setInputFiles([fileOnDisk('a.pdf', nineMb), fileOnDisk('b.pdf', nineMb)]);
      await attachments(page).setInputFiles(fileOnDisk('c.pdf', nineMb));
      await page.getByText(MESSAGES.totalTooLarge).waitFor();
      expect(await listedFiles(page)).toEqual(['a.pdf', 'b.pdf']);
      await expect(page.getByText('9 Mo', { exact: true }).count()).resolves.toBe(2);
      expect(apiPosts(observed)).toEqual([]);
    });
  });

  test('a file whose content is not its extension comes back 422: the product rules message, the reason beside the files, nothing typed lost', async () => {
    await withForm(async ({ page, observed }) => {
      const title = uniqueTitle('Faux PDF');
      await fillRequired(page, title);
      await attachments(page).setInputFiles([asFile('faux.pdf', await png({ width: 8, height: 8 }))]);
      await sendButton(page).click();
      await page.getByText(MESSAGES.invalid).waitFor({ timeout: 15_000 });
      await page.getByText(MESSAGES.mismatch('faux.pdf')).waitFor();
      await expect(field(page, 'Titre du projet').inputValue()).resolves.toBe(title);
      expect(await listedFiles(page)).toEqual(['faux.pdf']);
      expect(submissionRows(title)).toEqual([]);
      expect(unexpectedConsoleErrors(observed)).toEqual([]);
    });
  });

  test('a 413 answer and a network failure show the product rules messages and keep what was typed', async () => {
    await withForm(async ({ page, observed }) => {
      const title = uniqueTitle('Réseau coupé');
      await fillRequired(page, title);
      await attachments(page).setInputFiles([asFile('plan.pdf', pdf())]);

      await page.route('**/api/submit-project', (route) =>
        route.fulfill({
          status: 413,
          contentType: 'application/json',
          body: JSON.stringify({ message: MESSAGES.totalTooLarge }),
        }),
      );
      await sendButton(page).click();
      await page.getByText(MESSAGES.tooLarge).waitFor({ timeout: 10_000 });
      await expect(field(page, 'Prénom').inputValue()).resolves.toBe('Awa');
      expect(await listedFiles(page)).toEqual(['plan.pdf']);

      await page.unroute('**/api/submit-project');
      await page.route('**/api/submit-project', (route) => route.abort('internetdisconnected'));
      await sendButton(page).click();
      await page.getByText(MESSAGES.network).waitFor({ timeout: 10_000 });
      // A new attempt replaces the old error.
      await expect(page.getByText(MESSAGES.tooLarge).count()).resolves.toBe(0);
      await expect(field(page, 'Titre du projet').inputValue()).resolves.toBe(title);
      await expect(sendButton(page).isEnabled()).resolves.toBe(true);
      expect(submissionRows(title)).toEqual([]);
      expect(unexpectedConsoleErrors(observed)).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    });
  });
});

describe('submit project page without JavaScript', () => {
  test('the form posts itself with its file, and the page it comes back to says it was received', async () => {
    await withForm(
      async ({ page, observed }) => {
        const title = uniqueTitle('Sans JavaScript');
        await fillRequired(page, title);
        await attachments(page).setInputFiles([asFile('plan.pdf', pdf(800), 'application/pdf')]);
        const [answer] = await Promise.all([
          page.waitForResponse((response) => new URL(response.url()).searchParams.has('recu')),
          page.waitForURL(/envoi=ok/),
          sendButton(page).click(),
        ]);
        expect(new URL(page.url()).pathname).toBe(paths.submitProject);
        // One visitor's page: never cached, never kept, no referrer.
        expect(answer.headers()['cache-control']).toBe('no-store');
        expect(answer.headers()['referrer-policy']).toBe('no-referrer');
        const rows = submissionRows(title);
        expect(rows).toHaveLength(1);
        expect(attachmentRows(rows[0]!.id).map((row) => row.original_name)).toEqual(['plan.pdf']);

        // The form gave way to the confirmation, read from the stored request.
        const confirmation = page.getByRole('region', { name: MESSAGES.submitted });
        const text = await confirmation.innerText();
        for (const value of [
          `Votre référence : ${rows[0]!.reference}`,
          MESSAGES.submittedDetail,
          title,
          'plan.pdf',
        ])
          expect(text).toContain(value);
        await expect(sendButton(page).count()).resolves.toBe(0);

        // The receipt cannot be altered to read another request: the plain notice, and the form.
        const forged = new URL(page.url());
        forged.searchParams.set('recu', forged.searchParams.get('recu')!.replace(/^\d+/, '1'));
        await page.goto(forged.toString());
        await page.getByText(MESSAGES.submittedDetail).waitFor();
        await expect(page.getByText(rows[0]!.reference).count()).resolves.toBe(0);
        await expect(sendButton(page).count()).resolves.toBe(1);

        // Another request: back to an empty form.
        await page.goBack();
        await page.getByRole('link', { name: 'Envoyer une autre demande' }).click();
        await page.waitForURL((url) => url.search === '');
        await expect(sendButton(page).count()).resolves.toBe(1);
        expect(observed.pageErrors).toEqual([]);
      },
      { javaScriptEnabled: false },
    );
  });

  test('a refused post comes back with the product rules message and a link to the field at fault', async () => {
    await withForm(
      async ({ page }) => {
        const title = uniqueTitle('Sans JavaScript refusé');
        await fillRequired(page, title);
        await attachments(page).setInputFiles([asFile('faux.pdf', await png({ width: 8, height: 8 }))]);
        await Promise.all([page.waitForURL(/envoi=erreur/), sendButton(page).click()]);
        await page.getByText(MESSAGES.invalid).waitFor();
        const link = page.getByRole('link', { name: 'Pièces jointes' });
        await expect(link.getAttribute('href')).resolves.toBe('#projet-attachments');
        expect(submissionRows(title)).toEqual([]);
      },
      { javaScriptEnabled: false },
    );
  });

  test('at 360x740, a post refused for a file’s type then for its size comes back each time with every field typed, the reason beside the files, and only the files to choose again', async () => {
    await withForm(
      async ({ page }) => {
        await page.setViewportSize({ width: 360, height: 740 });
        const title = uniqueTitle('Sans JavaScript gardé');
        await fillRequired(page, title);
        const company = page.getByLabel('Entreprise (facultatif)');
        await company.fill('Houénou Conseil');
        const typed = async () =>
          Promise.all(
            [
              'Prénom',
              'Nom',
              'Email',
              'Téléphone',
              'Titre du projet',
              'Type de projet',
              'Budget estimé',
              'Localisation',
              'Description détaillée',
            ]
              .map((label) => field(page, label).inputValue())
              .concat(company.inputValue()),
          );
        const before = await typed();
        const reason = page.locator('#projet-attachments-erreur');

        await attachments(page).setInputFiles([asFile('faux.pdf', await png({ width: 8, height: 8 }))]);
        await Promise.all([page.waitForURL(/statut=422/), sendButton(page).click()]);
        expect(await typed()).toEqual(before);
        await expect(reason.innerText()).resolves.toBe(MESSAGES.mismatch('faux.pdf'));
        await page.getByText('Seuls les fichiers joints sont à choisir de nouveau.').waitFor();
        // The files, and only they, are to be chosen again.
        await expect(
          attachments(page).evaluate((input: HTMLInputElement) => input.files?.length),
        ).resolves.toBe(0);
        // The reason sits beside the files' field, not off to the side.
        const input = (await attachments(page).boundingBox())!;
        const shown = (await reason.boundingBox())!;
        expect(shown.y).toBeGreaterThanOrEqual(input.y + input.height);
        expect(shown.y - (input.y + input.height)).toBeLessThan(40);

        await attachments(page).setInputFiles(fileOnDisk('plan-geant.pdf', pdf(MB10 + 1)));
        await Promise.all([page.waitForURL(/statut=413/), sendButton(page).click()]);
        expect(await typed()).toEqual(before);
        await expect(reason.innerText()).resolves.toBe(MESSAGES.fileTooLarge('plan-geant.pdf'));
        expect(submissionRows(title)).toEqual([]);

        // Files chosen again, the same fields go through.
        await attachments(page).setInputFiles([asFile('plan.pdf', pdf(800), 'application/pdf')]);
        await Promise.all([page.waitForURL(/envoi=ok/), sendButton(page).click()]);
        const [row] = submissionRows(title);
        expect(attachmentRows(row!.id).map((file) => file.original_name)).toEqual(['plan.pdf']);
      },
      { javaScriptEnabled: false },
    );
  });

  test('a post refused for a field the browser lets through (a phone of letters) comes back with that field’s error beside it, every field kept, only the files to choose again', async () => {
    await withForm(
      async ({ page }) => {
        await page.setViewportSize({ width: 360, height: 740 });
        const title = uniqueTitle('Sans JavaScript téléphone');
        await fillRequired(page, title);
        await field(page, 'Téléphone').fill('appelez-moi');
        await attachments(page).setInputFiles([asFile('plan.pdf', pdf(800), 'application/pdf')]);
        await Promise.all([page.waitForURL(/envoi=erreur/), sendButton(page).click()]);
        const phone = field(page, 'Téléphone');
        await expect(phone.inputValue()).resolves.toBe('appelez-moi');
        await expect(phone.getAttribute('aria-invalid')).resolves.toBe('true');
        const reason = page.locator(`#${(await phone.getAttribute('id')) ?? ''}-erreur`);
        await expect(reason.innerText()).resolves.toBe('Numéro de téléphone invalide');
        const input = (await phone.boundingBox())!;
        const shown = (await reason.boundingBox())!;
        expect(shown.y).toBeGreaterThanOrEqual(input.y + input.height);
        expect(shown.y - (input.y + input.height)).toBeLessThan(40);
        await expect(field(page, 'Titre du projet').inputValue()).resolves.toBe(title);
        await expect(field(page, 'Email').inputValue()).resolves.toBe('awa.houenou@example.bj');
        await expect(field(page, 'Budget estimé').inputValue()).resolves.toBe('25M - 50M FCFA');
        await expect(field(page, 'Description détaillée').inputValue()).resolves.toBe(
          'Une villa de quatre chambres, avec un suivi de chantier.',
        );
        await expect(
          attachments(page).evaluate((input: HTMLInputElement) => input.files?.length),
        ).resolves.toBe(0);
        expect(submissionRows(title)).toEqual([]);
      },
      { javaScriptEnabled: false },
    );
  });
});
