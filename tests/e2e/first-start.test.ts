import { afterEach, expect, test } from 'vitest';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { queryReadOnly } from './read-database';

/**
 * The first start of a fresh clone, as an operator reads its terminal: the address line,
 * then what the operator must do or keep (the generated administrator password, or the
 * warning that no administrator exists), last, where the log cannot bury it
 * (docs/product-rules.md, "Runtime"). In production, by default, without the demo content
 * (docs/product-rules.md, "Demo content").
 */

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function operatorLines(env: Record<string, string>, box: string) {
  server = await startServer({ env: { ADMIN_PASSWORD: '', LOG_LEVEL: 'info', ...env } });
  // The box follows the address line; give it the moment that takes.
  await expect.poll(() => server?.output ?? '', { timeout: 10_000 }).toContain(box);
  const output = server.output;
  const address = output.indexOf('site disponible sur http://localhost:');
  expect(address).toBeGreaterThan(-1);
  expect(output.indexOf(box)).toBeGreaterThan(address);
  return output.slice(output.indexOf(box));
}

test(
  'in development, the generated administrator password comes after the address line',
  { timeout: 240_000 },
  async () => {
    const box = await operatorLines({ NODE_ENV: 'development' }, 'Compte administrateur créé');
    expect(box).toMatch(/Mot de passe : \S{12,}/);
  },
);

test(
  'in production without a password, the warning comes after the address line, and no demo content is added',
  { timeout: 240_000 },
  async () => {
    // DEMO_CONTENT unset: the production default, which the test servers otherwise override.
    const box = await operatorLines({ DEMO_CONTENT: '' }, 'aucun compte administrateur');
    expect(box).toContain('npm run -s admin -- --email');
    expect(server!.output).toContain('Contenu de démonstration non ajouté (DEMO_CONTENT=off)');
    const count = (table: string) =>
      queryReadOnly<{ n: number }>(server!.databasePath, `select count(*) as n from ${table}`)[0]!.n;
    for (const table of ['products', 'projects', 'parcels', 'promotions', 'testimonials']) {
      expect(count(table), table).toBe(0);
    }
    expect(
      queryReadOnly(server!.databasePath, "select value from site_state where name = 'initial_content'"),
    ).toEqual([{ value: 'none' }]);
  },
);
