import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { writeInitialPassword } from '#server/auth/initial-password';
import { hashPassword } from '#server/auth/passwords';
import type { Config } from '#server/config';
import { isUniqueViolation, toDbDateTime } from '#server/db/dialect';
import { framedMessage } from './framed-message';

export const DEFAULT_ADMIN_EMAIL = 'admin@edifier-btp.bj';
const RESET_COMMAND = 'npm run -s admin -- --email <e-mail> --password <mot de passe>';

export type AdminOutcome =
  | { status: 'existing' }
  | { status: 'created'; email: string; password: 'from-config' | 'generated' }
  /** Production without ADMIN_EMAIL / ADMIN_PASSWORD: nobody was created, a warning was printed. */
  | { status: 'missing' };

export interface AdminOutput {
  /** Where the one-time password goes: the terminal only, never the log (it may be kept). */
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processOutput: AdminOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

// No 0/O, 1/l/I: the password is read off a terminal and typed again.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function generatePassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/**
 * Creates the first administrator when `users` is empty (the way in on a new install):
 * from ADMIN_EMAIL / ADMIN_PASSWORD when set; outside production, missing values get the
 * demo e-mail and a generated password printed once. In production a missing password is
 * never invented: the operator is told how to create the account instead.
 */
export async function ensureAdmin(
  knex: Knex,
  config: Config,
  output: AdminOutput = processOutput,
): Promise<AdminOutcome> {
  const existing = await knex('users').count({ count: '*' }).first();
  if (Number(existing?.count ?? 0) > 0) return { status: 'existing' };

  const configured = config.admin.password;
  if (config.isProduction && (!config.admin.email || !configured)) {
    output.stderr(
      framedMessage([
        'ATTENTION : aucun compte administrateur n’existe.',
        'Définissez ADMIN_EMAIL et ADMIN_PASSWORD puis relancez, ou créez-le avec :',
        RESET_COMMAND,
      ]),
    );
    return { status: 'missing' };
  }

  // E-mails are stored lower-case: MySQL compares them case-insensitively, SQLite does not.
  const email = (config.admin.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const password = configured ?? generatePassword();
  const now = toDbDateTime(new Date());
  try {
    await knex('users').insert({
      name: 'Administrateur',
      email,
      password_hash: await hashPassword(password),
      role: 'admin',
      tokens_valid_after: null,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // Another process seeded at the same time and created it first.
    if (isUniqueViolation(error)) return { status: 'existing' };
    throw error;
  }

  if (!configured) {
    const file = writeInitialPassword(config.storageDir, email, password);
    output.stdout(
      framedMessage([
        'Compte administrateur créé',
        '',
        `E-mail       : ${email}`,
        `Mot de passe : ${password}`,
        '',
        `Ce mot de passe est aussi dans ${file}`,
        '(lisible par vous seul, supprimé à la première connexion de ce compte).',
        'Pour le changer ou le réinitialiser :',
        RESET_COMMAND,
      ]),
    );
  }
  return { status: 'created', email, password: configured ? 'from-config' : 'generated' };
}
