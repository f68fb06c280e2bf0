import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { SYNC_TAG } from '#client/admin/sites/site-update-queue';
import { photoKeys } from '#server/images/private-photo';
import { sitePrefix } from '#server/storage/keys';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { cameraImage } from '../helpers/camera-photo';
import { e2eHarness, TEST_ADMIN } from '../helpers/e2e-harness';
import { expectToast, signIn } from './admin-helpers';
import { jpegFile, type UploadFile } from './admin-images';

// A site update written on a phone without signal (docs/decisions/0046-site-updates-offline.md),
// driven in Chromium against the built server: the form opens and keeps the update while
// offline, a reload keeps both, and the connection's return publishes it once with its
// photo, sent as a resumable upload (docs/decisions/0045-resumable-uploads.md), which a
// connection cut during its upload resumes. A camera-sized photo leaves the browser small,
// made in a worker; and the service worker stays with the back office, never on a public page.

const e2e = e2eHarness({ env: { LOGIN_MAX_ATTEMPTS: '50' } });

interface Site {
  id: number;
  project_title: string;
  first_name: string;
  phone: string;
}

function approvedSite(): Site {
  const site = e2e.query<Site>(
    "select id, project_title, first_name, phone from project_submissions where status = 'approved' and deleted_at is null order by id limit 1",
  )[0];
  if (!site) throw new Error('la démo doit contenir une demande approuvée');
  return site;
}

/** A 4000 x 3000 camera-like JPEG of several MB: fine detail that survives a reduction. */
async function cameraPhoto(name: string): Promise<UploadFile> {
  const buffer = await (await cameraImage()).jpeg({ quality: 95 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The page's service worker registrations, for a failure's message. */
function workerState(page: Page): Promise<string> {
  return page.evaluate(async () =>
    JSON.stringify(
      (await navigator.serviceWorker.getRegistrations()).map((one) => ({
        scope: one.scope,
        installing: one.installing?.state,
        waiting: one.waiting?.state,
        active: one.active?.state,
      })),
    ),
  );
}

/** Waits until the page's service worker registration has an active worker (its install done). */
async function workerActivated(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'aucun',
        ),
      { timeout: 30_000 },
    )
    .toBe('activated');
}

/**
 * Fills the open update form for the roof (`progress`, `text`) with one photo and waits
 * for its preview: the photo is then ready to leave (shrunk in its worker). Answers the
 * preview.
 */
async function fillRoofUpdate(
  page: Page,
  progress: string,
  text: string,
  photo: UploadFile,
): Promise<Locator> {
  await page.getByLabel('Phase').selectOption({ label: 'Toiture' });
  await page.getByLabel('Avancement (%)').fill(progress);
  await page.getByLabel('Texte').fill(text);
  await page.locator('input[type="file"]').setInputFiles(photo);
  const preview = page.getByRole('img', { name: /^Aperçu de / });
  await preview.waitFor({ timeout: 60_000 });
  return preview;
}

/**
 * Opens the site update form with signal and waits until the service worker can serve it
 * without: the worker controls the page (within a tenth of a second here, or as soon as
 * its install ends when the sign-in page began it) and keeps the form's document and the
 * site's updates. (Polled with `page.evaluate`: `waitForFunction` takes no async predicate,
 * a promise being truthy.)
 */
async function openFormKeptOffline(page: Page, siteId: number): Promise<void> {
  await page.goto(e2e.url(paths.adminSiteUpdateNew(siteId)));
  await page.getByLabel('Texte').waitFor();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
      message: 'le service worker contrôle la page',
    })
    .toBe(true)
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}; service workers: ${await workerState(page)}`);
    });
  await expect
    .poll(
      () =>
        page.evaluate(
          async (id) =>
            Boolean(
              (await caches.match(location.href)) &&
              (await caches.match(`/api/admin/project-submissions/${id}/updates`)),
            ),
          siteId,
        ),
      { timeout: 30_000, message: 'la page et les mises à jour du chantier sont gardées' },
    )
    .toBe(true);
}

/**
 * The link drops while a photo's first PATCH is on its way: that request fails and the
 * browser goes offline; the bytes the server kept are asked for when it returns. Answers
 * whether the cut has happened yet.
 */
async function cutFirstPatch(page: Page, context: BrowserContext): Promise<() => boolean> {
  let cut = false;
  await page.route(/\/api\/uploads\//, async (route) => {
    if (!cut && route.request().method() === 'PATCH') {
      cut = true;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    } else await route.continue();
  });
  return () => cut;
}

/** The tus requests the page sends (docs/decisions/0045-resumable-uploads.md): method and path. */
function uploadRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/uploads')) seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

/** The updates the server stored with this text (each test writes its own). */
function updatesWithText(text: string): { id: number }[] {
  return e2e.query<{ id: number }>('select id from site_updates where text = ?', text);
}

/** The stored files of an update's photos (each photo's variants), as the server wrote them. */
function storedPhotos(submissionId: number, updateId: number): string[][] {
  const names = e2e.query<{ name: string }>(
    'select name from site_update_photos where update_id = ?',
    updateId,
  );
  return names.map(({ name }) =>
    photoKeys(sitePrefix(submissionId), name).map((key) => path.join(e2e.storageDir, 'app', key)),
  );
}

/** Every variant is there and decodes to its last pixel. */
async function expectWhole(variants: readonly string[]): Promise<void> {
  expect(variants.length).toBeGreaterThan(0);
  for (const file of variants) {
    expect(existsSync(file)).toBe(true);
    const { info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThan(0);
  }
}

describe('Site updates without signal', () => {
  test('keeps an update written offline through a reload, then publishes it once with its photo', async () => {
    const site = approvedSite();
    const text = `Coulage de la dalle terminé hors connexion ${Date.now()}.`;
    let uploads: string[] = [];
    await e2e.withSignedInPage(async ({ page, context }) => {
      uploads = uploadRequests(page);
      // Opened once with signal: the service worker controls the page and keeps the form's
      // document and the site's data.
      await openFormKeptOffline(page, site.id);

      await context.setOffline(true);
      await page.getByLabel('Phase').selectOption({ label: 'Élévation des murs' });
      await page.getByLabel('Avancement (%)').fill('35');
      await page.getByLabel('Texte').fill(text);
      await page.getByLabel(/^Publier/).check();
      await page
        .locator('input[type="file"]')
        .setInputFiles(await jpegFile('dalle.jpg', { width: 1200, height: 900 }));
      await expect.poll(() => page.getByRole('img', { name: /^Aperçu de / }).count()).toBe(1);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText("En attente d'envoi (1)").waitFor();
      expect(updatesWithText(text)).toHaveLength(0);
      expect(uploads.filter((line) => line.startsWith('PATCH'))).toHaveLength(0);

      // Still offline: the page comes back from the service worker, the queue from IndexedDB.
      await page.reload();
      await page.getByLabel('Texte').waitFor();
      await page.getByText("En attente d'envoi (1)").waitFor();
      expect(await page.getByText(/Élévation des murs · 35 % · 1 photo/).count()).toBe(1);

      await context.setOffline(false);
      await page.getByText('Mise à jour envoyée.').waitFor({ timeout: 30_000 });
      expect(await page.getByText(/En attente d'envoi/).count()).toBe(0);
      // Another opening sends nothing more.
      await page.reload();
      await page.getByLabel('Texte').waitFor();

      // The site's screen offers to tell the client on WhatsApp: first name, phase, where the tracking page is.
      await page.goto(e2e.url(paths.adminSite(site.id)));
      const update = page.locator('.site-admin-update', { hasText: text });
      const whatsapp = update.getByRole('link', { name: /^Prévenir sur WhatsApp/ });
      const href = new URL((await whatsapp.getAttribute('href'))!);
      expect(href.origin).toBe('https://wa.me');
      expect(href.pathname).toMatch(new RegExp(`^/\\d*${site.phone.replace(/\D/g, '').slice(-8)}$`));
      const message = href.searchParams.get('text')!;
      expect(message).toContain(`Bonjour ${site.first_name}`);
      expect(message).toContain('phase : Élévation des murs');
      expect(message).toContain(e2e.url(paths.tracking));
    });

    const rows = e2e.query<{ id: number; published: number; progress: number; client_id: string | null }>(
      'select id, published, progress, client_id from site_updates where text = ?',
      text,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ published: 1, progress: 35 });
    expect(rows[0]!.client_id).toMatch(/^[0-9a-f-]{36}$/);
    // The photo went as a resumable upload, then the update named it.
    expect(uploads.some((line) => line.startsWith('POST /api/uploads'))).toBe(true);
    expect(uploads.some((line) => /^PATCH \/api\/uploads\/\w+/.test(line))).toBe(true);
    const files = storedPhotos(site.id, rows[0]!.id);
    expect(files).toHaveLength(1);
    await expectWhole(files[0]!);
  });

  test('a connection cut during a photo’s upload: the upload resumes, the update is published once, the photo whole', async () => {
    const site = approvedSite();
    const photo = await cameraPhoto('coupure.jpg');
    const text = `Coupure pendant l’envoi d’une photo ${Date.now()}.`;
    await e2e.withSignedInPage(async ({ page, context }) => {
      const uploads = uploadRequests(page);
      await page.goto(e2e.url(paths.adminSiteUpdateNew(site.id)));
      await page.getByLabel('Texte').waitFor();
      await fillRoofUpdate(page, '85', text, photo);
      await page.getByLabel(/^Publier/).check();
      const cut = await cutFirstPatch(page, context);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect.poll(cut, { timeout: 60_000 }).toBe(true);
      await page.getByText('Connexion perdue, reprise automatique…').waitFor({ timeout: 30_000 });
      expect(updatesWithText(text)).toHaveLength(0);
      await context.setOffline(false);
      await expect.poll(() => updatesWithText(text).length, { timeout: 60_000 }).toBe(1);
      // One upload created, resumed after the cut rather than started again.
      expect(uploads.filter((line) => line.startsWith('POST /api/uploads'))).toHaveLength(1);
    });
    const rows = e2e.query<{ id: number; published: number }>(
      'select id, published from site_updates where text = ?',
      text,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.published).toBe(1);
    const files = storedPhotos(site.id, rows[0]!.id);
    expect(files).toHaveLength(1);
    await expectWhole(files[0]!);
    expect(statSync(files[0]!.at(-1)!).size).toBeGreaterThan(10_000);
  });

  test('the connection back while the form still sends its photo: one sender, one upload, one update', async () => {
    const site = approvedSite();
    const photo = await cameraPhoto('retour.jpg');
    const text = `Retour du réseau pendant l’envoi ${Date.now()}.`;
    await e2e.withSignedInPage(async ({ page, context }) => {
      // The link drops as the photo's upload is created, before the page knows its address:
      // at its return, the form's upload retries, and the queue's send woken by the
      // `online` event finds the same update waiting; it must wait for the form's turn
      // rather than create a second upload of the same photo.
      let cut = false;
      await page.route(/\/api\/uploads$/, async (route) => {
        if (cut || route.request().method() !== 'POST') return route.continue();
        cut = true;
        await context.setOffline(true);
        return route.abort('internetdisconnected');
      });
      // The uploads the server created (the tries while offline never reached it).
      let created = 0;
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (
          pathname === '/api/uploads' &&
          response.request().method() === 'POST' &&
          response.status() === 201
        )
          created += 1;
      });
      await page.goto(e2e.url(paths.adminSiteUpdateNew(site.id)));
      await page.getByLabel('Texte').waitFor();
      await fillRoofUpdate(page, '90', text, photo);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Connexion perdue, reprise automatique…').waitFor({ timeout: 30_000 });
      await context.setOffline(false);
      await expect.poll(() => updatesWithText(text).length, { timeout: 60_000 }).toBe(1);
      await expectToast(page, 'Mise à jour de chantier enregistrée');
      expect(created).toBe(1);
    });
    const rows = updatesWithText(text);
    expect(storedPhotos(site.id, rows[0]!.id)).toHaveLength(1);
  });

  test('with no back-office page open, the service worker sends a waiting update by Background Sync, its photo with it', async () => {
    const site = approvedSite();
    const text = `Envoyée par le service worker, onglet fermé ${Date.now()}.`;
    await e2e.withSignedInPage(async ({ page, context }) => {
      await openFormKeptOffline(page, site.id);
      // A public page stays open, outside the worker's scope, to reach it through DevTools.
      const outside = await context.newPage();
      await outside.goto(e2e.url(paths.home));
      await context.setOffline(true);
      await fillRoofUpdate(page, '70', text, await jpegFile('toit.jpg', { width: 1200, height: 900 }));
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText("En attente d'envoi (1)").waitFor();
      // The site manager closes the tab; the connection comes back later.
      await page.close();
      await context.setOffline(false);
      expect(updatesWithText(text)).toHaveLength(0);

      // The browser's Background Sync, fired through DevTools rather than at its own pace.
      const devtools = await context.newCDPSession(outside);
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      devtools.on('ServiceWorker.workerRegistrationUpdated', (event) =>
        registrations.push(...event.registrations),
      );
      await devtools.send('ServiceWorker.enable');
      await expect.poll(() => registrations.some((one) => one.scopeURL === e2e.url('/admin/'))).toBe(true);
      const { registrationId } = registrations.find((one) => one.scopeURL === e2e.url('/admin/'))!;
      await devtools.send('ServiceWorker.dispatchSyncEvent', {
        origin: new URL(e2e.baseUrl).origin,
        registrationId,
        tag: SYNC_TAG,
        lastChance: false,
      });
      await expect.poll(() => updatesWithText(text).length, { timeout: 30_000 }).toBe(1);
    });
    const rows = e2e.query<{ id: number; progress: number }>(
      'select id, progress from site_updates where text = ?',
      text,
    );
    expect(rows).toEqual([{ id: rows[0]!.id, progress: 70 }]);
    const files = storedPhotos(site.id, rows[0]!.id);
    expect(files).toHaveLength(1);
    await expectWhole(files[0]!);
  });

  test('a page reloaded while a photo’s upload waits for the connection resumes that upload, not a new one', async () => {
    const site = approvedSite();
    const photo = await cameraPhoto('reprise.jpg');
    const text = `Rechargée pendant l’envoi d’une photo ${Date.now()}.`;
    await e2e.withSignedInPage(async ({ page, context }) => {
      const uploads = uploadRequests(page);
      // The reload without signal needs the service worker's copy of the screen.
      await openFormKeptOffline(page, site.id);
      await fillRoofUpdate(page, '90', text, photo);
      await cutFirstPatch(page, context);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Connexion perdue, reprise automatique…').waitFor({ timeout: 30_000 });

      await page.reload();
      await page.getByLabel('Texte').waitFor();
      await page.getByText("En attente d'envoi (1)").waitFor();
      await context.setOffline(false);
      await expect.poll(() => updatesWithText(text).length, { timeout: 60_000 }).toBe(1);
      // The upload the server created before the cut is the one that finished.
      expect(uploads.filter((line) => line.startsWith('POST /api/uploads'))).toHaveLength(1);
      expect(uploads.some((line) => line.startsWith('HEAD /api/uploads/'))).toBe(true);
    });
    const rows = updatesWithText(text);
    expect(rows).toHaveLength(1);
    const files = storedPhotos(site.id, rows[0]!.id);
    expect(files).toHaveLength(1);
    await expectWhole(files[0]!);
  });

  test('sends a 4000 x 3000 camera photo at most 2,560 px wide, in a body of at most 1.2 MB', async () => {
    const site = approvedSite();
    const photo = await cameraPhoto('camera.jpg');
    expect(photo.buffer.length).toBeGreaterThan(3 * 1024 * 1024);
    const text = `Photo d’appareil réduite avant l’envoi ${Date.now()}.`;
    await e2e.withSignedInPage(async ({ page }) => {
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      const sizes: number[] = [];
      // The photo's bytes: the resumable upload's announced length.
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads')
          void request.allHeaders().then((headers) => sizes.push(Number(headers['upload-length'])));
      });
      await page.goto(e2e.url(paths.adminSiteUpdateNew(site.id)));
      await page.getByLabel('Texte').waitFor();
      const preview = await fillRoofUpdate(page, '80', text, photo);
      // Made in a worker, as WebP (Chromium encodes it), the long side at 2,560 px at most.
      expect(workers.some((url) => url.includes('shrink-photo.worker'))).toBe(true);
      expect(await preview.getAttribute('alt')).toBe('Aperçu de camera.webp');
      const width = await preview.evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return img.naturalWidth;
      });
      expect(width).toBeGreaterThan(1000);
      expect(width).toBeLessThanOrEqual(2560);

      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.waitForURL(e2e.url(paths.adminSite(site.id)));
      await expect.poll(() => sizes.length).toBe(1);
      expect(sizes[0]).toBeGreaterThan(100_000);
      expect(sizes[0]).toBeLessThanOrEqual(1_200_000);
    });
    expect(updatesWithText(text)).toHaveLength(1);
  });

  test('a file of the back office lost during the worker’s install is asked for again: the worker installs and keeps it', async () => {
    await e2e.withPage(async ({ page, context }) => {
      // A screen this page never opens: only the worker's install asks for its code. Set
      // before signing in: the sign-in page (/login) already registers and installs the worker.
      const lost: string[] = [];
      await context.route(/\/assets\/statistics-page-[\w-]+\.js$/, async (route) => {
        if (lost.length === 0) {
          lost.push(new URL(route.request().url()).pathname);
          await route.abort('internetdisconnected');
        } else await route.continue();
      });
      await signIn(page, e2e.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password);
      // Without opening the page again, the install itself asks for the lost file once more
      // and the worker becomes active. (Whether it controls this page is not asked: the page
      // was opened at /login, outside the worker's scope, and the app's moves since are not
      // openings; the next page opened under /admin/ is the worker's.)
      await workerActivated(page);
      expect(lost).toHaveLength(1);
      const kept = await page.evaluate(async (file) => Boolean(await caches.match(file)), lost[0]!);
      expect(kept).toBe(true);
    });
  });

  test('signed in on /login and never reloaded, a screen not yet opened still opens without signal', async () => {
    await e2e.withPage(async ({ page, context }) => {
      // The page began at /login, outside the worker's scope: signing in loads the back
      // office anew, so the worker controls it and serves the screens' code from its own
      // cache, even once the browser's HTTP cache is emptied (a phone short of space).
      await signIn(page, e2e.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password);
      await expectToast(page, 'Connexion réussie', 'Bienvenue dans votre espace administrateur.');
      await workerActivated(page);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
        .toBe(true);
      const devtools = await context.newCDPSession(page);
      await devtools.send('Network.clearBrowserCache');
      await context.setOffline(true);
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Témoignages', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Témoignages' }).waitFor();
      // Its rows cannot come: the screen says so and offers to try again.
      await page.getByRole('button', { name: 'Réessayer' }).waitFor();
      await context.setOffline(false);
    });
  });

  test('registers the service worker for /admin/ only: a public page is under none', async () => {
    await e2e.withSignedInPage(async ({ page }) => {
      await page.goto(e2e.url(paths.adminSites));
      const scopes = await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        return (await navigator.serviceWorker.getRegistrations()).map((one) => one.scope);
      });
      expect(scopes).toEqual([e2e.url('/admin/')]);

      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(e2e.url('/'));
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
      expect(requested).not.toContain('/admin/sw.js');
    });
    // A visitor who never opened the back office: no registration at all.
    await e2e.withPage(async ({ page }) => {
      await page.goto(e2e.url('/'));
      await page.waitForLoadState('load');
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
        0,
      );
    });
  });
});
