import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '#server/config';
import { startServer, type ServerProcess } from '../tests/helpers/server-process';
import { apiThroughput } from './api-throughput';
import { floodRows } from './flood';
import { compareHtmlThroughput } from './html-throughput';
import { ensureLighthouse, lighthouse, STRESS_FLAGS, type LighthouseFigures } from './lighthouse';
import type { LoadResult } from './load-runner';
import { CAN_PIN, SERVER_LAUNCHER } from './load-runner';
import { adminBundleGzip, adminFiles, pageWeight } from './page-weight';
import { fmtInt, kib, printTable, type Row } from './table';
import { measureUncached } from './uncached-render';
import { measureCatalogueInteraction, measureDetailsBeforeScripts } from './catalogue-interaction';
import { LAYOUT_PARAGRAPHS, LAYOUT_ROUNDS, textLayoutReference } from './browser-reference';
import { TRACKING_LABEL, trackingPagePath } from './tracking-page';
import { adminListRenderRows } from './admin-list-render';
import { adminListRows, listQueryPlans, openBenchDb } from './admin-lists';
import { SITE_PHOTO_LABEL, sitePhotoBytes } from './site-photo-bytes';
import { resumableUploadRows } from './resumable-upload';
import { audienceCostRows } from './audience-cost';

/**
 * `npm run bench` (decision 0008): measures the targets of product rules, Public site and the API figures on
 * the production build, prints one table, never runs in CI (it takes minutes).
 * `npm run bench -- --quick` (under 10 minutes): one Lighthouse run on four pages of the demo
 * seed, the stress profile on the home page only, 10 s loads, no flood section.
 *
 *   demo seed:  first response bytes, JavaScript per page, Lighthouse (median of 5),
 *               stress-profile LCP (median of 3), home first view, the catalogue's first
 *               interaction (INP), cache misses
 *   large seed: weights, one Lighthouse run on the list pages, the first interaction,
 *               cached HTML throughput versus a replay of the same bytes, cache misses,
 *               GET /api/products and 5 MB submissions
 *   then the flood section (its own server, production per-client limits).
 * `npm run bench -- --site-photo`: only the bytes sent for a 6 MB photo by the site update form.
 * `npm run bench -- --admin`: only the back office's lists on the seed --large --scale 10
 * (bench/admin-lists.ts) and its first JavaScript.
 * `npm run bench -- --uploads`: only a 20 MB resumable upload over a link cut twice.
 * `npm run bench -- --audience-cost`: only cached HTML throughput and the floods, with the
 * audience counting on and off (bench/audience-cost.ts).
 * The full run stays under 45 minutes on a quiet 2-core machine; it prints its duration.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
/** `--flood`: only the flood section, on the demo seed (minutes instead of an hour). */
const floodOnly = process.argv.includes('--flood');
/** `--uncached`: only the cache-miss section (render time and throughput), both seeds. */
const uncachedOnly = process.argv.includes('--uncached');
/** `--interaction`: only the catalogue's first interaction and its 'Détails' before the scripts, on the demo seed. */
const interactionOnly = process.argv.includes('--interaction');
/**
 * `--admin`: only the back office's lists at scale (bench/admin-lists.ts), on the seed
 * `--large --scale 10`, and the back office's first JavaScript.
 */
const adminOnly = process.argv.includes('--admin');
/** `--site-photo`: only the bytes a phone sends for a 6 MB photo, on the demo seed. */
const sitePhotoOnly = process.argv.includes('--site-photo');
/** `--uploads`: only the resumable upload over a link cut twice (bench/resumable-upload.ts). */
const uploadsOnly = process.argv.includes('--uploads');
/** `--audience-cost`: only the throughput and flood figures with the audience counting on and off. */
const audienceCostOnly = process.argv.includes('--audience-cost');
/** The large volume times this for `--admin`: 3 000 products, 5 000 requests and messages. */
const ADMIN_SCALE = 10;
/** What /login or /admin loads first, gzip (docs/product-rules.md, "Lists of the back office"). */
const MAX_ADMIN_JS = 250 * 1024;
const RUNS = quick ? 1 : 5;
/** The stress profile's LCP, median of 3 (each run is about twice as long as a normal one). */
const STRESS_RUNS = quick ? 1 : 3;
/**
 * The large seed changes only the pages that list many rows: one Lighthouse run each there
 * (the five-run medians are the demo seed's), so the full bench stays under 45 minutes.
 */
const LARGE_LIGHTHOUSE_PAGES = ['/products', '/parcelles', '/projects'];
/**
 * Lighthouse targets (docs/product-rules.md, "Performance targets"): the site's own bar, above the
 * 95 / 1.8 s / 100 ms / 0.02 the product rules ask at the least.
 */
const MIN_PERFORMANCE = 98;
const MIN_OTHER_SCORES = 100;
const MAX_LCP_MS = 1500;
const MAX_TBT_MS = 50;
const MAX_CLS = 0.01;
const started = Date.now();
/** `--quick` stays under 10 minutes on a 2-core machine (decision 0023): shorter loads. */
const HTML_SECONDS = quick ? 10 : 20;

const ALL_PAGES = [
  '/',
  '/products',
  '/products/{product}',
  '/parcelles',
  '/projects',
  '/projects/{project}',
  '/submit-project',
  '/contact',
  '{tracking}',
];
const QUICK_PAGES = ['/', '/products', '/products/{product}', '/contact', '{tracking}'];
/** The tracking page's own budgets (docs/product-rules.md, "Site updates"). */
const MAX_TRACKING_JS = 50 * 1024;
const MAX_TRACKING_FIRST_VIEW = 200 * 1024;

const rows: Row[] = [];
/** Lighthouse audits that cost points, per page: printed under the table. */
const notes: string[] = [];
const MAX_FIRST_RESPONSE = 14_600;
const MAX_JS = 100 * 1024;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2).replace('.', ',')} s`;
const failed = (figure: string, error: unknown) => {
  const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  rows.push({ figure, value: `erreur : ${reason.slice(0, 80)}`, target: '—', pass: false });
};

async function firstId(baseUrl: string, list: string): Promise<number> {
  const body = (await (await fetch(`${baseUrl}/api/${list}`)).json()) as { data: { id: number }[] };
  const id = body.data[0]?.id;
  if (id === undefined) throw new Error(`/api/${list} est vide : rien à mesurer`);
  return id;
}

async function resolvePages(baseUrl: string, pages: string[]): Promise<string[]> {
  const product = await firstId(baseUrl, 'products');
  const project = await firstId(baseUrl, 'projects');
  const tracking = pages.includes('{tracking}') ? await trackingPagePath(baseUrl) : '';
  return pages.map((p) =>
    p === '{tracking}'
      ? tracking
      : p.replace('{product}', String(product)).replace('{project}', String(project)),
  );
}

/** A page as the table names it: a tracking page by its shape, never its token. */
const shown = (page: string) => (page.startsWith('/suivi/') ? TRACKING_LABEL : page);

async function weights(server: ServerProcess, seed: string): Promise<void> {
  const admin = adminFiles(root);
  for (const page of await resolvePages(server.baseUrl, ALL_PAGES)) {
    try {
      const weight = await pageWeight(server.baseUrl, page, admin);
      const tracking = shown(page) === TRACKING_LABEL;
      rows.push({
        figure: `Première réponse (en-têtes + HTML gzip) ${shown(page)} (${seed})`,
        value: `${fmtInt(weight.firstResponse)} octets`,
        target: `≤ ${fmtInt(MAX_FIRST_RESPONSE)} octets`,
        pass: weight.firstResponse <= MAX_FIRST_RESPONSE,
      });
      const admins = weight.adminReferenced.length
        ? `, ${weight.adminReferenced.length} fichier(s) admin !`
        : '';
      const maxJs = tracking ? MAX_TRACKING_JS : MAX_JS;
      rows.push({
        figure: `JavaScript gzip ${shown(page)} (${seed})`,
        value: `${kib(weight.javascript)} (${weight.scripts.length} fichiers${admins})`,
        target: `≤ ${kib(maxJs)}, aucun code admin`,
        pass: weight.javascript <= maxJs && weight.adminReferenced.length === 0,
      });
    } catch (error) {
      failed(`Poids de ${shown(page)} (${seed})`, error);
    }
  }
}

const SCORES_TARGET = `perf. ≥ ${MIN_PERFORMANCE}, autres ${MIN_OTHER_SCORES}`;
const scoresPass = ([performance, ...others]: number[]) =>
  performance! >= MIN_PERFORMANCE && others.every((score) => score >= MIN_OTHER_SCORES);

function lighthouseRows(page: string, seed: string, f: LighthouseFigures): void {
  const scores = [f.performance, f.accessibility, f.bestPractices, f.seo];
  if (page === TRACKING_LABEL) {
    // A private page is noindex on purpose: SEO does not apply to it.
    rows.push({
      figure: `Lighthouse perf. / access. / bonnes pr. ${page} (${seed})`,
      value: scores.slice(0, 3).join(' / '),
      target: SCORES_TARGET,
      pass: scoresPass(scores.slice(0, 3)),
    });
    rows.push({
      figure: `${page}, transfert total de la première vue (${seed})`,
      value: kib(f.totalBytes),
      target: `≤ ${kib(MAX_TRACKING_FIRST_VIEW)}`,
      pass: f.totalBytes <= MAX_TRACKING_FIRST_VIEW,
    });
  } else {
    rows.push({
      figure: `Lighthouse perf. / access. / bonnes pr. / SEO ${page} (${seed})`,
      value: scores.join(' / '),
      target: SCORES_TARGET,
      pass: scoresPass(scores),
    });
  }
  rows.push({
    figure: `LCP / TBT / CLS ${page} (${seed})`,
    value: `${seconds(f.lcpMs)} / ${Math.round(f.tbtMs)} ms / ${f.cls.toFixed(3).replace('.', ',')}`,
    target: `≤ ${seconds(MAX_LCP_MS)} / ≤ ${MAX_TBT_MS} ms / ≤ ${String(MAX_CLS).replace('.', ',')}`,
    pass: f.lcpMs <= MAX_LCP_MS && f.tbtMs <= MAX_TBT_MS && f.cls <= MAX_CLS,
  });
}

async function lighthousePages(server: ServerProcess, seed: string, withStress: boolean): Promise<void> {
  const large = seed === 'large';
  const pages = await resolvePages(
    server.baseUrl,
    large ? LARGE_LIGHTHOUSE_PAGES : quick ? QUICK_PAGES : ALL_PAGES,
  );
  const runs = large ? 1 : RUNS;
  for (const page of pages) {
    console.log(`Lighthouse ${shown(page)} (${seed}), ${runs} passage(s)…`);
    try {
      const figures = await lighthouse(`${server.baseUrl}${page}`, runs);
      lighthouseRows(shown(page), seed, figures);
      if (figures.failedAudits.length)
        notes.push(`${shown(page)} (${seed}) : ${figures.failedAudits.join(', ')}`);
      if (page === '/') {
        rows.push({
          figure: `Accueil, images de la première vue (${seed})`,
          value: kib(figures.imageBytes),
          target: '≤ 200 Kio',
          pass: figures.imageBytes <= 200 * 1024,
        });
        rows.push({
          figure: `Accueil, transfert total de la première vue (${seed})`,
          value: kib(figures.totalBytes),
          target: '≤ 350 Kio',
          pass: figures.totalBytes <= 350 * 1024,
        });
      }
    } catch (error) {
      failed(`Lighthouse ${shown(page)} (${seed})`, error);
    }
  }
  if (!withStress) return;
  // --quick: the stress profile on the home page only (its LCP is the hardest).
  for (const page of quick ? pages.slice(0, 1) : pages) {
    console.log(`Lighthouse sous contrainte ${shown(page)} (${seed})…`);
    try {
      const figures = await lighthouse(`${server.baseUrl}${page}`, STRESS_RUNS, STRESS_FLAGS);
      rows.push({
        figure: `LCP sous contrainte (CPU x10, 300 ms, 700 Kbit/s, médiane de ${STRESS_RUNS}) ${shown(page)} (${seed})`,
        value: seconds(figures.lcpMs),
        target: '≤ 2,5 s',
        pass: figures.lcpMs <= 2500,
      });
    } catch (error) {
      failed(`Lighthouse sous contrainte ${shown(page)} (${seed})`, error);
    }
  }
}

async function htmlThroughput(server: ServerProcess, seed: string): Promise<void> {
  const page = '/products';
  console.log(
    `Débit HTML de ${page} (${seed}) : serveur, puis rejeu des mêmes octets, ${HTML_SECONDS} s chacun…`,
  );
  try {
    const { app, replay, bodyBytes } = await compareHtmlThroughput(server.baseUrl, page, HTML_SECONDS);
    const ratio = app.requestsPerSecond / replay.requestsPerSecond;
    const label = `HTML en cache ${page} (${seed}, ${fmtInt(bodyBytes)} octets gzip)`;
    rows.push({
      figure: `${label}, requêtes/s du serveur`,
      value: fmtInt(app.requestsPerSecond),
      target: '—',
      pass: null,
    });
    rows.push({
      figure: `${label}, requêtes/s du rejeu en mémoire`,
      value: fmtInt(replay.requestsPerSecond),
      target: '—',
      pass: null,
    });
    rows.push({
      figure: `${label}, serveur / rejeu`,
      value: `${(ratio * 100).toFixed(1)} %`,
      target: '≥ 80 %',
      pass: ratio >= 0.8,
    });
    rows.push({
      figure: `${label}, latence p99`,
      value: `${app.p99} ms`,
      target: '≤ 20 ms',
      pass: app.p99 <= 20,
    });
    rows.push({
      figure: `${label}, erreurs / non-2xx`,
      value: String(app.errors + app.non2xx),
      target: '0',
      pass: app.errors + app.non2xx === 0,
    });
  } catch (error) {
    failed(`Débit HTML ${page} (${seed})`, error);
  }
}

/** Pages whose server time without the cache the product rules bound (decision 0023). */
const UNCACHED_PAGES = ['/about', '/products', '/projects/{project}'];
const MAX_RENDER_MS = 5;

async function uncachedSection(server: ServerProcess, seed: string): Promise<void> {
  console.log(`Pages absentes du cache (${seed}) : temps serveur, puis débit face au rejeu…`);
  try {
    const pages = await resolvePages(server.baseUrl, UNCACHED_PAGES);
    const { times, throughput } = await measureUncached(server, pages, quick ? 60 : 200, HTML_SECONDS);
    const ms = (value: number) => `${value.toFixed(2).replace('.', ',')} ms`;
    for (const [page, figures] of times) {
      rows.push({
        figure: `Rendu sans cache ${page} (${seed}), temps serveur médian (compression comprise), p99`,
        value: `${ms(figures.median)}, p99 ${ms(figures.p99)} (${figures.count} requêtes)`,
        target: `médiane ≤ ${MAX_RENDER_MS} ms`,
        pass: figures.median <= MAX_RENDER_MS,
      });
    }
    for (const { page, app, replay } of throughput) {
      const ratio = app.requestsPerSecond / replay.requestsPerSecond;
      rows.push({
        figure: `HTML sans cache ${page} (${seed}), requêtes/s serveur / rejeu`,
        value: `${fmtInt(app.requestsPerSecond)} / ${fmtInt(replay.requestsPerSecond)} = ${(ratio * 100).toFixed(1)} %`,
        target: '≥ 5 %',
        pass: ratio >= 0.05,
      });
      rows.push({
        figure: `HTML sans cache ${page} (${seed}), erreurs / non-2xx`,
        value: String(app.errors + app.non2xx),
        target: '0',
        pass: app.errors + app.non2xx === 0,
      });
    }
  } catch (error) {
    failed(`Pages absentes du cache (${seed})`, error);
  }
}

/** The catalogue's first interaction under a 4x CPU slowdown (decision 0023): fresh browsers. */
const INTERACTION_RUNS = quick ? 3 : 5;
const MAX_INP_MS = 100;
/** A tap on 'Détails' before any script has come, on slow 3G at CPU x4 (decision 0047). */
const MAX_DETAILS_MS = 300;

async function catalogueInteraction(server: ServerProcess, seed: string): Promise<void> {
  console.log(`Catalogue (${seed}) : première interaction sous CPU x4, ${INTERACTION_RUNS} passage(s)…`);
  const label = `Catalogue /products (${seed}, CPU x4, médiane de ${INTERACTION_RUNS})`;
  try {
    const f = await measureCatalogueInteraction(`${server.baseUrl}/products`, INTERACTION_RUNS);
    rows.push({
      figure: `${label}, INP : clic dans la recherche, un mot tapé, une catégorie`,
      value: `${Math.round(f.inpMs)} ms (premier clic ${Math.round(f.firstInteractionMs)} ms)`,
      target: `≤ ${MAX_INP_MS} ms`,
      pass: f.inpMs <= MAX_INP_MS,
    });
    rows.push({
      figure: `${label}, du premier caractère tapé à la grille filtrée`,
      value: `${Math.round(f.resultMs)} ms`,
      target: '—',
      pass: null,
    });
    rows.push({
      figure: `${label}, chargement : tâches longues, temps bloquant`,
      value: `${f.loadLongTasks}, ${Math.round(f.loadBlockingMs)} ms`,
      target: '—',
      pass: null,
    });
  } catch (error) {
    failed(`Catalogue, première interaction (${seed})`, error);
  }
  try {
    const ms = await measureDetailsBeforeScripts(`${server.baseUrl}/products`, INTERACTION_RUNS);
    rows.push({
      figure: `Catalogue /products (${seed}, 3G lente 400 kbit/s et 400 ms, CPU x4, scripts retenus, médiane de ${INTERACTION_RUNS}), du toucher de 'Détails' à la fenêtre affichée`,
      value: `${Math.round(ms)} ms`,
      target: `≤ ${MAX_DETAILS_MS} ms`,
      pass: ms <= MAX_DETAILS_MS,
    });
  } catch (error) {
    failed(`Catalogue, 'Détails' avant les scripts (${seed})`, error);
  }
}

function apiRows(label: string, result: LoadResult): void {
  const errors = result.errors + result.non2xx;
  rows.push({
    figure: `${label}, requêtes/s (moyenne)`,
    value: fmtInt(result.requestsPerSecond),
    target: 'comparaison entre versions',
    pass: null,
  });
  rows.push({
    figure: `${label}, latence p99`,
    value: `${result.p99} ms`,
    target: 'comparaison entre versions',
    pass: null,
  });
  rows.push({
    figure: `${label}, erreurs / non-2xx`,
    value: String(errors),
    target: '0',
    pass: errors === 0,
  });
}

/** The site update form's photo, made small on the phone (bench/site-photo-bytes.ts). */
async function sitePhoto(server: ServerProcess): Promise<void> {
  try {
    rows.push(await sitePhotoBytes(server));
  } catch (error) {
    failed(SITE_PHOTO_LABEL, error);
  }
}

/** The bench's server: production build, own temp storage, rate limits raised (product rules). */
function benchServer(
  largeSeed: boolean,
  seedScale?: number,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  return startServer({
    largeSeed,
    seedScale,
    launcher: SERVER_LAUNCHER,
    // The first start seeds and draws the demo images: minutes on a busy machine.
    readyTimeoutMs: 600_000,
    env: {
      SUBMISSION_RATE_LIMIT: '100000000',
      LOGIN_MAX_ATTEMPTS: '100000000',
      // Lighthouse and autocannon load pages from one address; the flood section measures
      // with the default per-client limits, on a server of its own (floodServer).
      LOGIN_CLIENT_MAX_ATTEMPTS: '100000000',
      RENDER_RATE_LIMIT: '100000000',
      HTML_CACHE: 'on',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      ...extraEnv,
    },
  });
}

/**
 * The flood section's server: the production defaults of every per-client limit. startServer
 * raises the render and sign-in limits for browser tests (one browser, one address), so the
 * defaults are read from the configuration and set again here: a flood measured without
 * them would measure a server no visitor meets.
 */
function floodServer(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const { limits } = loadConfig({});
  return startServer({
    launcher: SERVER_LAUNCHER,
    readyTimeoutMs: 600_000,
    env: {
      HTML_CACHE: 'on',
      RENDER_RATE_LIMIT: String(limits.rendersPerMinute),
      LOGIN_CLIENT_MAX_ATTEMPTS: String(limits.loginClientMax),
      LOGIN_CLIENT_WINDOW_MINUTES: String(limits.loginClientWindowMinutes),
      ...extraEnv,
    },
  });
}

async function floodSection(): Promise<void> {
  const server = await floodServer();
  try {
    rows.push(...(await floodRows(server.baseUrl)));
  } finally {
    await server.stop();
  }
}

/** The machine's own text layout speed, beside which the browser figures are read. */
async function browserReference(): Promise<void> {
  rows.push({
    figure: `Référence du navigateur : style et mise en page de ${LAYOUT_PARAGRAPHS} paragraphes (sans ralentissement, médiane de ${LAYOUT_ROUNDS})`,
    value: `${(await textLayoutReference()).toFixed(1).replace('.', ',')} ms`,
    target: '—',
    pass: null,
  });
}

function adminBundleRow(): Row {
  const bytes = adminBundleGzip(root);
  return {
    figure: 'Back-office : JavaScript du premier chargement (gzip)',
    value: kib(bytes),
    target: `≤ ${kib(MAX_ADMIN_JS)}`,
    pass: bytes <= MAX_ADMIN_JS,
  };
}

let plans = '';

/** `--admin`: the lists at scale on SQLite, or on the engine BENCH_DATABASE_URL names. */
async function adminSection(): Promise<void> {
  console.log(`Serveur avec le seed --large --scale ${ADMIN_SCALE} (une minute ou plus)…`);
  const server = await benchServer(true, ADMIN_SCALE);
  const db = openBenchDb(server);
  try {
    console.log('Listes du back-office : 5 requêtes d’échauffement puis 30 mesurées par ligne…');
    rows.push(...(await adminListRows(server, db)));
    console.log('Liste de 100 lignes et recherche dans Chromium, CPU ×4…');
    rows.push(...(await adminListRenderRows(server)));
    plans = await listQueryPlans(server);
  } catch (error) {
    failed('Listes du back-office', error);
  } finally {
    await db.destroy();
    await server.stop();
  }
  rows.push(adminBundleRow());
}

async function main(): Promise<void> {
  if (uploadsOnly) {
    printTable(await resumableUploadRows());
    return;
  }
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (audienceCostOnly) {
    rows.push(...(await audienceCostRows((env) => benchServer(false, undefined, env), floodServer)));
    printTable(rows);
    return;
  }
  if (floodOnly) {
    await floodSection();
    printTable(rows);
    return;
  }
  if (interactionOnly) {
    await browserReference();
    const server = await benchServer(false);
    try {
      await catalogueInteraction(server, 'démo');
    } finally {
      await server.stop();
    }
    printTable(rows);
    return;
  }
  if (sitePhotoOnly) {
    const server = await benchServer(false);
    try {
      await sitePhoto(server);
    } finally {
      await server.stop();
    }
    printTable(rows);
    return;
  }
  if (adminOnly) {
    await adminSection();
    printTable(rows);
    console.log(`\nPlans des requêtes des listes :${plans}`);
    return;
  }
  if (uncachedOnly) {
    for (const largeSeed of [false, true]) {
      const server = await benchServer(largeSeed);
      try {
        await uncachedSection(server, largeSeed ? 'large' : 'démo');
      } finally {
        await server.stop();
      }
    }
    printTable(rows);
    return;
  }
  console.log('Lighthouse 12.8.2 via npx…');
  await ensureLighthouse();
  await browserReference();

  console.log('Serveur avec le contenu de démonstration…');
  const demo = await benchServer(false);
  try {
    await weights(demo, 'démo');
    await uncachedSection(demo, 'démo');
    await lighthousePages(demo, 'démo', true);
    await catalogueInteraction(demo, 'démo');
    await sitePhoto(demo);
  } finally {
    await demo.stop();
  }

  console.log('Serveur avec le seed --large…');
  const large = await benchServer(true);
  try {
    await weights(large, 'large');
    // --quick: the large seed's weights and throughputs only, Lighthouse on the demo seed.
    if (!quick) {
      await lighthousePages(large, 'large', false);
      await catalogueInteraction(large, 'large');
    }
    await htmlThroughput(large, 'large');
    await uncachedSection(large, 'large');
    const api = await apiThroughput(large.baseUrl);
    apiRows('GET /api/products (seed --large)', api.products);
    apiRows('POST /api/submit-project (5 Mo)', api.submissions);
  } finally {
    await large.stop();
  }
  // --quick leaves the flood section to `--flood` (a few minutes of its own).
  if (!quick) {
    console.log('Serveur aux limites par client de production (inondations)…');
    await floodSection();
  }
  rows.push(adminBundleRow());

  printTable(rows);
  if (notes.length)
    console.log(
      `\nAudits Lighthouse en échec (accessibilité, bonnes pratiques, SEO) :\n${notes.map((n) => `  ${n}`).join('\n')}`,
    );
  console.log(
    `\n${quick ? 'Mode --quick : 1 passage Lighthouse, pages réduites.' : 'Lighthouse : médiane de 5 passages, profil mobile (seed large : 1 passage, pages de listes).'} ` +
      (CAN_PIN
        ? 'Serveurs sur le cœur 0, générateur de charge sur le cœur 1.'
        : 'taskset absent : processus non épinglés.'),
  );
  console.log(`Durée du banc : ${((Date.now() - started) / 60_000).toFixed(1).replace('.', ',')} min.`);
}

main().catch((error: unknown) => {
  console.error('Échec du banc de mesure :', error);
  process.exit(1);
});
