import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { paths } from '../../client/lib/paths';
import { launchBrowser, openPage } from '../helpers/browser';
import { startServer, type ServerProcess } from '../helpers/server-process';

// The back office is a single-page app with a bundle of its own (decision 0002).

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('/admin/dashboard loads the admin bundle and hydrates without a console error or a page error', async () => {
  const observed = await openPage(browser);
  try {
    const response = await observed.page.goto(`${server.baseUrl}${paths.adminDashboard}`);
    expect(response?.status()).toBe(200);
    await observed.page.waitForSelector('[data-hydrated="true"]', { state: 'attached', timeout: 15_000 });
    // Without a session the app moves on to the login page: let that settle too.
    await observed.page.waitForLoadState('networkidle');

    const adminScripts = observed.requests.filter(
      (request) => request.resourceType === 'script' && new URL(request.url).pathname.includes('admin'),
    );
    expect(adminScripts.length, 'a script whose URL contains "admin"').toBeGreaterThan(0);
    expect(observed.consoleErrors).toEqual([]);
    expect(observed.pageErrors).toEqual([]);
  } finally {
    await observed.close();
  }
});
