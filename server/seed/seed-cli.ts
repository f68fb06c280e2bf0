import { loadConfig } from '#server/config';
import { closeDb, createDb } from '#server/db/knex';
import { migrateLatest } from '#server/db/migrate';
import { ensureStorageLayout } from '#server/storage/layout';
import { storageFor } from '#server/storage/storage-for';
import { parseSeedArgs } from './seed-args';
import { seedDatabase } from './seed-database';
import { seedSummary } from './seed-summary';

/**
 * `npm run seed [-- --large [--scale N]]`: migrates, then fills the database with the demo
 * content (and, with --large, the benchmark volume, N times with --scale N). Safe to run
 * again: nothing is duplicated. The demo on demand, whatever DEMO_CONTENT says: that
 * setting is only the first start's choice (docs/decisions/0038-demo-content-once.md).
 */
async function main(): Promise<void> {
  const { large, scale } = parseSeedArgs(process.argv.slice(2));
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
      large,
      scale,
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
