import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * The import boundaries of docs/decisions/0009-lint-format-and-boundaries.md, each proven
 * on a probe: a made-up file inside the area with one import, linted with the project's
 * own configuration. Forbidden probes must be reported, allowed ones must not, so a rule
 * that stops matching and a rule that matches too much both fail here.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'edifier/import-boundaries';

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  // The first lint loads the configuration and the TypeScript parser: a few seconds.
  await eslint.lintText('', { filePath: path.join(ROOT, 'server/probe.ts') });
}, 60_000);

/** The boundary messages ESLint reports for `code` as if it were the file `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE && m.severity === 2).map((m) => m.message);
}

const staticImport = (source: string) => `import { probe } from '${source}';\nexport const used = probe;\n`;
const dynamicImport = (source: string) => `export const load = () => import('${source}');\n`;

type Probe = [file: string, code: string, message: string | RegExp];

const forbidden: Record<string, Probe[]> = {
  'shared/ imports only shared/ and packages': [
    ['shared/probe.ts', staticImport('../server/config'), "shared/ n'importe que shared/"],
    ['shared/probe.ts', staticImport('../client/lib/paths'), "shared/ n'importe que shared/"],
    ['shared/readers/probe.ts', staticImport('../../server/config'), "shared/ n'importe que shared/"],
    ['shared/probe.ts', staticImport('#server/config'), "shared/ n'importe que shared/"],
    ['shared/probe.ts', staticImport('#client/lib/paths'), "shared/ n'importe que shared/"],
    ['shared/probe.ts', dynamicImport('../server/config'), "shared/ n'importe que shared/"],
  ],
  'server/ never imports client/': [
    ['server/probe.ts', staticImport('../client/routes'), 'Le code serveur ne dépend pas du client'],
    [
      'server/features/offers/probe.ts',
      staticImport('#client/lib/paths'),
      'Le code serveur ne dépend pas du client',
    ],
    ['server/probe.ts', dynamicImport('#client/routes'), 'Le code serveur ne dépend pas du client'],
    [
      'server/probe.ts',
      `export { probe } from '../client/lib/paths';\n`,
      'Le code serveur ne dépend pas du client',
    ],
    [
      'server/probe.ts',
      `export type Routes = typeof import('#client/routes');\n`,
      'Le code serveur ne dépend pas du client',
    ],
  ],
  'client/ never imports server/': [
    ['client/probe.tsx', staticImport('../server/config'), 'Le client ne dépend pas du serveur'],
    ['client/pages/home/probe.tsx', staticImport('#server/config'), 'Le client ne dépend pas du serveur'],
    ['client/probe.tsx', dynamicImport('../server/config'), 'Le client ne dépend pas du serveur'],
  ],
  'migrations import nothing of the application': [
    ['migrations/20990101_probe.ts', staticImport('../server/db/dialect'), 'Une migration est figée'],
    ['migrations/20990101_probe.ts', staticImport('#server/db/dialect'), 'Une migration est figée'],
    ['migrations/20990101_probe.ts', staticImport('#shared/constants'), 'Une migration est figée'],
    ['migrations/20990101_probe.ts', staticImport('../shared/constants'), 'Une migration est figée'],
    ['migrations/20990101_probe.ts', dynamicImport('../server/db/dialect'), 'Une migration est figée'],
  ],
  'runtime code never loads the seed': [
    ['server/app.ts', staticImport('./seed/seed-database'), 'server/seed/'],
    ['server/app.ts', dynamicImport('./seed/seed-database'), 'server/seed/'],
    ['server/features/products/probe.ts', staticImport('../../seed/content/catalogue'), 'server/seed/'],
    ['server/features/products/probe.ts', dynamicImport('#server/seed/seed-database'), 'server/seed/'],
    ['server/probe.ts', `export { probe } from '#server/seed/seed-admin';\n`, 'server/seed/'],
  ],
  'runtime code never imports tests/ or bench/': [
    ['server/probe.ts', staticImport('../tests/helpers/server-process'), 'tests/'],
    ['client/lib/probe.ts', staticImport('../../tests/unit/admin-browser-stubs'), 'tests/'],
    ['server/probe.ts', dynamicImport('../bench/run'), 'bench/'],
  ],
  'client/components and client/lib import no page, island or admin screen': [
    [
      'client/components/probe.tsx',
      staticImport('#client/pages/offers/offers-page'),
      'client/components et client/lib',
    ],
    ['client/lib/probe.ts', staticImport('../islands/contact-form'), 'client/components et client/lib'],
    ['client/lib/probe.ts', dynamicImport('#client/admin/kit'), 'client/components et client/lib'],
    ['client/components/probe.tsx', staticImport('../admin/admin-nav'), 'client/components et client/lib'],
  ],
  'an admin screen folder never imports another': [
    ['client/admin/offers/probe.tsx', staticImport('../products/product-form'), "Un écran d'administration"],
    [
      'client/admin/messages/probe.tsx',
      staticImport('#client/admin/submissions/submission-table'),
      "Un écran d'administration",
    ],
    [
      'client/admin/messages/probe.tsx',
      `import '../submissions/submissions.css';\n`,
      "Un écran d'administration",
    ],
    ['client/admin/kit/probe.tsx', staticImport('../offers/offer-rows'), "Un écran d'administration"],
    ['client/admin/offers/probe.tsx', dynamicImport('../outbox/outbox-page'), "Un écran d'administration"],
  ],
  'a feature reaches another only through its index.ts or *.service.ts': [
    [
      'server/features/offers/probe.ts',
      staticImport('#server/features/auth/auth-deps'),
      'Une fonctionnalité',
    ],
    [
      'server/features/products/probe.ts',
      staticImport('../categories/categories.repository'),
      'Une fonctionnalité',
    ],
    ['server/features/mail/probe.ts', dynamicImport('../outbox/outbox.repository'), 'Une fonctionnalité'],
  ],
  "an entity schema imports no other entity's schema": [
    ['shared/schemas/product.ts', staticImport('./offer'), "Un schéma n'importe que"],
    ['shared/schemas/promotion.ts', staticImport('#shared/schemas/project'), "Un schéma n'importe que"],
  ],
};

const allowed: Record<string, [file: string, code: string][]> = {
  'the entry point and the seed itself load the seed': [
    ['server/index.ts', dynamicImport('./seed/seed-database')],
    ['server/index.ts', staticImport('./seed/seed-needed')],
    ['server/seed/seed-cli.ts', staticImport('./seed-database')],
    ['server/seed/demo/probe.ts', staticImport('#server/features/products/product-references')],
  ],
  'shared/ imports shared/ and packages': [
    ['shared/probe.ts', staticImport('./format')],
    ['shared/readers/probe.ts', staticImport('../types')],
    ['shared/probe.ts', staticImport('#shared/paths')],
    ['shared/probe.ts', staticImport('zod')],
  ],
  'each side imports shared/': [
    ['server/probe.ts', staticImport('#shared/paths')],
    ['client/probe.tsx', staticImport('../shared/paths')],
    ['client/routes.tsx', dynamicImport('./pages/home/home-page')],
  ],
  'migrations import packages and each other': [['migrations/20990101_probe.ts', staticImport('knex')]],
  'tests import any area': [['tests/unit/probe.test.ts', staticImport('#server/seed/seed-database')]],
  'building blocks import building blocks': [
    ['client/components/probe.tsx', staticImport('#client/lib/good-title')],
    ['client/lib/probe.ts', staticImport('./paths')],
    ['client/pages/offers/probe.tsx', staticImport('#client/components/offer-cards')],
  ],
  'admin screens import the kit, their own folder, and the layout imports screens': [
    ['client/admin/offers/probe.tsx', staticImport('#client/admin/kit')],
    ['client/admin/offers/probe.tsx', staticImport('../kit/drafts')],
    ['client/admin/offers/probe.tsx', staticImport('./offer-rows')],
    ['client/admin/admin-layout.tsx', staticImport('./offers/offers-list-page')],
  ],
  "features reach another's index.ts or *.service.ts, and their own modules": [
    ['server/features/offers/probe.ts', staticImport('#server/features/auth')],
    ['server/features/offers/probe.ts', staticImport('../auth/index')],
    ['server/features/products/probe.ts', staticImport('#server/features/categories/categories.service')],
    ['server/features/offers/probe.ts', staticImport('./offers.repository')],
    ['server/app.ts', staticImport('./features/offers/offers.repository')],
  ],
  'a schema imports the generic parsers, the image rules and the constants': [
    ['shared/schemas/product.ts', staticImport('./fields')],
    ['shared/schemas/product.ts', staticImport('#shared/schemas/images')],
    ['shared/schemas/product.ts', staticImport('#shared/constants')],
  ],
};

describe.each(Object.entries(forbidden))('reported: %s', (_name, probes) => {
  test.each(probes)('%s: %j', async (file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });
});

describe.each(Object.entries(allowed))('not reported: %s', (_name, probes) => {
  test.each(probes)('%s: %j', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
