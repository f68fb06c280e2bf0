import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';
import type { UserRow } from './user-view';

const COLUMNS = ['id', 'name', 'email', 'password_hash', 'role', 'tokens_valid_after'];

/** `email` must already be trimmed and lower-cased (the shared schema does it). */
export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db('users').where({ email }).first(COLUMNS);
}

export async function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db('users').where({ id }).first(COLUMNS);
}

/** Whether an account other than `exceptId` already uses this (normalised) e-mail. */
export async function emailTakenByOther(db: Knex, email: string, exceptId: number | null): Promise<boolean> {
  const query = db('users').where({ email });
  if (exceptId !== null) query.whereNot({ id: exceptId });
  return (await query.first('id')) !== undefined;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role: string;
}

/** Inserts an account and answers its id (MySQL and SQLite both answer [id]). */
export async function insertUser(db: Knex, user: NewUser, now: Date): Promise<number> {
  const stamp = toDbDateTime(now);
  const [id] = await db('users').insert({
    name: user.name,
    email: user.email,
    password_hash: user.passwordHash,
    role: user.role,
    created_at: stamp,
    updated_at: stamp,
  });
  return Number(id);
}

export interface UserChanges {
  name: string;
  email: string;
  /** With a new password, tokens issued before `tokensValidAfter` are refused. */
  password?: { hash: string; tokensValidAfter: Date };
}

export async function updateUser(db: Knex, id: number, changes: UserChanges, now: Date): Promise<void> {
  await db('users')
    .where({ id })
    .update({
      name: changes.name,
      email: changes.email,
      updated_at: toDbDateTime(now),
      ...(changes.password
        ? {
            password_hash: changes.password.hash,
            tokens_valid_after: toDbDateTime(changes.password.tokensValidAfter),
          }
        : {}),
    });
}
