import { launchBrowser } from '../tests/helpers/browser';
import { cameraImage } from '../tests/helpers/camera-photo';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type ServerProcess } from '../tests/helpers/server-process';
import { fmtInt, type Row } from './table';

/**
 * The bytes a phone sends for one camera photo through the site update form
 * (docs/decisions/0046-site-updates-offline.md): a generated 4000 x 3000 JPEG of at least
 * 6 MB, with fine grain that survives a reduction as a real photo's detail does, chosen in
 * the form of an approved site in Chromium, made small by client/lib/shrink-photo.ts, then
 * sent; the figure is the request's body (Content-Length), fields included.
 */
export const SITE_PHOTO_LABEL =
  'Octets envoyés pour une photo d’appareil d’au moins 6 Mo (mise à jour de chantier)';
const MAX_BODY = 1_200_000;
const PHOTO_MIN = 6 * 1024 * 1024;

async function cameraPhoto(): Promise<Buffer> {
  const large = await cameraImage(34);
  for (const quality of [92, 95, 97, 98, 99, 100]) {
    const photo = await large.clone().jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (photo.length >= PHOTO_MIN || quality === 100) return photo;
  }
  throw new Error('inatteignable');
}

export async function sitePhotoBytes(server: ServerProcess): Promise<Row> {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
  });
  const session = (await login.json()) as { access_token: string; user: unknown };
  const sites = (await (
    await fetch(`${server.baseUrl}/api/admin/site-updates`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.access_token}` },
    })
  ).json()) as { data: Array<{ id: number }> };
  const site = sites.data[0];
  if (!site) throw new Error('aucun chantier approuvé dans la base du banc');

  const photo = await cameraPhoto();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    // The back office's session, as its sign-in stores it (client/admin/kit/session-storage.ts).
    await page.evaluate((stored) => {
      const storage = (
        globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
      ).localStorage;
      storage.setItem('access_token', stored.access_token);
      storage.setItem('user', JSON.stringify(stored.user));
    }, session);
    await page.goto(`${server.baseUrl}/admin/chantiers/${site.id}/nouvelle`);
    await page.getByLabel('Texte').waitFor();
    // The photo leaves as a resumable upload (its PATCH bodies to /api/uploads), then the
    // update is created with the upload's id: the bytes sent are both together.
    let uploaded = 0;
    const body = new Promise<number>((resolve) =>
      page.on('request', (request) => {
        void request.allHeaders().then((headers) => {
          const length = Number(headers['content-length'] ?? 0);
          if (request.url().includes('/api/uploads')) uploaded += length;
          else if (
            request.method() === 'POST' &&
            request.url().endsWith(`/project-submissions/${site.id}/updates`)
          )
            resolve(uploaded + length);
        });
      }),
    );
    await page.getByLabel('Phase').selectOption({ index: 1 });
    await page.getByLabel('Avancement (%)').fill('50');
    await page.getByLabel('Texte').fill('Banc : une photo d’appareil envoyée depuis le chantier.');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: /^Aperçu de / }).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const sent = await body;
    return {
      figure: SITE_PHOTO_LABEL,
      value: `${fmtInt(sent)} o dont ${fmtInt(uploaded)} o de photo (photo de ${fmtInt(photo.length)} o)`,
      target: `≤ ${fmtInt(MAX_BODY)} o`,
      pass: sent <= MAX_BODY,
    };
  } finally {
    await browser.close();
  }
}
