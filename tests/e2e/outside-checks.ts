import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import type { Page } from 'playwright-core';

/**
 * The checks of tools we did not write, and of the layout, shared by the browser tests
 * (docs/decisions/0027-back-office-work-first-and-outside-checks.md):
 * - axe-core, injected into the page as it stands (a dialog open, a menu unfolded);
 * - html-validate on a document as the server sends it, with the project's .htmlvalidate.json;
 * - no horizontal overflow, no wrapped row actions, and a screenshot in SCREENSHOT_DIR.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the browser tests leave their screenshots (git-ignored; the README names it). */
export const SCREENSHOT_DIR = path.join(root, '.tmp', 'screenshots');

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page, one line each ('heading-order: h3.card-title'). Run
 * through the DevTools protocol (page.evaluate), which the pages' Content-Security-Policy
 * does not apply to, so the pages are checked with their real headers. Every rule axe runs
 * by default (WCAG A and AA, best practices), plus label-content-name-mismatch (WCAG 2.5.3),
 * still marked experimental by axe.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; nodes: { target: unknown[] }[] }[];
    }
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  });
}

const htmlValidate = new HtmlValidate(new FileSystemConfigLoader());

/** html-validate's errors on a document ('long-title: title text cannot be longer…  (html > head > title)'). */
export async function htmlErrors(html: string): Promise<string[]> {
  // The file name only tells the loader where to look for .htmlvalidate.json: the root.
  const report = await htmlValidate.validateString(html, path.join(root, 'page.html'));
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? ''})`),
  );
}

/** How many pixels the document is wider than the window (0: no horizontal scrolling). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The rows of the back office's lists whose actions take more than one line, stick out of
 * their cell, or lie past the table's visible width (reached only by scrolling the table
 * sideways), each named by its row's text.
 */
export function wrappedRowActions(page: Page): Promise<string[]> {
  return page.locator('.data-table .row-actions').evaluateAll((groups) =>
    groups
      .filter((group) => {
        const tops = new Set([...group.children].map((child) => (child as HTMLElement).offsetTop));
        const wrap = group.closest('.table-wrap') ?? document.documentElement;
        const hidden = group.getBoundingClientRect().right > wrap.getBoundingClientRect().right + 1;
        return tops.size > 1 || group.scrollWidth > group.clientWidth + 1 || hidden;
      })
      .map((group) => group.closest('tr')?.textContent?.trim().slice(0, 40) ?? '?'),
  );
}

/**
 * Saves the whole page as `<name>.png` in SCREENSHOT_DIR and answers its path. Lazy images
 * below the fold are loaded first (a full-page capture does not scroll to them), each
 * given 3 s: take it after the checks, which see the page as a visitor first gets it.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await page.evaluate(async () => {
    const waiting = [...document.images].filter((image) => {
      image.loading = 'eager';
      return !image.complete;
    });
    await Promise.all(
      waiting.map(
        (image) =>
          new Promise((settle) => {
            image.addEventListener('load', settle, { once: true });
            image.addEventListener('error', settle, { once: true });
            setTimeout(settle, 3000);
          }),
      ),
    );
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
