import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The WhatsApp chat an action opens in a new tab (the order forms, docs/product-rules.md,
 * "WhatsApp"): the wa.me address the tab reaches, after the server's redirect, answered
 * locally so that no test leaves the machine. Returns the number and the decoded message,
 * with every kind of space made plain.
 */
export async function chatOpenedBy(
  context: BrowserContext,
  page: Page,
  action: () => Promise<void>,
): Promise<{ number: string; message: string }> {
  const answer = (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'WhatsApp' });
  await context.route('https://wa.me/**', answer);
  try {
    const [tab] = await Promise.all([page.waitForEvent('popup'), action()]);
    await tab.waitForURL((url) => url.origin === 'https://wa.me', { timeout: 10_000 });
    const url = new URL(tab.url());
    await tab.close();
    expect(url.search, 'the message travels encoded').not.toMatch(/\s/);
    return {
      number: url.pathname.slice(1),
      message: (url.searchParams.get('text') ?? '').replace(/[\s\u202f\u00a0]+/g, ' '),
    };
  } finally {
    await context.unroute('https://wa.me/**', answer);
  }
}
