import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core: the project never downloads a browser
 * (`npx playwright install` is not available in CI); .ci/run installs the package.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      // Containers run CI as root, where Chromium's sandbox cannot start.
      '--no-sandbox',
      '--disable-gpu',
      // No traffic of the browser's own: the tests count every request a page makes.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export interface OpenPageOptions {
  /** false: the page as a visitor without JavaScript (or a crawler) receives it. */
  javaScriptEnabled?: boolean;
}

export interface ObservedPage {
  page: Page;
  context: BrowserContext;
  /** Text of every console message of type "error". */
  consoleErrors: string[];
  /** Uncaught exceptions thrown in the page. */
  pageErrors: string[];
  /** Every URL the page requested, the document included, in order. */
  requestedUrls: string[];
  /** The same requests with playwright's resource type ('document', 'script', 'stylesheet'…). */
  requests: { url: string; resourceType: string }[];
  /** Closes the page's own context (cookies, storage): tests stay independent. */
  close(): Promise<void>;
}

/**
 * A fresh context and page that record console errors, page errors and requests from
 * the start, so nothing the first document does goes unseen. Navigate with `page.goto`.
 */
export async function openPage(browser: Browser, options: OpenPageOptions = {}): Promise<ObservedPage> {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const requestedUrls: string[] = [];
  const requests: { url: string; resourceType: string }[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const location = message.location();
      consoleErrors.push(location.url ? `${message.text()} (${location.url})` : message.text());
    }
  });
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  page.on('request', (request) => {
    requestedUrls.push(request.url());
    requests.push({ url: request.url(), resourceType: request.resourceType() });
  });
  return { page, context, consoleErrors, pageErrors, requestedUrls, requests, close: () => context.close() };
}

/**
 * Holds back every script of the site until `release()`, as a slow connection does: the
 * page's server HTML is usable (a visitor types, chooses, picks files) before any island
 * runs. Navigate with `waitUntil: 'commit'`: module scripts delay DOMContentLoaded.
 */
export function holdScripts(page: Page): Promise<{ release(): void }> {
  return holdRequests(page, '**/assets/*.js');
}

/**
 * React's chunk arrives only at `release()`, as on a slow phone where a first-use island
 * takes a while to wake: the islands script runs and arms its listeners meanwhile.
 */
export function holdReact(page: Page): Promise<{ release(): void }> {
  return holdRequests(page, '**/assets/react-*.js');
}

async function holdRequests(page: Page, pattern: string): Promise<{ release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * React's chunk never arrives, as on a connection that drops it: what still works then
 * works without React (a first-use island's links, a marked element's focus). Call
 * `page.unrouteAll({ behavior: 'ignoreErrors' })` before the page closes.
 */
export async function withholdReact(page: Page): Promise<void> {
  await page.route('**/assets/react-*.js', () => undefined);
}
