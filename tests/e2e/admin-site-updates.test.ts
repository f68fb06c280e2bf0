import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { siteUpdateMessages } from '#shared/schemas/site-update';
import { e2eHarness } from '../helpers/e2e-harness';
import { apiLogin, expectToast, openFromSidebar, unexpectedErrors } from './admin-helpers';
import { jpegFile } from './admin-images';

// 'Chantiers' in the back office (docs/product-rules.md, "Site updates"), driven in Chromium
// against the built server: a staff member opens an approved request's site, posts an update
// with two photos and publishes it; checked on the screen, in the database, on disk (private
// WebP variants) and in the outbox (the client's mail).

const e2e = e2eHarness({ env: { LOGIN_MAX_ATTEMPTS: '50' } });

interface SubmissionRow {
  id: number;
  project_title: string;
  reference: string | null;
  email: string;
}

describe('Chantiers', () => {
  test('posts and publishes an update with two photos from the Chantiers screen', async () => {
    const site = e2e.query<SubmissionRow>(
      "select id, project_title, reference, email from project_submissions where status = 'approved' order by id limit 1",
    )[0];
    if (!site) throw new Error('la démo doit contenir une demande approuvée');

    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openFromSidebar(page, 'Chantiers', paths.adminSites);
      const table = page.getByRole('table', { name: 'Chantiers' });
      await table.waitFor();
      const row = table.locator('tbody tr', { hasText: site.project_title });
      expect(await row.locator('td').nth(4).textContent()).toBe('Aucune');

      await row.getByRole('link', { name: 'Publier une mise à jour' }).click();
      await page.waitForURL(e2e.url(paths.adminSiteUpdateNew(site.id)));
      // A refused form says what is wrong beside each field, in French.
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText(siteUpdateMessages.phaseRequired).waitFor();
      expect(await page.getByText(siteUpdateMessages.progressInvalid).count()).toBe(1);

      await page.getByLabel('Date').fill('2026-11-24');
      await page.getByLabel('Phase').selectOption({ label: 'Toiture' });
      await page.getByLabel('Avancement (%)').fill('60');
      await page.getByLabel('Texte').fill('La charpente est posée, les tôles arrivent lundi.');
      // A phone photo over the 2 MB limit is reduced in the browser before it is sent.
      const large = await jpegFile('grande.jpg', { width: 1800, height: 1350, noisy: true });
      expect(large.buffer.length).toBeGreaterThan(2 * 1024 * 1024);
      await page
        .locator('input[type="file"]')
        .setInputFiles([await jpegFile('charpente.jpg', { width: 1200, height: 900 }), large]);
      const previews = page.getByRole('img', { name: /^Aperçu de / });
      // Random pixels do not compress: the worker encodes this one several times before it fits.
      await expect.poll(() => previews.count(), { timeout: 60_000 }).toBe(2);
      expect(await page.getByText('Photos (2 sur 10 au maximum)').count()).toBe(1);
      const shrunk = await page.getByText(/^grande\.(webp|jpg) \(/).textContent();
      expect(shrunk).toMatch(/^grande\.(webp|jpg) \((\d+ Ko|1(,\d+)? Mo|2 Mo)\)$/);
      await page.getByLabel(/^Publier/).check();
      await page.getByRole('button', { name: 'Enregistrer' }).click();

      await expectToast(page, siteUpdateMessages.created);
      await page.waitForURL(e2e.url(paths.adminSite(site.id)));
      const update = page.locator('.site-admin-update').first();
      expect(await update.locator('h2').textContent()).toBe('24/11/2026 · Toiture Publiée');
      // The stored photos come back through the administrator's token (they are private).
      await expect
        .poll(() =>
          update
            .locator('img.site-thumb')
            .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src.slice(0, 5))),
        )
        .toEqual(['blob:', 'blob:']);

      await openFromSidebar(page, 'Chantiers', paths.adminSites);
      await table.waitFor();
      expect(await row.locator('td').nth(4).textContent()).toBe('24/11/2026 · Toiture Publiée');
      expect(await row.locator('progress').getAttribute('value')).toBe('60');
      expect(unexpectedErrors(observed, 422)).toEqual([]);
    });

    const [stored] = e2e.query<{
      id: number;
      published: number;
      published_at: string | null;
      progress: number;
    }>('select id, published, published_at, progress from site_updates where submission_id = ?', site.id);
    expect(stored).toMatchObject({ published: 1, progress: 60 });
    expect(stored!.published_at).not.toBeNull();
    const photos = e2e.query<{ name: string }>(
      'select name from site_update_photos where update_id = ?',
      stored!.id,
    );
    expect(photos).toHaveLength(2);
    const files = readdirSync(path.join(e2e.storageDir, 'app', 'private', 'sites', String(site.id))).sort();
    expect(files).toEqual(
      photos.flatMap((photo) => [320, 640, 960, 1280].map((w) => `${photo.name}-${w}.webp`)).sort(),
    );
    const mails = e2e.query<{ subject: string }>(
      'select subject from outbox where recipients = ?',
      site.email,
    );
    expect(mails.map((mail) => mail.subject)).toContain(
      `Votre chantier ${site.reference ?? site.project_title} : une nouvelle mise à jour est en ligne`,
    );
  });

  test('reads the sites from the server: the search and the sort live in the address, a reload keeps them', async () => {
    const sites = e2e.query<SubmissionRow>(
      "select id, project_title, reference, email from project_submissions where status = 'approved' and deleted_at is null order by id",
    );
    const site = sites[0]!;
    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await openFromSidebar(page, 'Chantiers', paths.adminSites);
      const main = page.getByRole('main');
      const table = page.getByRole('table', { name: 'Chantiers' });
      await table.waitFor();
      await main.getByText(new RegExp(`^1 à ${sites.length} sur ${sites.length}$`)).waitFor();

      await page.getByLabel('Rechercher un chantier').fill(site.project_title);
      await page.waitForURL(/[?&]search=/);
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
      expect(await table.locator('tbody tr').innerText()).toContain(site.project_title);
      await page.getByLabel('Rechercher un chantier').fill('');
      await expect.poll(() => table.locator('tbody tr').count()).toBe(sites.length);

      await main.getByRole('button', { name: 'Client' }).click();
      await page.waitForURL(/[?&]sort=client\b/);
      await main.getByRole('button', { name: 'Client' }).click();
      await page.waitForURL(/[?&]sort=-client\b/);
      await page.reload();
      await table.waitFor();
      expect(await main.getByRole('columnheader', { name: 'Client' }).getAttribute('aria-sort')).toBe(
        'descending',
      );
      expect(unexpectedErrors(observed, 422)).toEqual([]);
    });
  });

  test('edits an update (one photo removed, one added) and moves it to the trash', async () => {
    const site = e2e.query<SubmissionRow>(
      "select id, project_title, reference, email from project_submissions where status = 'approved' order by id desc limit 1",
    )[0]!;
    // A draft with two photos, posted through the API as the form would.
    const body = new FormData();
    body.append('date', '2026-11-10');
    body.append('phase', 'elevation');
    body.append('progress', '40');
    body.append('text', 'Les murs du rez-de-chaussée sont montés.');
    for (const name of ['mur-1.jpg', 'mur-2.jpg']) {
      const file = await jpegFile(name);
      body.append('photos[]', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), name);
    }
    const token = await apiLogin(e2e.url(''));
    const created = await fetch(e2e.url(`/api/admin/project-submissions/${site.id}/updates`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      body,
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; photos: { name: string }[] } };
    const dir = path.join(e2e.storageDir, 'app', 'private', 'sites', String(site.id));
    const [first, second] = data.photos;

    await e2e.withSignedInPage(async (observed) => {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminSiteUpdateEdit(site.id, data.id)));
      await page.getByLabel('Avancement (%)').waitFor();
      expect(await page.getByLabel('Avancement (%)').inputValue()).toBe('40');
      await page.getByLabel('Retirer la photo 1').check();
      await page
        .locator('input[type="file"]')
        .setInputFiles([await jpegFile('mur-3.jpg', { colour: '#777777' })]);
      await page.getByLabel('Avancement (%)').fill('48');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expectToast(page, siteUpdateMessages.updated);
      await page.waitForURL(e2e.url(paths.adminSite(site.id)));

      const photos = e2e.query<{ name: string }>(
        'select name from site_update_photos where update_id = ? order by position',
        data.id,
      );
      expect(photos).toHaveLength(2);
      expect(photos[0]!.name).toBe(second!.name);
      expect(existsSync(path.join(dir, `${first!.name}-320.webp`))).toBe(false);
      expect(
        e2e.query<{ progress: number }>('select progress from site_updates where id = ?', data.id)[0],
      ).toEqual({
        progress: 48,
      });

      const photoFiles = () =>
        readdirSync(dir)
          .filter((file) => photos.some((photo) => file.startsWith(photo.name)))
          .sort();
      const before = photoFiles();
      expect(before.length).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Supprimer la mise à jour du 10/11/2026' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Suppression réussie', siteUpdateMessages.deleted);
      await expect
        .poll(() => page.locator('.site-admin-update h2', { hasText: '10/11/2026' }).count())
        .toBe(0);
      // In the trash (docs/product-rules.md, "Trash"): marked, off the screen, its private
      // photos kept until it is purged.
      expect(
        e2e.query<{ deleted_at: string | null }>(
          'select deleted_at from site_updates where id = ?',
          data.id,
        )[0]?.deleted_at,
      ).toBeTruthy();
      expect(photoFiles()).toEqual(before);
      expect(unexpectedErrors(observed)).toEqual([]);
    });
  });
});
