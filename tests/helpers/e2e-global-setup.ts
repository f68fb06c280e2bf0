import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareSeededTemplate, TEMPLATE_DATABASE, TEMPLATE_STORAGE } from './seeded-template';
import { testServerEnv } from './server-process';

/**
 * The e2e project's globalSetup (vitest.config.ts): seeds the two templates every browser
 * test server starts from, once per run, before any file (tests/helpers/seeded-template.ts).
 * Once per run rather than cached between runs: the seed dates its rows from today, and the
 * templates always follow the current migrations and seed. The demo template takes about
 * 10 s, the large one about 7 s more (the demo one plus the large volume).
 */

export interface SeededTemplates {
  /** The demo seed, as the first `npm start` makes it. */
  demo: string;
  /** The demo seed plus the large volume (`npm run seed -- --large`). */
  large: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplates: SeededTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const base = mkdtempSync(path.join(tmpdir(), 'edifier-e2e-templates-'));
  const removeAll = () => rmSync(base, { recursive: true, force: true });
  const templates: SeededTemplates = { demo: path.join(base, 'demo'), large: path.join(base, 'large') };
  const envFor = (dir: string) =>
    testServerEnv(path.join(dir, TEMPLATE_DATABASE), path.join(dir, TEMPLATE_STORAGE));
  try {
    await prepareSeededTemplate(templates.demo, envFor(templates.demo));
    await prepareSeededTemplate(templates.large, envFor(templates.large), {
      large: true,
      from: templates.demo,
    });
  } catch (error) {
    removeAll();
    throw error;
  }
  project.provide('seededTemplates', templates);
  return removeAll;
}
