import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';

/**
 * The project request form with JavaScript sends each attachment as a resumable upload
 * (docs/product-rules.md, "Resumable uploads"): the link drops mid-file, the page says so,
 * and the file goes on from where it stopped once the link is back, arriving once, whole.
 */

const e2e = e2eHarness({ env: { SUBMISSION_RATE_LIMIT: '1000' } });
let filesDir: string;

beforeAll(() => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'edifier-tus-files-'));
});
afterAll(() => {
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

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

describe('resumable attachments on the submit page', () => {
  test('a link dropped mid-file says so, resumes, and the request arrives with the file once, whole', async () => {
    const observed = await e2e.openPage();
    try {
      const { page, context } = observed;
      await page.goto(e2e.url(paths.submitProject), { waitUntil: 'networkidle' });
      await page.waitForSelector('[data-island="submit-project-form"][data-hydrated="true"]', {
        timeout: 15_000,
      });
      const title = `Villa reprise ${Date.now()}`;
      await fillRequired(page, title);
      const plan = Buffer.concat([
        Buffer.from('%PDF-1.4\n'),
        Buffer.alloc(3_500_000, 0x20),
        Buffer.from('\n%%EOF\n'),
      ]);
      const file = path.join(filesDir, 'Plan coupé.pdf');
      writeFileSync(file, plan);
      await page.getByLabel(/^Pièces jointes/).setInputFiles(file);

      // About 500 KB/s up: the file (1 MiB per request) takes about seven seconds.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 500 * 1024,
      });
      await page.locator('form.submit-form button[type="submit"]').click();
      await page.waitForFunction(
        () => {
          const bar = document.querySelector('progress');
          return bar !== null && bar.value > 5 && bar.value < 60;
        },
        undefined,
        { timeout: 20_000 },
      );

      // The throttling session's conditions would win over the context's: both go offline.
      await context.setOffline(true);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: true,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page.getByText('Connexion perdue, reprise automatique…').waitFor({ timeout: 15_000 });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await context.setOffline(false);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      await page.getByRole('region', { name: 'Projet soumis avec succès !' }).waitFor({ timeout: 60_000 });
      const rows = e2e.query<{ id: number }>(
        'select id from project_submissions where project_title = ?',
        title,
      );
      expect(rows).toHaveLength(1);
      const id = rows[0]!.id;
      const attachments = e2e.query<{ original_name: string; stored_name: string; size: number }>(
        'select original_name, stored_name, size from submission_attachments where submission_id = ?',
        id,
      );
      expect(attachments.map((row) => [row.original_name, Number(row.size)])).toEqual([
        ['Plan coupé.pdf', plan.length],
      ]);
      const stored = readFileSync(
        path.join(e2e.storageDir, 'app', 'private', 'submissions', String(id), attachments[0]!.stored_name),
      );
      expect(stored.equals(plan)).toBe(true);
      expect(observed.requestedUrls.filter((url) => url.endsWith('/api/submit-project'))).toHaveLength(1);
    } finally {
      await observed.close();
    }
  });
});
