import { lstatSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import { TEST_ADMIN_EMAIL } from '../helpers/server-process';
import { expectToast, openFromSidebar, waitForApp } from './admin-helpers';

// The three diagnostic screens (product rules, Pages and routes, Entities, States, Roles and access, API, Messages and errors and Limits and constants; product rules: admin token,
// tester and system tabs, token panel, Node.js environment), against the real server.

const e2e = e2eHarness();

/** Where the server keeps public images, and its `public/storage` link (storage/layout.ts). */
const publicDir = () => path.join(e2e.storageDir, 'app', 'public');
const publicLink = () => path.join(path.dirname(e2e.storageDir), 'public', 'storage');

/** A check card (a region named by its title). */
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function expectCard(page: Page, title: string, badge: string, message?: string): Promise<void> {
  const region = card(page, title);
  await expect
    .poll(() => region.locator('.diag-badge').first().textContent(), { timeout: 15_000 })
    .toBe(badge);
  if (message !== undefined) expect(await region.locator('.diag-message').textContent()).toBe(message);
}

/** A token whose payload says what the test wants; its signature is nonsense (never sent). */
function fakeToken(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

/** A stored image of the seed (relative to storage/app/public, as image columns hold it). */
function seededImagePath(): string {
  const row = e2e.query<{ image: string }>(
    "select image from products where image is not null and image <> '' limit 1",
  )[0];
  expect(row, 'the seed stores product images').toBeDefined();
  return row!.image;
}

function storedImageFiles(): string[] {
  const found: string[] = [];
  for (const kind of readdirSync(publicDir())) {
    const dir = path.join(publicDir(), kind);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir))
      if (/\.(jpe?g|png|webp)$/i.test(name) && !/-\d+\.webp$/.test(name) && !name.startsWith('.'))
        found.push(`${kind}/${name}`);
  }
  return found;
}

describe('API diagnostic', () => {
  test('with a valid token every check is green; an image path is found with its preview, a non-image and an empty path are refused', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Diagnostic API', paths.adminApiDiagnostic);
      await page.getByRole('heading', { level: 1, name: "Diagnostic de l'API" }).waitFor();

      await expectCard(
        page,
        "Statut de l'API",
        'Succès',
        'Connexion réussie. Statut API: ok, environnement: production',
      );
      await expectCard(page, "Service d'images", 'Succès', "Service d'images opérationnel.");
      expect(await card(page, "Service d'images").locator('.diag-detail').textContent()).toBe(
        'Lien de stockage : présent',
      );
      await expectCard(page, "Token d'authentification", 'Succès', 'Token valide');
      const tokenPanel = card(page, "Token d'authentification");
      expect(await tokenPanel.locator('.diag-detail').textContent()).toMatch(
        /^Expire dans (7 h 5\d min|8 h 0 min)$/,
      );
      expect(await tokenPanel.getByText('Expire le', { exact: true }).count()).toBe(1);
      // The image test waits for a path: it did not run with the others.
      expect(await card(page, "Test d'une image").locator('.diag-badge').textContent()).toBe('Non testé');

      // System info: the site's own URLs and the typed pattern with its four kinds.
      const info = page.getByRole('region', { name: 'Informations système' });
      await info.getByText(e2e.url('/api/images/{type}/{path}')).waitFor();
      await info.getByText('Types : misc, bien, parcelle, fleet').waitFor();
      await page
        .getByRole('region', { name: 'En cas de problème' })
        .getByText('CORS', { exact: false })
        .waitFor();

      const imageTest = card(page, "Test d'une image");
      const field = imageTest.getByLabel("Chemin de l'image");
      const stored = seededImagePath();
      await field.fill(stored);
      await imageTest.getByRole('button', { name: "Tester l'image" }).click();
      await expect
        .poll(() => imageTest.locator('.diag-message').textContent())
        .toMatch(/^Image accessible \(image\/(jpeg|png|webp)\)$/);
      // The URL built from a stored path: the typed pattern, type guessed from the path.
      const tested = `/api/images/misc/${stored}`;
      expect(stored.startsWith('products/')).toBe(true);
      await imageTest.getByText(`URL testée : ${tested}`).waitFor();
      const preview = imageTest.getByRole('img', { name: `Aperçu de ${tested}` });
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);

      await field.fill('/api/health-check');
      await imageTest.getByRole('button', { name: "Tester l'image" }).click();
      await expectCard(page, "Test d'une image", 'Erreur', "La ressource n'est pas une image");
      expect(await imageTest.locator('.diag-detail').first().textContent()).toBe(
        'Type reçu : application/json',
      );
      expect(await preview.count()).toBe(0);

      await field.fill('   ');
      await imageTest.getByRole('button', { name: "Tester l'image" }).click();
      await expectCard(page, "Test d'une image", 'Attention', "Aucun chemin d'image fourni");

      // 'Lancer tous les tests' runs everything again, the typed image path included.
      await field.fill(stored);
      await page.getByRole('button', { name: 'Lancer tous les tests' }).click();
      for (const title of [
        "Statut de l'API",
        "Service d'images",
        "Token d'authentification",
        "Test d'une image",
      ])
        await expectCard(page, title, 'Succès');
      expect(observed.consoleErrors).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('the token panel reports a garbage token, an expired one, none (warning) and the real one again', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Diagnostic API', paths.adminApiDiagnostic);
      await expectCard(page, "Token d'authentification", 'Succès', 'Token valide');
      const realToken = await page.evaluate(() => localStorage.getItem('access_token'));
      const panel = card(page, "Token d'authentification");
      const check = () => panel.getByRole('button', { name: 'Vérifier le token' }).click();
      const setToken = (value: string | null) =>
        page.evaluate(
          (token) =>
            token === null
              ? localStorage.removeItem('access_token')
              : localStorage.setItem('access_token', token),
          value,
        );

      await setToken('ceci-nest-pas-un-jeton');
      await check();
      await expectCard(page, "Token d'authentification", 'Erreur', 'Format de token invalide');

      const now = Math.floor(Date.now() / 1000);
      await setToken(fakeToken({ sub: '1', iat: now - 9 * 3600, exp: now - 3600 }));
      await check();
      await expectCard(page, "Token d'authentification", 'Erreur', 'Token expiré');
      expect(await panel.getByText('Expiré le', { exact: true }).count()).toBe(1);

      await setToken(`a.${Buffer.from('pas du JSON').toString('base64url')}.c`);
      await check();
      await expectCard(page, "Token d'authentification", 'Erreur', 'Impossible de lire le contenu du token');

      // No token: a warning, and the image service (administrators only) is not even asked.
      await setToken(null);
      await check();
      await expectCard(
        page,
        "Token d'authentification",
        'Attention',
        "Aucun token d'authentification trouvé",
      );
      await card(page, "Service d'images")
        .getByRole('button', { name: "Tester le service d'images" })
        .click();
      await expectCard(page, "Service d'images", 'Attention', "Aucun token d'authentification trouvé");

      await setToken(realToken);
      await check();
      await expectCard(page, "Token d'authentification", 'Succès', 'Token valide');
      // The token's value is never shown, only its claims.
      expect(await page.content()).not.toContain(realToken!);
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('image diagnostic', () => {
  test('"Tester des images": an uploaded image is stored, previewed, and every path variant and the typed URL answer with it', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Diagnostic images', paths.adminImageDiagnostic);
      await page.getByRole('heading', { level: 1, name: "Diagnostic et test d'images" }).waitFor();
      const tabs = page.getByRole('tablist', { name: 'Diagnostic des images' });
      expect(await tabs.getByRole('tab').allTextContents()).toEqual([
        'Tester des images',
        'Diagnostic système',
        'Liste des images',
      ]);
      expect(await tabs.getByRole('tab', { name: 'Tester des images' }).getAttribute('aria-selected')).toBe(
        'true',
      );

      const source = path.join(publicDir(), seededImagePath());
      await page.getByLabel("Type d'image").selectOption('bien');
      await page.getByLabel('Image', { exact: true }).setInputFiles(source);
      await page.getByRole('img', { name: `Aperçu de ${path.basename(source)}` }).waitFor();
      await page.getByRole('button', { name: "Envoyer l'image" }).click();
      await expectToast(page, 'Image envoyée', "L'image de test a bien été enregistrée.");

      const result = page.locator('.diag-upload-result');
      const storedPath = (await result.locator('dd code').textContent())!;
      expect(storedPath).toMatch(/^bien\/[^/]+\.(jpe?g|png)$/);
      expect(statSync(path.join(publicDir(), storedPath)).isFile()).toBe(true);
      expect(await result.getByRole('link').textContent()).toBe(`/storage/${storedPath}`);
      const uploaded = page.getByRole('img', { name: `Image envoyée : ${storedPath}` });
      await expect
        .poll(() => uploaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);

      // The generated typed URL, for the kind chosen here.
      const generator = page.getByRole('region', { name: "Générer une URL d'image" });
      expect(await generator.getByLabel('Chemin').inputValue()).toBe(storedPath);
      await generator.getByLabel('Type').selectOption('bien');
      await generator
        .getByRole('link')
        .filter({ hasText: `${e2e.baseUrl}/api/images/bien/${storedPath}` })
        .waitFor();
      await generator.getByRole('button', { name: 'Vérifier : URL générée' }).click();
      await expect
        .poll(() => generator.locator('.diag-line').textContent())
        .toMatch(/^Succès Image accessible \(image\/(jpeg|png)\)$/);

      // Every shape of the product rules' resolver finds the uploaded file.
      const variants = page.getByRole('region', { name: 'Variantes de chemin à essayer' });
      expect(await variants.getByLabel('Chemin à tester').inputValue()).toBe(storedPath);
      expect(await variants.locator('li a code').allTextContents()).toEqual([
        `${e2e.baseUrl}/storage/${storedPath}`,
        `${e2e.baseUrl}/api/serve-image/${storedPath}`,
        `${e2e.baseUrl}/api/images/${storedPath}`,
        `${e2e.baseUrl}/api/images/images/${storedPath}`,
        `${e2e.baseUrl}/api/images/bien/${storedPath}`,
      ]);
      await variants.getByRole('button', { name: 'Vérifier toutes les variantes' }).click();
      await expect
        .poll(() => variants.locator('.diag-line .diag-badge').allTextContents())
        .toEqual(Array(5).fill('Succès'));
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('"Diagnostic système": cards after Actualiser; a removed public link raises the alert and Réparer le stockage puts it back', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.goto(e2e.url(paths.adminImageDiagnostic));
      await waitForApp(page);
      // WAI-ARIA tabs: the arrow keys move the selection and the focus.
      await page.getByRole('tab', { name: 'Tester des images' }).focus();
      await page.keyboard.press('ArrowRight');
      const systemTab = page.getByRole('tab', { name: 'Diagnostic système' });
      await expect.poll(() => systemTab.getAttribute('aria-selected')).toBe('true');
      expect(await systemTab.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await page.getByRole('tabpanel', { name: 'Diagnostic système' }).isVisible()).toBe(true);
      expect(page.url()).toBe(`${e2e.baseUrl}${paths.adminImageDiagnostic}?onglet=systeme`);
      await page.getByText('Cliquez sur « Actualiser » pour lancer le diagnostic du système.').waitFor();
      expect(await card(page, 'Base de données').count()).toBe(0);
      // The legal notices' card needs no click: the test server sets none of the identifiers.
      const legal = card(page, 'Mentions légales');
      await legal.getByText(/^Mentions légales incomplètes : RCCM \(SITE_RCCM\), IFU \(SITE_IFU\)/).waitFor();
      expect(await legal.locator('.diag-badge').textContent()).toBe('Attention');

      await page.getByRole('button', { name: 'Actualiser' }).click();
      const users = e2e.query<{ n: number }>('select count(*) as n from users')[0]!.n;
      const database = card(page, 'Base de données');
      await database.waitFor();
      expect(await database.locator('.diag-badge').textContent()).toBe('OK');
      expect(await database.locator('dd').allTextContents()).toEqual(['database.sqlite', String(users)]);
      const storage = card(page, 'Stockage');
      expect(await storage.locator('.diag-badge').textContent()).toMatch(/^(OK|Attention)$/);
      expect(await storage.locator('dd').nth(0).textContent()).toMatch(/^\d+(,\d)? %$/);
      expect(await storage.locator('dd').nth(1).textContent()).toBe('Réussi');
      const link = card(page, 'Lien symbolique');
      expect(await link.locator('.diag-badge').textContent()).toBe('OK');
      expect(await link.locator('dd').allTextContents()).toEqual(['Lien existant', '../storage/app/public']);
      const folders = page.getByRole('region', { name: "Dossiers d'images" });
      for (const kind of [
        'parcelle',
        'fleet',
        'bien',
        'misc',
        'products',
        'projects',
        'promotions',
        'testimonials',
      ]) {
        await folders
          .locator('li', { has: page.locator('code', { hasText: new RegExp(`^${kind}$`) }) })
          .getByText('Existe')
          .waitFor();
      }
      const environment = page.getByRole('region', { name: 'Environnement' });
      const facts = await environment.locator('dt').allTextContents();
      expect(facts).toEqual([
        'Version de Node.js',
        'Logiciel serveur',
        "Système d'exploitation",
        "Environnement de l'application",
        "URL de l'application",
        'Disque de stockage',
        "Taille maximale d'envoi",
        'Limite de mémoire',
      ]);
      expect(await environment.locator('dd').first().textContent()).toBe(process.version);
      expect(await page.getByText('Lien symbolique manquant').count()).toBe(0);

      // The link goes missing on disk: the next run says so in red, pointing at the repair.
      rmSync(publicLink());
      await page.getByRole('button', { name: 'Actualiser' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Lien symbolique manquant' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('« Réparer le stockage »');
      expect(await link.locator('dd').first().textContent()).toBe('Lien manquant');
      expect(await link.locator('.diag-badge').textContent()).toBe('Erreur');

      await page.getByRole('button', { name: 'Réparer le stockage', exact: true }).click();
      await expectToast(page, 'Succès', 'Réparation du stockage effectuée avec succès');
      expect(lstatSync(publicLink()).isSymbolicLink()).toBe(true);
      await expect.poll(() => link.locator('dd').first().textContent()).toBe('Lien existant');
      expect(await alert.count()).toBe(0);

      // A real folder in the link's place is not overwritten: the repair fails with its reason.
      rmSync(publicLink());
      mkdirSync(publicLink());
      await page.getByRole('button', { name: 'Réparer le stockage', exact: true }).click();
      await expectToast(page, 'Erreur');
      const failure = page.locator('.toast-destructive .toast-description');
      expect(await failure.textContent()).toMatch(
        /^Impossible de réparer le stockage: Un dossier ou un fichier occupe public\/storage/,
      );
      rmSync(publicLink(), { recursive: true });
      await page.getByRole('button', { name: 'Réparer le stockage', exact: true }).click();
      await expect
        .poll(() => lstatSync(publicLink(), { throwIfNoEntry: false })?.isSymbolicLink() ?? false)
        .toBe(true);

      // The one expected failure: the 409 of the occupied link.
      expect(observed.consoleErrors.filter((text) => !/status of 409/.test(text))).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('"Liste des images": the stored images with sizes in Ko and dates, Voir in a new tab, Copier URL copies and toasts', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page, context } = observed;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
      await page.goto(`${e2e.baseUrl}${paths.adminImageDiagnostic}?onglet=images`);
      await waitForApp(page);
      expect(await page.getByRole('tab', { name: 'Liste des images' }).getAttribute('aria-selected')).toBe(
        'true',
      );

      const files = storedImageFiles();
      expect(files.length).toBeGreaterThan(0);
      const cards = page.locator('.diag-image-card');
      await expect.poll(() => cards.count()).toBe(Math.min(24, files.length));
      await page
        .getByRole('status')
        .filter({ hasText: `${files.length} images` })
        .waitFor();

      const target = seededImagePath();
      await page.getByLabel('Rechercher une image').fill(target.toUpperCase());
      await expect.poll(() => cards.count()).toBe(1);
      const one = cards.first();
      const stats = statSync(path.join(publicDir(), target));
      expect(await one.locator('code').textContent()).toBe(target);
      // A seeded image weighs some kilobytes: shown in Ko (French units, never KB).
      expect(stats.size).toBeGreaterThanOrEqual(1024);
      expect(stats.size).toBeLessThan(1024 * 1024);
      expect(await one.locator('.diag-detail').textContent()).toMatch(
        new RegExp(`^${Math.round(stats.size / 1024)} Ko · modifiée le \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`),
      );
      const preview = one.getByRole('img', { name: target });
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const view = one.getByRole('link', { name: `Voir ${target} (nouvel onglet)` });
      expect(await view.getAttribute('href')).toBe(`/storage/${target}`);
      expect(await view.getAttribute('target')).toBe('_blank');
      expect(await view.getAttribute('rel')).toContain('noopener');

      await one.getByRole('button', { name: `Copier URL de ${target}` }).click();
      await expectToast(page, 'URL copiée', target);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${e2e.baseUrl}/storage/${target}`,
      );

      await page.getByLabel('Rechercher une image').fill('aucune-image-de-ce-nom');
      await page.getByText('Aucune image trouvée').waitFor();
      expect(observed.consoleErrors).toEqual([]);

      // A file gone after the list was read: its preview becomes the red-bordered placeholder.
      // The oldest image (last in the server's order) is not on the first page, so its
      // preview has not been fetched yet when it is deleted.
      const oldest = files
        .map((file) => ({ file, modified: statSync(path.join(publicDir(), file)).mtimeMs }))
        .sort((a, b) => b.modified - a.modified || a.file.localeCompare(b.file))
        .map((entry) => entry.file)
        .filter((file) => file !== target)
        .at(-1)!;
      rmSync(path.join(publicDir(), oldest));
      await page.getByLabel('Rechercher une image').fill(oldest);
      const broken = cards.first().getByRole('img', { name: `Aperçu indisponible : ${oldest}` });
      await broken.waitFor();
      expect(await broken.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(
        'rgb(179, 38, 30)',
      );
      expect(observed.consoleErrors.filter((text) => !/status of 404/.test(text))).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});

describe('auth diagnostic', () => {
  test('signed in, the three checks succeed in English and local storage shows the token only as present', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await openFromSidebar(page, 'Auth diagnostic', paths.adminAuthDiagnostic);
      const name = e2e.query<{ name: string }>('select name from users where email = ?', TEST_ADMIN_EMAIL)[0]!
        .name;
      await page.getByText(`You are authenticated as ${name}`, { exact: true }).waitFor();
      await expectCard(
        page,
        'API connection',
        'Success',
        'API reachable. Status: ok, environment: production',
      );
      await expectCard(
        page,
        'Authentication service',
        'Success',
        `Token accepted: signed in as ${name} (${TEST_ADMIN_EMAIL})`,
      );
      await expectCard(page, 'Image service', 'Success', 'Image service is working (storage link present)');

      const storage = page.getByRole('region', { name: 'Local storage' });
      expect(await storage.locator('dd').first().textContent()).toBe('present');
      expect(await storage.locator('pre').textContent()).toContain(`"email": "${TEST_ADMIN_EMAIL}"`);
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      expect(await page.content()).not.toContain(token!);
      expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
        paths.adminDashboard,
      );
      expect(await page.getByRole('link', { name: 'Go to Login' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Refresh' }).click();
      for (const title of ['API connection', 'Authentication service', 'Image service'])
        await expectCard(page, title, 'Success');
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });

  test('with a stored user but no token, the token checks warn "No authentication token found. Please log in first."', async () => {
    const observed = await e2e.signedInPage();
    try {
      const { page } = observed;
      await page.evaluate(() => localStorage.removeItem('access_token'));
      await page.goto(e2e.url(paths.adminAuthDiagnostic));
      await waitForApp(page);
      await expectCard(page, 'API connection', 'Success');
      await expectCard(
        page,
        'Authentication service',
        'Warning',
        'No authentication token found. Please log in first.',
      );
      await expectCard(
        page,
        'Image service',
        'Warning',
        'No authentication token found. Please log in first.',
      );
      expect(
        await page.getByRole('region', { name: 'Local storage' }).locator('dd').first().textContent(),
      ).toBe('missing');
      expect(await page.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe(paths.login);
      expect(observed.consoleErrors).toEqual([]);
    } finally {
      await observed.close();
    }
  });
});
