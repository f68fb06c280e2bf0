import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';
import type { UserRow } from './user-view';

const COLUMNS = [
  'id',
  'name',
  'email',
  'password_hash',
  'role',
  'tokens_valid_after',
  'active',
  'invitation_pending',
  'last_login_at',
  'created_at',
];

/** `email` must already be trimmed and lower-cased (the shared schema does it). */
export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db('users').where({ email }).first(COLUMNS);
}

export async function findUserById(db: Knex | Knex.Transaction, id: number): Promise<UserRow | undefined> {
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
  /** An invited account: it cannot sign in until its owner chooses a password through the link. */
  invited?: boolean;
}

/** Inserts an account and answers its id (MySQL and SQLite both answer [id]). */
export async function insertUser(db: Knex | Knex.Transaction, user: NewUser, now: Date): Promise<number> {
  const stamp = toDbDateTime(now);
  const [id] = await db('users').insert({
    name: user.name,
    email: user.email,
    password_hash: user.passwordHash,
    role: user.role,
    active: true,
    invitation_pending: user.invited ?? false,
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

/** A page of accounts, by name, with their current invitation link's expiry. */
export async function listUsers(
  db: Knex,
  paging: { page: number; per_page: number },
): Promise<{ rows: Array<UserRow & { invitation_expires_at: string | Date | null }>; total: number }> {
  const [rows, counted] = await Promise.all([
    db('users')
      .select(COLUMNS.map((column) => `users.${column}`))
      .select(
        db('account_links')
          .max('expires_at')
          .whereRaw('?? = ??', ['account_links.user_id', 'users.id'])
          .andWhere({ purpose: 'invitation' })
          .whereNull('used_at')
          .as('invitation_expires_at'),
      )
      .orderBy([
        { column: 'users.name', order: 'asc' },
        { column: 'users.id', order: 'asc' },
      ])
      .limit(paging.per_page)
      .offset((paging.page - 1) * paging.per_page),
    db('users').count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** A sign-in that succeeded. */
export async function setLastLogin(db: Knex | Knex.Transaction, id: number, now: Date): Promise<void> {
  await db('users')
    .where({ id })
    .update({ last_login_at: toDbDateTime(now) });
}
