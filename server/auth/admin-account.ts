import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';
import { hashPassword, passwordByteLength } from './passwords';

export interface AdminAccountInput {
  email: string;
  password: string;
  name?: string;
}

export type AdminAccountResult = 'created' | 'reset';

/**
 * Creates an administrator, or resets an existing account's password and makes it an
 * administrator again (product rules: the way back in for a locked-out operator). A reset also
 * clears the account's failed attempts and invalidates every token issued before it.
 */
export async function upsertAdministrator(db: Knex, input: AdminAccountInput): Promise<AdminAccountResult> {
  const email = input.email.trim().toLowerCase();
  const bytes = passwordByteLength(input.password);
  if (bytes < 8 || bytes > 72) throw new Error('Le mot de passe doit contenir entre 8 et 72 octets.');
  const passwordHash = await hashPassword(input.password);
  const now = toDbDateTime(new Date());

  return db.transaction(async (trx) => {
    const existing = await trx('users').where({ email }).first('id');
    if (existing) {
      await trx('users')
        .where({ id: existing.id })
        .update({
          password_hash: passwordHash,
          role: 'admin',
          tokens_valid_after: now,
          updated_at: now,
          ...(input.name ? { name: input.name } : {}),
        });
      await trx('login_attempts').where({ email }).delete();
      return 'reset';
    }
    await trx('users').insert({
      name: input.name ?? 'Administrateur',
      email,
      password_hash: passwordHash,
      role: 'admin',
      created_at: now,
      updated_at: now,
    });
    return 'created';
  });
}
