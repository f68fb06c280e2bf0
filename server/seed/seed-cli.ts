import { loadConfig } from '#server/config';
import { closeDb, createDb } from '#server/db/knex';
import { migrateLatest } from '#server/db/migrate';
import { ensureStorageLayout } from '#server/storage/layout';
import { storageFor } from '#server/storage/storage-for';
import { seedDatabase } from './seed-database';
import { seedSummary } from './seed-summary';

/**
 * `npm run seed [-- --large]`: migrates, then fills the database with the demo content
 * (and, with --large, the benchmark volume). Safe to run again: nothing is duplicated.
 * The demo on demand, whatever DEMO_CONTENT says: that setting is only the first start's
 * choice (docs/decisions/0038-demo-content-once.md).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--large');
  if (unknown.length > 0) {
    throw new Error(`Option inconnue : ${unknown.join(' ')}. Usage : npm run seed [-- --large]`);
  }
  const config = loadConfig();
  ensureStorageLayout(storageFor(config));
  const knex = createDb(config.database);
  try {
    const ran = await migrateLatest(knex);
    if (ran.length > 0) console.log(`Migrations appliquées : ${ran.join(', ')}`);
    // The generated administrator password (or the missing-administrator warning) comes
    // after the summary, where it cannot scroll away.
    const forOperator: string[] = [];
    const report = await seedDatabase(knex, config, {
      large: args.includes('--large'),
      log: (line) => console.log(line),
      output: { stdout: (text) => forOperator.push(text), stderr: (text) => forOperator.push(text) },
    });
    console.log(await seedSummary(knex, report));
    process.stdout.write(forOperator.join(''));
  } finally {
    await closeDb(knex);
  }
}

main().catch((error: unknown) => {
  console.error(`Échec du remplissage : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
