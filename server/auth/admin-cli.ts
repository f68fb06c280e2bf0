import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '#server/config';
import { forgetInitialPassword } from './initial-password';
import { closeDb, createDb } from '#server/db/knex';
import { migrateLatest } from '#server/db/migrate';
import { loadEnvFile } from '#server/load-env';
import { upsertAdministrator } from './admin-account';

/**
 * `npm run -s admin -- --email <e-mail> --password <mot de passe> [--name <nom>]`
 * Creates an administrator or resets one's password (see admin-account.ts).
 */
const USAGE = 'Usage : npm run -s admin -- --email <e-mail> --password <mot de passe> [--name <nom>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const email = z.email().safeParse(values.email);
  if (!email.success || !values.password) {
    console.error(!values.email || !values.password ? USAGE : 'Adresse email invalide');
    return 1;
  }
  loadEnvFile();
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    await migrateLatest(db);
    const result = await upsertAdministrator(db, {
      email: email.data,
      password: values.password,
      name: values.name,
    });
    // A reset password makes the generated one in storage/ wrong: it goes too.
    forgetInitialPassword(config.storageDir, email.data);
    console.log(
      result === 'created'
        ? `Administrateur créé : ${email.data}`
        : `Mot de passe réinitialisé pour ${email.data} (sessions précédentes révoquées, verrouillage levé).`,
    );
    return 0;
  } finally {
    await closeDb(db);
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
