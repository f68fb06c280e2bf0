import type { Knex } from 'knex';
import type { UsersListQuery, UsersSort } from '#shared/schemas/auth';
import { toDbDateTime } from '#server/db/dialect';
import { listPage, type ListSpec } from '#server/db/list-page';
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

/** The accounts as the users screen lists them: searched in name and e-mail, sorted by a column. */
const USERS_LIST: ListSpec<UsersSort> = {
  search: ['users.name', 'users.email'],
  sorts: {
    name: 'users.name',
    email: 'users.email',
    role: 'users.role',
    created_at: 'users.created_at',
    last_login_at: 'users.last_login_at',
  },
  id: 'users.id',
};

/** The accounts the role and state filters keep (the search is `listPage`'s). */
function filteredUsers(db: Knex, filter: Pick<UsersListQuery, 'role' | 'state'>): Knex.QueryBuilder {
  const builder = db('users');
  if (filter.role) builder.where('users.role', filter.role);
  if (filter.state === 'active') builder.where({ 'users.active': true, 'users.invitation_pending': false });
  else if (filter.state === 'invited')
    builder.where({ 'users.active': true, 'users.invitation_pending': true });
  else if (filter.state === 'deactivated') builder.where('users.active', false);
  return builder;
}

/** A page of accounts, with their current invitation link's expiry. */
export function listUsers(
  db: Knex,
  query: UsersListQuery,
): Promise<{ rows: Array<UserRow & { invitation_expires_at: string | Date | null }>; total: number }> {
  const invitationExpiry = db('account_links')
    .max('expires_at')
    .whereRaw('?? = ??', ['account_links.user_id', 'users.id'])
    .andWhere({ purpose: 'invitation' })
    .whereNull('used_at');
  return listPage(
    () => filteredUsers(db, query),
    [
      ...COLUMNS.map((column) => `users.${column}`),
      db.raw('(?) as ??', [invitationExpiry, 'invitation_expires_at']),
    ],
    query,
    USERS_LIST,
  );
}

/** A sign-in that succeeded. */
export async function setLastLogin(db: Knex | Knex.Transaction, id: number, now: Date): Promise<void> {
  await db('users')
    .where({ id })
    .update({ last_login_at: toDbDateTime(now) });
}
