import type { Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { paths } from '#shared/paths';
import type { ObservedPage } from '../helpers/browser';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '../helpers/server-process';

/** Waits until the back office's React owns the page (entry-admin sets the flag). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('[data-hydrated="true"]', { state: 'attached', timeout: 15_000 });
}

/** Fills the sign-in form of the current /login page and submits it. */
export async function submitLogin(
  page: Page,
  email = TEST_ADMIN_EMAIL,
  password = TEST_ADMIN_PASSWORD,
): Promise<void> {
  await waitForApp(page);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Opens /login, signs in and waits for the dashboard. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email = TEST_ADMIN_EMAIL,
  password = TEST_ADMIN_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}${paths.login}`);
  await submitLogin(page, email, password);
  await page.waitForURL(`${baseUrl}${paths.adminDashboard}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Tableau de Bord' }).count()).toBe(1);
}

/** A token straight from the API, for tests that revoke or inspect sessions. */
export async function apiLogin(
  baseUrl: string,
  email = TEST_ADMIN_EMAIL,
  password = TEST_ADMIN_PASSWORD,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** Follows a link of the back office's sidebar and waits for its address (same origin). */
export async function openFromSidebar(page: Page, label: string, target: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await page.waitForURL(new URL(target, page.url()).href);
}

/** The row of a back-office list that has a cell reading exactly `name`. */
export function rowOf(page: Page, name: string): Locator {
  return page.locator('tbody tr', { has: page.getByRole('cell', { name, exact: true }) });
}

/**
 * Console errors, minus Chromium's own line for a request the test made fail on purpose
 * (an answer with one of `expectedStatuses`).
 */
export function unexpectedErrors(observed: ObservedPage, ...expectedStatuses: number[]): string[] {
  return observed.consoleErrors.filter(
    (text) => !expectedStatuses.some((status) => text.includes(`status of ${status}`)),
  );
}

/**
 * Answers the requests to `url` for which `when` holds with a 500 and `message`, as a failing
 * server would; the others reach the server.
 */
export function failWith500(page: Page, url: string, message: string, when: (route: Route) => boolean) {
  return page.route(url, (route) =>
    when(route)
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message }) })
      : route.continue(),
  );
}

/** The toast whose title is `title` (polls: toasts appear after the answer). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator('.toast', {
    has: page.locator('.toast-title', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
  });
  await toast.first().waitFor({ timeout: 30_000 });
  if (description) expect(await toast.first().locator('.toast-description').textContent()).toBe(description);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
