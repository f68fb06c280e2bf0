import type { Knex } from 'knex';
import { bulkMessages, type BulkAnswer, type BulkRefusal } from '#shared/bulk';
import { TRASH_MESSAGES, type TrashItem, type TrashKind } from '#shared/trash';
import { bulkAnswer } from '#server/db/bulk';
import { encodeJson, fromDbDateTime, toDbDateTime, toNumber } from '#server/db/dialect';
import { ConflictError, NotFoundError } from '#server/errors';
import type { StorageLayout } from '#server/storage/layout';
import { recordActivity, type Actor } from '#server/features/activity';
import {
  copyFiles,
  ensureMovable,
  ensureRemovable,
  itemImageKeys,
  movedFilesOf,
  trashKeyOf,
  type MovedFile,
} from './trash-files';
import type { TrashKindHandler, TrashRow } from './trash-kind';

/**
 * The trash (docs/product-rules.md, "Trash"; docs/decisions/0039-trash.md). A deletion
 * marks the row (`deleted_at`), records a `trash` row (what, by whom, when, the files moved
 * aside) and moves the item's public images aside; a restore undoes all three; a purge
 * deletes the row (the handler's `purgeRow`), its versions and its files for good.
 *
 * Files and rows cannot change in one transaction: files are first copied to where they
 * go, the rows are then written, and only once that commits are the copies' sources
 * removed. A failed write removes the copies again, so the item is never half moved.
 */
export interface TrashDeps {
  db: Knex;
  layout: StorageLayout;
  /** TRASH_RETENTION_DAYS. */
  retentionDays: number;
  now?: (() => Date) | undefined;
}

/** What moving, restoring and purging one item need (the period is the list's and the timer's). */
export type TrashWriteDeps = Omit<TrashDeps, 'retentionDays'>;

const DAY_MS = 24 * 60 * 60 * 1000;

interface TrashEntry {
  id: number;
  kind: string;
  entity_id: number | string;
  label: string;
  deleted_at: string | Date;
  deleted_by: number | null;
  deleted_by_name: string | null;
  files: unknown;
}

async function entryOf(db: Knex | Knex.Transaction, kind: TrashKind, id: number): Promise<TrashEntry | null> {
  return ((await db('trash').where({ kind, entity_id: id }).first()) as TrashEntry | undefined) ?? null;
}

/** Whole days before the purge of an item trashed at `deletedAt` (0 on its last day). */
export function daysLeft(deletedAt: Date, retentionDays: number, now: Date): number {
  const left = deletedAt.getTime() + retentionDays * DAY_MS - now.getTime();
  return Math.max(0, Math.floor(left / DAY_MS));
}

/**
 * Moves item `id` of `handler`'s kind to the trash. Answers false when there is no such
 * live row (the caller answers its own 404); a refusal (refuseTrash) is a 409.
 */
export async function moveToTrash(
  deps: TrashWriteDeps,
  actor: Actor,
  handler: TrashKindHandler,
  id: number,
): Promise<boolean> {
  const { db, layout } = deps;
  const now = deps.now?.() ?? new Date();
  const row = (await db(handler.table).where('id', id).whereNull('deleted_at').first()) as
    TrashRow | undefined;
  if (!row) return false;
  const keys = await itemImageKeys(db, handler, row, layout);
  const pairs = keys.map((key): MovedFile => [key, trashKeyOf(key)]);
  // Storage that refuses writes stops the deletion here, row and files untouched.
  await ensureMovable(layout.files, pairs);
  const moved = await copyFiles(layout.files, pairs, 'aside');
  let done: boolean;
  try {
    done = await db.transaction(async (trx) => {
      const refusal = await handler.refuseTrash?.(row, trx);
      if (refusal) throw new ConflictError(refusal);
      return markTrashed(trx, actor, handler, row, moved, now);
    });
  } catch (error) {
    await layout.files.remove(moved.map(([, aside]) => aside));
    throw error;
  }
  // Trashed meanwhile by another request: the copies are the same files its entry records.
  if (!done) return false;
  await layout.files.remove(moved.map(([original]) => original));
  return true;
}

/**
 * Inside the deletion's transaction: marks the row, records its trash entry (with the files
 * moved aside) and the activity log's line. False when another request trashed it first.
 */
async function markTrashed(
  trx: Knex.Transaction,
  actor: Actor,
  handler: TrashKindHandler,
  row: TrashRow,
  moved: readonly MovedFile[],
  now: Date,
): Promise<boolean> {
  const stamp = toDbDateTime(now);
  const marked = await trx(handler.table)
    .where('id', row.id)
    .whereNull('deleted_at')
    .update({ deleted_at: stamp });
  if (marked === 0) return false;
  const label = (await handler.label(row, trx)).slice(0, 255);
  // A stale entry (a row un-trashed by hand) would block the unique (kind, entity_id).
  await trx('trash').where({ kind: handler.kind, entity_id: row.id }).delete();
  await trx('trash').insert({
    kind: handler.kind,
    entity_id: row.id,
    label,
    deleted_at: stamp,
    deleted_by: actor.id,
    deleted_by_name: actor.name,
    files: encodeJson(moved),
  });
  await recordActivity(
    trx,
    actor,
    {
      action: 'trash',
      entity: handler.entity,
      entityId: row.id,
      label: await logLabelOf(handler, row, trx, { label }),
    },
    now,
  );
  return true;
}

/**
 * A bulk deletion (docs/product-rules.md, "Bulk actions"): every live row of `ids` to the
 * trash in one transaction, as moveToTrash moves one. A row already gone or refused by its
 * kind (a category still holding products) is answered as refused and left as it was; the
 * others move. Files are copied aside first, all of them, and the originals removed only
 * once the transaction has committed.
 */
export async function moveManyToTrash(
  deps: TrashWriteDeps,
  actor: Actor,
  handler: TrashKindHandler,
  ids: readonly number[],
): Promise<BulkAnswer> {
  const { db, layout } = deps;
  const now = deps.now?.() ?? new Date();
  const rows = new Map<number, TrashRow>();
  for (let start = 0; start < ids.length; start += 500) {
    const found = (await db(handler.table)
      .whereIn('id', ids.slice(start, start + 500))
      .whereNull('deleted_at')) as TrashRow[];
    for (const row of found)
      rows.set(toNumber(row.id as number | string), { ...row, id: toNumber(row.id as number | string) });
  }
  const plans: { row: TrashRow; pairs: MovedFile[] }[] = [];
  for (const row of rows.values()) {
    const keys = await itemImageKeys(db, handler, row, layout);
    plans.push({ row, pairs: keys.map((key): MovedFile => [key, trashKeyOf(key)]) });
  }
  await ensureMovable(
    layout.files,
    plans.flatMap((plan) => plan.pairs),
  );
  const moved = new Map<number, MovedFile[]>();
  try {
    for (const plan of plans) moved.set(plan.row.id, await copyFiles(layout.files, plan.pairs, 'aside'));
  } catch (error) {
    await layout.files.remove([...moved.values()].flat().map(([, aside]) => aside));
    throw error;
  }
  const refused: BulkRefusal[] = ids
    .filter((id) => !rows.has(id))
    .map((id) => ({ id, message: bulkMessages.notFound }));
  const trashed: number[] = [];
  // Trashed meanwhile by another request: its copies are the files that request's entry records.
  const raced = new Set<number>();
  try {
    await db.transaction(async (trx) => {
      for (const plan of plans) {
        const refusal = await handler.refuseTrash?.(plan.row, trx);
        if (refusal) refused.push({ id: plan.row.id, message: refusal });
        else if (await markTrashed(trx, actor, handler, plan.row, moved.get(plan.row.id) ?? [], now))
          trashed.push(plan.row.id);
        else {
          raced.add(plan.row.id);
          refused.push({ id: plan.row.id, message: bulkMessages.notFound });
        }
      }
    });
  } catch (error) {
    await layout.files.remove([...moved.values()].flat().map(([, aside]) => aside));
    throw error;
  }
  const kept = new Set(trashed);
  await layout.files.remove(
    [...moved.entries()]
      .filter(([id]) => !raced.has(id))
      .flatMap(([id, pairs]) => pairs.map(([original, aside]) => (kept.has(id) ? original : aside))),
  );
  refused.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return bulkAnswer(trashed.length, refused);
}

/** Brings item `id` back: its row as it was (same id, same links), its files byte for byte. */
export async function restoreFromTrash(
  deps: TrashWriteDeps,
  actor: Actor,
  handler: TrashKindHandler,
  id: number,
): Promise<void> {
  const { db, layout } = deps;
  const now = deps.now?.() ?? new Date();
  const entry = await entryOf(db, handler.kind, id);
  const row = (await db(handler.table).where('id', id).whereNotNull('deleted_at').first()) as
    TrashRow | undefined;
  if (!entry || !row) throw new NotFoundError(TRASH_MESSAGES.notFound);
  const refusal = await db.transaction(async (trx) => (await handler.refuseRestore?.(row, trx)) ?? null);
  if (refusal) throw new ConflictError(refusal);
  const moved = movedFilesOf(entry.files);
  await ensureMovable(layout.files, moved);
  const back = await copyFiles(layout.files, moved, 'back');
  let done: boolean;
  try {
    done = await db.transaction(async (trx) => {
      const again = await handler.refuseRestore?.(row, trx);
      if (again) throw new ConflictError(again);
      const cleared = await trx(handler.table)
        .where('id', id)
        .whereNotNull('deleted_at')
        .update({ deleted_at: null });
      if (cleared === 0) return false;
      await trx('trash').where({ id: entry.id }).delete();
      await recordActivity(
        trx,
        actor,
        {
          action: 'restore',
          entity: handler.entity,
          entityId: id,
          label: await logLabelOf(handler, row, trx, entry),
        },
        now,
      );
      return true;
    });
  } catch (error) {
    await layout.files.remove(back.map(([original]) => original));
    throw error;
  }
  // Restored meanwhile by another request: the copies are the files it brought back.
  if (!done) throw new NotFoundError(TRASH_MESSAGES.notFound);
  await layout.files.remove(moved.map(([, aside]) => aside));
}

/**
 * Deletes item `id` for good: the handler's purgeRow, its kept versions, its trash entry,
 * then its files (those moved aside, and the private ones purgeRow names). `actor` null:
 * the running server's purge past the period.
 */
export async function purgeFromTrash(
  deps: TrashWriteDeps,
  actor: Actor | null,
  handler: TrashKindHandler,
  id: number,
): Promise<void> {
  const { db, layout } = deps;
  const now = deps.now?.() ?? new Date();
  const entry = await entryOf(db, handler.kind, id);
  if (!entry) throw new NotFoundError(TRASH_MESSAGES.notFound);
  const aside = movedFilesOf(entry.files).map(([, inTrash]) => inTrash);
  const privateKeys = await db.transaction(async (trx) => {
    const row = (await trx(handler.table).where('id', id).whereNotNull('deleted_at').first()) as
      TrashRow | undefined;
    let keys: string[] = [];
    if (row) {
      const refusal = await handler.refusePurge?.(row, trx);
      if (refusal) throw new ConflictError(refusal);
      keys = await handler.purgeRow(row, trx);
    }
    // Storage that refuses writes stops the purge here, rows untouched: the files could not go.
    await ensureRemovable(layout.files, [...aside, ...keys]);
    await trx('revisions').where({ kind: handler.kind, entity_id: id }).delete();
    const gone = await trx('trash').where({ id: entry.id }).delete();
    if (gone === 0) throw new NotFoundError(TRASH_MESSAGES.notFound);
    const label = row ? await logLabelOf(handler, row, trx, entry) : entry.label;
    await recordActivity(trx, actor, { action: 'purge', entity: handler.entity, entityId: id, label }, now);
    return keys;
  });
  await layout.files.remove([...aside, ...privateKeys]);
}

/** One page of the trash for `kinds` (those the reader may see), latest deletions first. */
export async function listTrash(
  deps: TrashDeps,
  kinds: readonly TrashKind[],
  paging: { page: number; per_page: number },
): Promise<{ items: TrashItem[]; total: number }> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  if (kinds.length === 0) return { items: [], total: 0 };
  const counted = await db('trash').whereIn('kind', kinds).count({ n: '*' }).first();
  const rows = (await db('trash')
    .whereIn('kind', kinds)
    .orderBy([
      { column: 'deleted_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset((paging.page - 1) * paging.per_page)
    .limit(paging.per_page)) as TrashEntry[];
  const items = rows.map((row): TrashItem => {
    const deletedAt = fromDbDateTime(row.deleted_at) ?? now;
    return {
      kind: row.kind as TrashKind,
      id: toNumber(row.entity_id),
      label: row.label,
      deletedAt: deletedAt.toISOString(),
      deletedBy: row.deleted_by_name,
      daysLeft: daysLeft(deletedAt, deps.retentionDays, now),
    };
  });
  return { items, total: toNumber((counted?.n ?? 0) as number | string) };
}

/**
 * Purges every entry of `handlers`' kinds, oldest deletion first (a category's products,
 * trashed before it, go before it), or only those trashed before `before`. An entry whose
 * purge is refused (a category still holding products) stays. Answers how many went and
 * how many stayed.
 */
export async function purgeEntries(
  deps: TrashDeps,
  actor: Actor | null,
  handlers: readonly TrashKindHandler[],
  before?: Date,
): Promise<{ purged: number; kept: number }> {
  const byKind = new Map(handlers.map((handler) => [handler.kind as string, handler]));
  if (byKind.size === 0) return { purged: 0, kept: 0 };
  const query = deps.db('trash').whereIn('kind', [...byKind.keys()]);
  if (before) query.where('deleted_at', '<', toDbDateTime(before));
  const rows = (await query.orderBy([
    { column: 'deleted_at', order: 'asc' },
    { column: 'id', order: 'asc' },
  ])) as TrashEntry[];
  let purged = 0;
  let kept = 0;
  for (const row of rows) {
    try {
      await purgeFromTrash(deps, actor, byKind.get(row.kind)!, toNumber(row.entity_id));
      purged += 1;
    } catch (error) {
      if (!(error instanceof ConflictError) && !(error instanceof NotFoundError)) throw error;
      kept += 1;
    }
  }
  return { purged, kept };
}

/** The entries past TRASH_RETENTION_DAYS at `now`, purged by nobody (the running server). */
export function purgeExpired(deps: TrashDeps, handlers: readonly TrashKindHandler[]) {
  const now = deps.now?.() ?? new Date();
  return purgeEntries(deps, null, handlers, new Date(now.getTime() - deps.retentionDays * DAY_MS));
}

/** The activity log's name for a trashed item (TrashKindHandler.logLabel), or its trash label. */
async function logLabelOf(
  handler: TrashKindHandler,
  row: TrashRow,
  trx: Knex.Transaction,
  entry: { label: string },
): Promise<string> {
  return handler.logLabel ? (await handler.logLabel(row, trx)).slice(0, 255) : entry.label;
}
