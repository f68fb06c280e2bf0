import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The generated administrator password, kept in storage/ next to the database until the
 * account first signs in, so that a start-up output scrolled away or closed does not lock
 * the owner out. Readable by its owner only (0600); the first successful sign-in of that
 * account deletes it (docs/decisions/0013-typescript-configs-and-runtime-image.md).
 */
export const INITIAL_PASSWORD_FILE = 'admin-password.txt';

export function initialPasswordPath(storageDir: string): string {
  return path.join(storageDir, INITIAL_PASSWORD_FILE);
}

export function writeInitialPassword(storageDir: string, email: string, password: string): string {
  const file = initialPasswordPath(storageDir);
  const text = [
    `E-mail       : ${email}`,
    `Mot de passe : ${password}`,
    '',
    'Ce fichier est supprimé à la première connexion de ce compte.',
    '',
  ].join('\n');
  writeFileSync(file, text, { mode: 0o600 });
  // `mode` applies only when the file is created: a leftover file gets it too.
  chmodSync(file, 0o600);
  return file;
}

/** Deletes the file once the account it names has signed in; any other account leaves it. */
export function forgetInitialPassword(storageDir: string, email: string): void {
  const file = initialPasswordPath(storageDir);
  if (!existsSync(file)) return;
  const named = /^E-mail\s*:\s*(\S+)/m.exec(readFileSync(file, 'utf8'))?.[1];
  if (named === email) rmSync(file, { force: true });
}
