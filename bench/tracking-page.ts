import sharp from 'sharp';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '../tests/helpers/server-process';

/**
 * A client's tracking page as the bench measures it (docs/product-rules.md, "Tracking
 * link" and "Site updates"): a request sent through the form's API, approved, with three
 * published site updates of two photos each, shot like a phone's (noisy 1600x1200 JPEGs).
 * Made once per server; the answer is the page's path, `/suivi/{token}`.
 */
const made = new Map<string, Promise<string>>();

async function phonePhoto(seed: number): Promise<Blob> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 31 + seed * 97 + ((i >> 7) % 53)) & 0xff;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) {
    throw new Error(`${what} : ${response.status} ${(await response.text()).slice(0, 120)}`);
  }
  return response;
}

async function build(baseUrl: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    firstName: 'Awa',
    lastName: 'Houénou',
    email: 'awa.bench@example.bj',
    phone: '+33 6 12 34 56 78',
    projectTitle: 'Villa R+1 suivie depuis Paris',
    projectType: 'Construction résidentielle',
    budget: '25M - 50M FCFA',
    location: 'Abomey-Calavi',
    description: 'Une villa de quatre chambres, suivie à distance par la famille.',
  })) {
    form.append(name, value);
  }
  const sent = await expectStatus(
    await fetch(`${baseUrl}/api/submit-project`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: form,
    }),
    201,
    'Demande de projet',
  );
  const { data, tracking_url } = (await sent.json()) as { data: { id: number }; tracking_url: string };

  const login = await expectStatus(
    await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    }),
    200,
    'Connexion',
  );
  const { access_token } = (await login.json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${access_token}`, Accept: 'application/json' };
  await expectStatus(
    await fetch(`${baseUrl}/api/admin/project-submissions/${data.id}/status`, {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'approved', client_message: 'Votre projet est approuvé.' }),
    }),
    200,
    'Approbation',
  );
  const updates = [
    ['2026-10-01', 'terrassement', '10', 'Implantation et fouilles terminées, béton de propreté coulé.'],
    ['2026-10-20', 'elevation', '35', 'Les murs du rez-de-chaussée sont montés, chaînages en cours.'],
    ['2026-11-10', 'toiture', '55', 'La charpente est posée, les tôles arrivent lundi.'],
  ] as const;
  for (const [i, [date, phase, progress, text]] of updates.entries()) {
    const update = new FormData();
    update.append('date', date);
    update.append('phase', phase);
    update.append('progress', progress);
    update.append('text', text);
    update.append('published', '1');
    for (let n = 0; n < 2; n += 1)
      update.append('photos[]', await phonePhoto(i * 2 + n), `photo-${i}-${n}.jpg`);
    await expectStatus(
      await fetch(`${baseUrl}/api/admin/project-submissions/${data.id}/updates`, {
        method: 'POST',
        headers: auth,
        body: update,
      }),
      201,
      'Mise à jour de chantier',
    );
  }
  return new URL(tracking_url).pathname;
}

export function trackingPagePath(baseUrl: string): Promise<string> {
  let path = made.get(baseUrl);
  if (!path) {
    path = build(baseUrl);
    made.set(baseUrl, path);
  }
  return path;
}

/** How the bench names the page in its table: never the token. */
export const TRACKING_LABEL = '/suivi/{jeton}';
