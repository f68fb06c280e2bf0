import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '#server/config';
import { loadEnvFile } from '#server/load-env';
import { formatFileSize } from '#shared/format';
import { createBackup } from './create-backup';
import { countOf } from '#shared/plural';

/**
 * `npm run backup [-- --out <folder>] [--keep <n>]`: one archive of the database and the
 * stored files, safe while the site runs (README, Backups). Defaults: `./backups`, keep 14.
 */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} attend une valeur.`);
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const known = new Set(['--out', '--keep']);
  const unknown = args.filter(
    (arg, i) => arg.startsWith('--') && !known.has(arg) && !known.has(args[i - 1] ?? ''),
  );
  if (unknown.length > 0)
    throw new Error(
      `Option inconnue : ${unknown.join(' ')}. Usage : npm run backup -- [--out <dossier>] [--keep <n>]`,
    );
  const keepText = option(args, '--keep') ?? '14';
  const keep = Number(keepText);
  if (!Number.isInteger(keep) || keep < 0)
    throw new Error(`--keep attend un nombre entier positif (reçu : ${keepText}).`);
  loadEnvFile();
  const config = loadConfig();
  const pkg = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { version: string };
  const result = await createBackup({
    config,
    appVersion: pkg.version,
    outDir: option(args, '--out') ?? 'backups',
    keep,
  });
  const rows = Object.values(result.manifest.rows).reduce((sum, n) => sum + n, 0);
  const { size } = statSync(result.file);
  console.log(`Sauvegarde écrite : ${result.file} (${formatFileSize(size)})`);
  console.log(
    `  ${countOf(rows, 'ligne')} dans ${countOf(Object.keys(result.manifest.rows).length, 'table')}, ` +
      `${countOf(Object.keys(result.manifest.files).length, 'fichier')}, migration ${result.manifest.migration}`,
  );
  for (const name of result.removed) console.log(`  ancienne sauvegarde supprimée : ${name}`);
}

main().catch((error: unknown) => {
  console.error(`Échec de la sauvegarde : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
