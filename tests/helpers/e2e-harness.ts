import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { signIn } from '../e2e/admin-helpers';
import { queryReadOnly } from '../e2e/read-database';
import { launchBrowser, openPage, type ObservedPage, type OpenPageOptions } from './browser';
import {
  READY_TIMEOUT_MS,
  startServer,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
  type StartServerOptions,
} from './server-process';

/**
 * The one harness of the browser tier (tests/e2e): every file calls `e2eHarness()` once at
 * its top level, which registers the file's beforeAll/afterAll. Each call gets its own built
 * production server (startServer: a free port, a temp database and storage copied from the
 * run's seeded template, `seededTemplate`) and, unless `browser: false`, its own headless
 * Chromium. Files never share a server: tests change data, and a file must see only its own
 * changes.
 *
 *   const e2e = e2eHarness({ env: { SUBMISSION_RATE_LIMIT: '1000' } });
 *
 *   test('the dashboard greets the administrator', async () => {
 *     await e2e.withSignedInPage(async ({ page }) => {
 *       await page.goto(e2e.url(paths.adminDashboard));
 *       expect(e2e.query<{ n: number }>('select count(*) as n from products')[0]!.n).toBeGreaterThan(0);
 *     });
 *   });
 *
 * - Everything on the returned object is read inside tests and hooks, never at the top level
 *   of the file: the server only exists once the harness's beforeAll ran.
 * - The server takes every option of startServer: `env` (e.g. a raised rate limit, site
 *   settings), `largeSeed`, `readyTimeoutMs`, `prepareStorage`.
 * - A file's own set-up (an account, submissions sent through the API) goes in a beforeAll
 *   written after the call: hooks run in the order they are registered, and the harness's
 *   afterAll, registered first, runs last (vitest runs after-hooks as a stack).
 * - A describe that needs another server (the large seed beside the demo one) calls
 *   `e2eHarness({ largeSeed: true, browser: false })` inside that describe: its hooks
 *   then belong to the describe only.
 * - Pages: `openPage()` and `signedInPage()` return an ObservedPage the test closes itself;
 *   `withPage` and `withSignedInPage` close it whatever happens.
 * - Back-office screens: tests/e2e/admin-helpers.ts has the shared steps (openFromSidebar,
 *   rowOf, expectToast, failWith500, unexpectedErrors, apiLogin, submitLogin).
 * - graceful-shutdown.test.ts starts a server per test (it kills them) with startServer itself.
 * - Not named `use…`: ESLint's React hooks rule would refuse a `use*` call at a file's top level.
 */

export interface E2eHarnessOptions extends Omit<StartServerOptions, 'env'> {
  /** false: the server only, no Chromium (tests that speak plain HTTP). Default true. */
  browser?: boolean;
  /**
   * Extra environment; a function is read when the server starts, for values known only
   * then (the address of an SMTP server a beforeAll registered before the harness opened).
   */
  env?: Record<string, string> | (() => Record<string, string>);
}

export interface Account {
  email: string;
  password: string;
}

export interface E2eHarness {
  /** The server process: its output, its storage folder, kill/stop for the rare test that needs them. */
  readonly server: ServerProcess;
  /** The file's Chromium; throws when the harness was asked for `browser: false`. */
  readonly browser: Browser;
  /** e.g. http://127.0.0.1:41234, without a trailing slash. */
  readonly baseUrl: string;
  /** The server's SQLite file, to read what the seed or a test wrote (`query`). */
  readonly databasePath: string;
  /** The server's STORAGE_DIR. */
  readonly storageDir: string;
  /** The absolute address of a path of the site: `e2e.url(paths.products)`. */
  url(path: string): string;
  /** Runs one read-only query against the server's database (tests/e2e/read-database.ts). */
  query<Row>(sql: string, ...params: unknown[]): Row[];
  /** A fresh context and page that record errors and requests (tests/helpers/browser.ts). */
  openPage(options?: OpenPageOptions): Promise<ObservedPage>;
  /** A fresh page signed in to the back office, on the dashboard (the seeded administrator by default). */
  signedInPage(account?: Account): Promise<ObservedPage>;
  /** Runs `run` on a fresh page and closes it afterwards, whatever happens. */
  withPage(run: PageRun): Promise<void>;
  withPage(options: OpenPageOptions, run: PageRun): Promise<void>;
  /** The same with a signed-in page. */
  withSignedInPage(run: PageRun, account?: Account): Promise<void>;
}

type PageRun = (observed: ObservedPage) => Promise<void>;

/** The seeded administrator of every test server (tests/helpers/server-process.ts). */
export const TEST_ADMIN: Account = { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD };

/**
 * The template seeded once for this run by tests/helpers/e2e-global-setup.ts, for
 * startServer's `template`: 'demo' (the first start's content) or 'large' (plus the
 * large volume).
 */
export function seededTemplate(kind: 'demo' | 'large'): string {
  const templates = inject('seededTemplates');
  if (!templates) throw new Error("seededTemplate: no template (the e2e project's globalSetup did not run)");
  return templates[kind];
}

/** Margin over the server's own readiness wait: copying the template, Chromium's launch. */
const START_MARGIN_MS = 120_000;

export function e2eHarness(options: E2eHarnessOptions = {}): E2eHarness {
  const { browser: withBrowser = true, env, ...serverOptions } = options;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;

  beforeAll(
    async () => {
      const { largeSeed, ...rest } = serverOptions;
      // Chromium launches while the server starts; whichever started is closed by afterAll.
      const [started, launched] = await Promise.allSettled([
        startServer({
          ...rest,
          template: seededTemplate(largeSeed ? 'large' : 'demo'),
          env: typeof env === 'function' ? env() : env,
        }),
        withBrowser ? launchBrowser() : Promise.resolve(undefined),
      ]);
      if (started.status === 'fulfilled') server = started.value;
      if (launched.status === 'fulfilled') browser = launched.value;
      if (started.status === 'rejected') throw started.reason;
      if (launched.status === 'rejected') throw launched.reason;
    },
    (serverOptions.readyTimeoutMs ?? READY_TIMEOUT_MS) + START_MARGIN_MS,
  );

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = (): ServerProcess => {
    if (!server) throw new Error('e2eHarness: the server is not started (read it inside a test or hook)');
    return server;
  };
  const chromium = (): Browser => {
    if (!withBrowser) throw new Error('e2eHarness: this harness was created with `browser: false`');
    if (!browser) throw new Error('e2eHarness: the browser is not launched (read it inside a test or hook)');
    return browser;
  };

  const harness: E2eHarness = {
    get server() {
      return started();
    },
    get browser() {
      return chromium();
    },
    get baseUrl() {
      return started().baseUrl;
    },
    get databasePath() {
      return started().databasePath;
    },
    get storageDir() {
      return started().storageDir;
    },
    url: (path) => `${started().baseUrl}${path}`,
    query<Row>(sql: string, ...params: unknown[]) {
      return queryReadOnly<Row>(started().databasePath, sql, ...params);
    },
    openPage: (pageOptions) => openPage(chromium(), pageOptions),
    async signedInPage(account = TEST_ADMIN) {
      const observed = await openPage(chromium());
      try {
        await signIn(observed.page, started().baseUrl, account.email, account.password);
      } catch (error) {
        await observed.close();
        throw error;
      }
      return observed;
    },
    withPage(first: OpenPageOptions | PageRun, second?: PageRun) {
      return typeof first === 'function'
        ? closing(harness.openPage(), first)
        : closing(harness.openPage(first), second!);
    },
    withSignedInPage: (run, account) => closing(harness.signedInPage(account), run),
  };
  return harness;
}

async function closing(opening: Promise<ObservedPage>, run: PageRun): Promise<void> {
  const observed = await opening;
  try {
    await run(observed);
  } finally {
    await observed.close();
  }
}
