import { existsSync } from 'node:fs';
import { loadConfig } from '#server/config';
import { loadEnvFile } from '#server/load-env';
import { RestoreRefused, restoreBackup } from './restore-backup';
import { countOf } from '#shared/plural';

/**
 * `npm run restore -- <archive> [--force]`: puts a backup back into the configured
 * database and storage folder (README, Backups). Stop the site first.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('--'))
    throw new RestoreRefused('Usage : npm run restore -- <archive.tar.gz> [--force]');
  const archive = rest[0]!;
  if (!existsSync(archive)) throw new RestoreRefused(`Archive introuvable : ${archive}`);
  loadEnvFile();
  const report = await restoreBackup({ config: loadConfig(), archive, force });
  const { manifest } = report;
  console.log(
    `Sauvegarde du ${manifest.createdAt} (version ${manifest.appVersion}, ${manifest.engine}) restaurée :`,
  );
  for (const [table, count] of Object.entries(report.rows))
    console.log(`  ${table} : ${countOf(count, 'ligne')}`);
  console.log(`  ${countOf(report.files, 'fichier')}, empreintes vérifiées`);
  if (report.migrated.length > 0)
    console.log(`  migrations appliquées ensuite : ${report.migrated.join(', ')}`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof RestoreRefused ? message : `Échec de la restauration : ${message}`);
  process.exitCode = 1;
});
