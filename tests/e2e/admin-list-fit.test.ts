import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paths } from '#shared/paths';
import { e2eHarness } from '../helpers/e2e-harness';
import type { ObservedPage } from '../helpers/browser';
import { waitForApp } from './admin-helpers';
import { horizontalOverflow } from './outside-checks';

/**
 * The back office's busiest lists on the staff's 1366x768 laptops (docs/product-rules.md,
 * "Lists of the back office"): a request, a message or a mail on one row of at most 72 px,
 * eight rows or more in the window at once, and an e-mail, a phone or a reference never
 * broken inside, shortened with an ellipsis and whole in its tooltip and on copy. Seeded
 * with the long values that broke them: a long address, a long name, a phone.
 */

const LONG_EMAIL = 'aicha.desk.secretariat-direction@exemple-entreprise-cotonou.com';
const LONG_NAME = ['Aïcha-Marie-Christelle', 'Agossou-Dossou-Hounkpatin'] as const;
const PHONE = '+229 01 97 12 34 56';
const STAFF =
  'direction.generale.bureau@edifier-construction.test,secretariat.commercial@edifier-construction.test';
const SEEDED = 12;
const MAX_ROW = 72;
const DESKTOP = { width: 1366, height: 768 };
const PHONE_SIZE = { width: 360, height: 740 };

const e2e = e2eHarness({
  env: { SUBMISSION_RATE_LIMIT: '1000', CONTACT_RATE_LIMIT: '1000', STAFF_EMAILS: STAFF },
});

beforeAll(async () => {
  for (let index = 1; index <= SEEDED; index++) {
    const form = new FormData();
    const fields: Record<string, string> = {
      firstName: LONG_NAME[0],
      lastName: `${LONG_NAME[1]} ${index}`,
      email: LONG_EMAIL,
      phone: PHONE,
      projectTitle: `Immeuble de rapport R+4 avec commerces au rez-de-chaussée ${index}`,
      projectType: 'Construction résidentielle',
      location: 'Cotonou, Fidjrossè',
      budget: '25M - 50M FCFA',
      description: 'Un immeuble de quatre étages, vu sur un écran de portable.',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const submitted = await fetch(e2e.url('/api/submit-project'), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: form,
    });
    expect(submitted.status).toBe(201);
    const contacted = await fetch(e2e.url('/api/contact-messages'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        name: `${LONG_NAME[0]} ${LONG_NAME[1]} ${index}`,
        email: LONG_EMAIL,
        phone: PHONE,
        subject: 'renseignement',
        message: 'Bonjour, je voudrais un devis pour un immeuble.',
      }),
    });
    expect(contacted.status).toBe(201);
  }
}, 120_000);

let observed: ObservedPage | undefined;
let page: Page;
afterAll(async () => {
  await observed?.close();
});

const LISTS = [
  {
    name: 'Demandes',
    path: () => paths.adminSubmissions,
    clipped: () => [LONG_EMAIL, PHONE, latest('project_submissions')],
  },
  {
    name: 'Messages',
    // The phone as stored, without its spaces (shared/contact-message-rules.ts).
    path: () => paths.adminMessages,
    clipped: () => [LONG_EMAIL, PHONE.replaceAll(' ', ''), latest('contact_messages')],
  },
  { name: 'Courriels', path: () => paths.adminOutbox, clipped: () => [STAFF.split(',').join(', ')] },
] as const;

/** The reference of the newest row of `table` ('MSG-2026-00003'). */
const latest = (table: string) =>
  e2e.query<{ reference: string }>(`select reference from ${table} order by id desc limit 1`)[0]!.reference;

/** Opens a back-office screen, signed in by the first test (signIn polls: not in a hook). */
async function openPage(path: string): Promise<void> {
  if (!observed) {
    observed = await e2e.signedInPage();
    page = observed.page;
  }
  await page.goto(e2e.url(path));
  await waitForApp(page);
}

async function openList(path: string): Promise<void> {
  await openPage(path);
  await expect
    .poll(() => page.locator('.data-table tbody tr').count(), { timeout: 15_000 })
    .toBeGreaterThan(8);
  await expect.poll(() => page.locator('.spinner').count()).toBe(0);
}

/** Each row's height, and how many rows lie whole in the window once the first is at its top. */
function measureRows(): Promise<{ heights: number[]; inView: number }> {
  return page.locator('.data-table tbody').evaluate((body) => {
    const rows = [...body.querySelectorAll('tr')];
    rows[0]!.scrollIntoView({ block: 'start' });
    const heights = rows.map((row) => Math.round(row.getBoundingClientRect().height));
    const inView = rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }).length;
    return { heights, inView };
  });
}

describe('the lists on a 1366x768 laptop', () => {
  test.each(LISTS)('$name: rows of 72 px at most, eight or more in view', async (list) => {
    await openList(list.path());
    await page.setViewportSize(DESKTOP);
    const { heights, inView } = await measureRows();
    console.info(`${list.name} at 1366x768: rows ${heights.join(', ')} px; ${inView} in view`);
    expect(heights.filter((height) => height > MAX_ROW)).toEqual([]);
    expect(inView).toBeGreaterThanOrEqual(8);
    // Every column in view: neither the page nor the table scrolls sideways.
    expect(await horizontalOverflow(page)).toBe(0);
    const table = await page
      .locator('.table-wrap')
      .evaluate((wrap) => ({ wrap: wrap.clientWidth, table: wrap.scrollWidth }));
    expect(table.table).toBeLessThanOrEqual(table.wrap);
  });

  test.each(LISTS)('$name: long values on one line, whole in the tooltip and on copy', async (list) => {
    await openList(list.path());
    await page.setViewportSize(DESKTOP);
    for (const value of list.clipped()) {
      const cell = page.locator('.data-table tbody .clipped-text', { hasText: value }).first();
      expect(await cell.getAttribute('title')).toBe(value);
      const drawn = await cell.evaluate((element) => {
        const selection = window.getSelection()!;
        const range = document.createRange();
        range.selectNodeContents(element);
        selection.removeAllRanges();
        selection.addRange(range);
        const copied = selection.toString();
        selection.removeAllRanges();
        const lines = element.getClientRects().length;
        const height = element.getBoundingClientRect().height;
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
        return { copied, lines, oneLine: height < lineHeight * 1.5 };
      });
      expect(drawn).toEqual({ copied: value, lines: 1, oneLine: true });
    }
  });
});

describe('the lists on a 360x740 phone', () => {
  test.each(LISTS)('$name: no page-wide sideways scroll, long values on one line', async (list) => {
    await openList(list.path());
    await page.setViewportSize(PHONE_SIZE);
    expect(await horizontalOverflow(page)).toBe(0);
    const clipped = page.locator('.data-table tbody tr').first().locator('.clipped-text');
    const widths = await clipped.evaluateAll((elements) =>
      elements.map((element) => ({
        lines: element.getClientRects().length,
        inside: element.getBoundingClientRect().right <= document.documentElement.clientWidth,
      })),
    );
    expect(widths.length).toBeGreaterThan(0);
    for (const width of widths) expect(width).toEqual({ lines: 1, inside: true });
  });
});

describe("the outbox's 'Aperçu'", () => {
  test('on a low row, opens in view as a modal dialog with the focus, and gives it back on close', async () => {
    await openList(paths.adminOutbox);
    await page.setViewportSize(DESKTOP);
    const button = page
      .locator('.data-table tbody tr')
      .nth(12)
      .getByRole('button', { name: /^Aperçu/ });
    const dialog = page.getByRole('dialog', { name: /^Aperçu : / });
    /** Where the dialog lies in the window, and whether the focus is inside it. */
    const placed = () =>
      dialog.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          inView: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0,
          focused: element.contains(document.activeElement),
        };
      });
    const focusedOnButton = () => button.evaluate((element) => element === document.activeElement);

    for (const close of ['Escape', 'Fermer'] as const) {
      await button.scrollIntoViewIfNeeded();
      await button.click();
      await dialog.waitFor();
      expect(await placed()).toEqual({ inView: true, focused: true });
      // The mail itself, in its sandboxed frame.
      expect(await dialog.locator('iframe.outbox-frame').getAttribute('sandbox')).toBe('');
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await focusedOnButton()).toBe(true);
    }
  });
});

describe("the new offer's type tabs", () => {
  test('the chosen tab is drawn apart from the others, and the arrows move between tabs', async () => {
    await openPage(paths.adminOfferNew);
    await page.setViewportSize(DESKTOP);
    const tablist = page.getByRole('tablist', { name: 'Catégories d’offres' });
    const tabs = tablist.getByRole('tab');
    expect(await tabs.count()).toBe(6);
    const selected = tablist.getByRole('tab', { selected: true });
    /** What the eye tells a tab by: its underline, its weight and its colour. */
    const look = (tab: typeof selected) =>
      tab.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          underline: `${style.borderBottomStyle} ${style.borderBottomColor}`,
          weight: style.fontWeight,
          color: style.color,
        };
      });
    const chosen = await look(selected);
    const other = await look(tabs.nth(1));
    expect(await selected.textContent()).toBe(await tabs.nth(0).textContent());
    expect(chosen.underline).not.toBe(other.underline);
    expect(chosen.weight).not.toBe(other.weight);
    // No browser button's look: a flat tab on the page's background.
    expect(await tabs.nth(1).evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );

    await selected.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.nth(1).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await look(tabs.nth(1))).toEqual(chosen);
    await page.keyboard.press('End');
    await expect.poll(() => tabs.nth(5).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await expect.poll(() => tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.nth(0).evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
