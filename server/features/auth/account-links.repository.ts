import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';
import { hashLinkToken, isLinkTokenShape, newLinkToken } from '#server/auth/link-token';

/**
 * Rows of account_links (docs/data-model.md): the one-use links of staff accounts, by the
 * SHA-256 of their token only (docs/decisions/0035-staff-accounts-and-one-use-links.md).
 */
export type LinkPurpose = 'invitation' | 'reset';

export interface UsableLink {
  id: number;
  userId: number;
}

/**
 * Stores a new link for `userId` and answers its token. Every other unused link of the
 * same purpose is deleted in the same statement's transaction: a new invitation or a new
 * reset request voids the older links.
 */
export async function issueLink(
  trx: Knex.Transaction,
  userId: number,
  purpose: LinkPurpose,
  validMs: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  await trx('account_links').where({ user_id: userId, purpose }).whereNull('used_at').delete();
  // Expired and used rows of anyone are of no use any more: purged here, no timer needed.
  await trx('account_links').where('expires_at', '<', toDbDateTime(now)).delete();
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + validMs);
  await trx('account_links').insert({
    user_id: userId,
    purpose,
    token_hash: hash,
    expires_at: toDbDateTime(expiresAt),
    used_at: null,
    created_at: toDbDateTime(now),
  });
  return { token, expiresAt };
}

/** The link a token opens now (unused, not expired, of that purpose), or null. */
export async function findUsableLink(
  db: Knex | Knex.Transaction,
  token: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<UsableLink | null> {
  if (!isLinkTokenShape(token)) return null;
  const row: { id: number | string; user_id: number | string } | undefined = await db('account_links')
    .where({ token_hash: hashLinkToken(token), purpose })
    .whereNull('used_at')
    .andWhere('expires_at', '>', toDbDateTime(now))
    .first('id', 'user_id');
  return row ? { id: Number(row.id), userId: Number(row.user_id) } : null;
}

/**
 * Marks the link used, if nobody used it meanwhile: of two requests racing with one token,
 * exactly one gets true (one conditional UPDATE, checked by its count).
 */
export async function useLink(trx: Knex.Transaction, link: UsableLink, now: Date): Promise<boolean> {
  const affected = await trx('account_links')
    .where({ id: link.id })
    .whereNull('used_at')
    .andWhere('expires_at', '>', toDbDateTime(now))
    .update({ used_at: toDbDateTime(now) });
  return affected === 1;
}

/** Voids every unused link of an account (deactivation, a password set). */
export async function voidLinks(
  trx: Knex | Knex.Transaction,
  userId: number,
  purpose?: LinkPurpose,
): Promise<void> {
  const query = trx('account_links').where({ user_id: userId }).whereNull('used_at');
  if (purpose) query.andWhere({ purpose });
  await query.delete();
}
