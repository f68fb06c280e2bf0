import { loadConfig } from '#server/config';
import { databaseName, engineOf } from './dialect';
import { closeDb, createDb } from './knex';
import { migrateLatest, rollbackAll } from './migrate';

/**
 * `npm run migrate`: applies pending migrations to the database of DATABASE_URL.
 * `npm run migrate -- --rollback`: undoes every migration (drops every table).
 * Exit code 0 on success, 1 with a message on any error.
 */

function list(names: string[]): string {
  return names.map((name) => `  - ${name}`).join('\n');
}

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--rollback');
  if (unknown.length > 0) {
    throw new Error(`option inconnue : ${unknown.join(' ')} (seule --rollback est acceptée)`);
  }
  const rollback = args.includes('--rollback');
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    const target = `${engineOf(db)} « ${databaseName(db)} »`;
    if (rollback) {
      const undone = await rollbackAll(db);
      console.log(
        undone.length === 0
          ? `Aucune migration à annuler sur ${target}.`
          : `${undone.length} migration(s) annulée(s) sur ${target} :\n${list(undone)}`,
      );
    } else {
      const ran = await migrateLatest(db);
      console.log(
        ran.length === 0
          ? `Base ${target} déjà à jour : aucune migration à appliquer.`
          : `${ran.length} migration(s) appliquée(s) sur ${target} :\n${list(ran)}`,
      );
    }
  } finally {
    await closeDb(db);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Échec de la migration : ${message}`);
    process.exit(1);
  },
);
