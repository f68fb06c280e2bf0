import type { Knex } from 'knex';
import { encodeJson, toDbDateTime } from '#server/db/dialect';

/**
 * Writing the activity log (docs/decisions/0036-activity-log.md). Every write of the back
 * office and of the API with a token records one row, in the same transaction as the change
 * it describes: pass the transaction the change runs in, so a change that rolls back leaves
 * no row and a row never describes a change that did not happen.
 *
 *   await db.transaction(async (trx) => {
 *     const before = await trx('products').where({ id }).first();
 *     await trx('products').where({ id }).update(values);
 *     await recordActivity(trx, actor, {
 *       action: 'update', entity: 'product', entityId: id, label: before.name,
 *       changes: changedFields(before, { ...before, ...values }),
 *     });
 *   });
 */

/** Who did it: the signed-in user, or null for what nobody signed in did (a failed sign-in). */
export interface Actor {
  id: number;
  name: string;
}

/** What is recorded. Actions and entities are short English keys; the screen labels them in French. */
export type ActivityAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'status'
  | 'publish'
  | 'unpublish'
  | 'assign'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_change'
  | 'password_reset'
  | 'invitation'
  | 'invitation_accepted'
  | 'role_change'
  | 'deactivate'
  | 'reactivate'
  | 'tracking_link'
  | 'client_message'
  | 'backup';

export interface ActivityEntry {
  action: ActivityAction;
  /** The kind of record: 'product', 'category', 'project', 'submission', 'user', ... */
  entity: string;
  entityId?: number | string | null;
  /** What a person recognises the record by: a product's name, a request's reference. */
  label?: string | null;
  /** field -> [old, new]; secrets are dropped here whatever the caller passes. */
  changes?: Record<string, readonly [unknown, unknown]> | null;
}

/** Fields whose values never reach the log: a password, a hash, a token, a secret. */
const SECRET_FIELD = /pass(word)?|hash|token|secret|jti/i;

const LABEL_MAX = 255;

function withoutSecrets(changes: ActivityEntry['changes']): Record<string, [unknown, unknown]> | null {
  if (!changes) return null;
  const kept: Record<string, [unknown, unknown]> = {};
  for (const [field, [before, after]] of Object.entries(changes)) {
    kept[field] = SECRET_FIELD.test(field) ? ['[masqué]', '[masqué]'] : [before, after];
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

export async function recordActivity(
  db: Knex | Knex.Transaction,
  actor: Actor | null,
  entry: ActivityEntry,
  now: Date = new Date(),
): Promise<void> {
  const changes = withoutSecrets(entry.changes);
  await db('activity_log').insert({
    created_at: toDbDateTime(now),
    user_id: actor?.id ?? null,
    user_name: actor?.name ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    label: entry.label ? entry.label.slice(0, LABEL_MAX) : null,
    changes: changes ? encodeJson(changes) : null,
  });
}

/** A comparable form of a column's value: dates as ISO text, JSON text as its value. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value ?? null;
}

/**
 * The fields of `after` whose value differs from `before`, as field -> [old, new]. Only the
 * keys of `after` are compared (what the write set), so columns the write did not touch
 * (updated_at, counters) are left out by passing only the written values.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    const old = comparable(before?.[field]);
    const next = comparable(value);
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[field] = [old, next];
  }
  return changes;
}
