import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { paths } from '#shared/paths';
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
