import { spawn } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A seeded template: what the first start of a test server would make (the database
 * migrated and seeded, the demo images drawn into storage), prepared once per e2e run by
 * tests/helpers/e2e-global-setup.ts. Each server then starts from a copy of it
 * (startServer's `template`): its own files, so a file still sees only its own changes,
 * without the 15 to 30 s of seeding and drawing images on a 2-core machine
 * (docs/decisions/0016-e2e-harness-and-test-row-builders.md).
 *
 * Layout, the same as a test server's temp dir: `database.sqlite` and `storage/`. The
 * `public/storage` link beside storage is left out: each server makes its own.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the seed reads from the environment: a server given other values cannot start from a template. */
export const SEED_ENV_KEYS = [
  'DATABASE_URL',
  'STORAGE_DIR',
  'STORAGE_DRIVER',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
] as const;

export const TEMPLATE_DATABASE = 'database.sqlite';
export const TEMPLATE_STORAGE = 'storage';

/**
 * Seeds `dir` with `server/seed/seed-cli.ts` (which migrates first) under `env`, whose
 * DATABASE_URL and STORAGE_DIR must point into `dir`. With `from`, starts from a copy of
 * another template: the large template is the demo one plus the large volume.
 */
export async function prepareSeededTemplate(
  dir: string,
  env: NodeJS.ProcessEnv,
  options: { large?: boolean; from?: string } = {},
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  if (options.from) copySeededTemplate(options.from, dir);
  await runSeedCli(env, options.large ? ['--large'] : []);
}

/** Copies a template's database and storage into a server's (empty) temp dir. */
export function copySeededTemplate(template: string, targetDir: string): void {
  cpSync(path.join(template, TEMPLATE_DATABASE), path.join(targetDir, TEMPLATE_DATABASE));
  cpSync(path.join(template, TEMPLATE_STORAGE), path.join(targetDir, TEMPLATE_STORAGE), { recursive: true });
}

/** `server/seed/seed-cli.ts` in a process of its own; throws with its error output when it fails. */
export async function runSeedCli(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  const seed = spawn(process.execPath, ['--import', 'tsx', 'server/seed/seed-cli.ts', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  seed.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const code = await new Promise<number | null>((resolve) => {
    seed.on('exit', resolve);
    seed.on('error', (error) => {
      errors += `\n[spawn error] ${error.message}`;
      resolve(null);
    });
  });
  if (code !== 0)
    throw new Error(`The seed (seed-cli.ts ${args.join(' ')}) failed (code ${code})\n${errors}`);
}
