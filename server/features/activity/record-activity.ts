import type { Knex } from 'knex';
import type { ActivityAction, ActivityEntity } from '#shared/activity';
import { encodeJson, toDbDateTime } from '#server/db/dialect';
import { NotFoundError } from '#server/errors';

/**
 * Writing the activity log (docs/decisions/0036-activity-log.md). Every write of the back
 * office and of the API with a token records one row, in the same transaction as the change
 * it describes: pass the transaction the change runs in, so a change that rolls back leaves
 * no row and a row never describes a change that did not happen.
 *
 * Who: every write method of a service takes the `actor` (id and name at the time) as its
 * first argument; a route passes `actorOf(res)` (server/http/actor.ts). What: read the row
 * before and after the write in the transaction (tableRow) and keep what differs:
 *
 *   await db.transaction(async (trx) => {
 *     const before = await tableRow(trx, 'products', id);
 *     await trx('products').where({ id }).update(values);
 *     const after = await tableRow(trx, 'products', id);
 *     await recordActivity(trx, actor, {
 *       action: 'update', entity: 'product', entityId: id, label: after.name,
 *       changes: changedFields(before, after),
 *     });
 *   });
 *
 * Files are recorded by their stored names, never their bytes; a deletion records no values
 * (the label says what went, and a deleted message's personal data does not live on here).
 */

/** Who did it: the signed-in user, or null for what nobody signed in did (a failed sign-in). */
export interface Actor {
  id: number;
  name: string;
}

/** What is recorded: short English keys (shared/activity.ts), labelled in French by the screen. */
export type { ActivityAction, ActivityEntity };

export interface ActivityEntry {
  action: ActivityAction;
  /** The kind of record: 'product', 'category', 'project', 'submission', 'user', ... */
  entity: ActivityEntity;
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

/** Bookkeeping columns every write touches: never "what changed". */
const BOOKKEEPING = new Set(['created_at', 'updated_at']);

const DECIMAL_TEXT = /^-?\d+\.\d+$/;

/**
 * A comparable and readable form of a column's value, the same on both engines: dates as
 * ISO text, MySQL's DECIMAL text as a number, a JSON list or object kept as TEXT as its value.
 */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return `[${value.length} octets]`;
  if (typeof value === 'string') {
    if (DECIMAL_TEXT.test(value)) return Number(value);
    if (/^\s*[[{]/.test(value)) {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }
  }
  return value ?? null;
}

/**
 * The fields of `after` whose value differs from `before`, as field -> [old, new]. Only the
 * keys of `after` are compared (what the write set, or the row as read back after it), and
 * created_at / updated_at never count. Pass `before` null for a creation: every field set.
 * Read both rows from the same table in the same transaction (tableRow) so both sides come
 * from the same driver and compare alike.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    if (BOOKKEEPING.has(field) || field === 'id') continue;
    const old = comparable(before?.[field]);
    const next = comparable(value);
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[field] = [old, next];
  }
  return changes;
}

/** A row of `table` by id as the driver answers it, for changedFields; null when absent. */
export async function tableRow(
  db: Knex | Knex.Transaction,
  table: string,
  id: number,
): Promise<Record<string, unknown> | null> {
  return ((await db(table).where('id', id).first()) as Record<string, unknown> | undefined) ?? null;
}

/**
 * The row of a creation or an update of one table row, read back in the write's
 * transaction: its label from the row as it now is, its changes against `before` (null for
 * a creation). Answers the row read back.
 */
export async function recordRowWrite(
  trx: Knex.Transaction,
  actor: Actor,
  write: {
    action: 'create' | 'update' | 'publish' | 'unpublish' | 'status' | 'revert';
    entity: ActivityEntity;
    table: string;
    id: number;
    before: Record<string, unknown> | null;
    label: (row: Record<string, unknown>) => string | null;
    /** Values not in the table (a file's original name), merged into the changes. */
    extra?: Record<string, [unknown, unknown]>;
  },
): Promise<Record<string, unknown> | null> {
  const after = await tableRow(trx, write.table, write.id);
  if (!after) return null;
  await recordActivity(trx, actor, {
    action: write.action,
    entity: write.entity,
    entityId: write.id,
    label: write.label(after),
    changes: { ...changedFields(write.before, after), ...write.extra },
  });
  return after;
}

/**
 * The recorder of one table's creations and updates, for a service that writes whole rows:
 * the write's row logged from the row read back in its transaction, and a row gone
 * meanwhile answered as the feature's 404 (which rolls the write back).
 *
 *   const recordWrite = rowWriteRecorder({ entity: 'product', table: 'products',
 *     label: (row) => String(row.name), notFound: productMessages.notFound });
 *   await recordWrite(trx, actor, 'update', id, before);
 */
export function rowWriteRecorder(options: {
  entity: ActivityEntity;
  table: string;
  label: (row: Record<string, unknown>) => string | null;
  notFound: string;
}) {
  return async (
    trx: Knex.Transaction,
    actor: Actor,
    action: 'create' | 'update' | 'publish' | 'unpublish' | 'revert',
    id: number,
    before: Record<string, unknown> | null,
  ): Promise<void> => {
    const { entity, table, label } = options;
    const after = await recordRowWrite(trx, actor, { action, entity, table, id, before, label });
    if (!after) throw new NotFoundError(options.notFound);
  };
}
