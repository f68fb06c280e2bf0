import type { Knex } from 'knex';
import type { ActivityEntity } from '#shared/activity';
import { bulkMessages, type BulkAnswer } from '#shared/bulk';
import type { RevisionData, RevisionKind } from '#shared/revisions';
import { runBulk } from '#server/db/bulk';
import { toDbDateTime } from '#server/db/dialect';
import { publicationChange, type PublicationAction } from '#server/db/publication';
import { whereNotTrashed, type PublishedTable } from '#server/db/visibility';
import { recordRowWrite, type Actor } from '#server/features/activity';
import { discardUnlessReferenced, recordRevision } from '#server/features/revisions';
import type { CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';

/**
 * 'Publier' and 'Dépublier' of a content list's bulk bar (docs/product-rules.md, "Bulk
 * actions"), for the kinds whose state is `publication` (shared/publication.ts): each row
 * changed is saved as its form saves a new state, the version before kept in the revisions
 * (docs/decisions/0040-revisions.md) and an 'update' in the activity log with what changed.
 * A row already as asked is left alone, a row gone or in the trash is refused.
 */
export interface PublishedKind {
  table: Exclude<PublishedTable, 'testimonials'>;
  entity: ActivityEntity;
  kind: RevisionKind;
  label: (row: Record<string, unknown>) => string;
  /** The row as a revision keeps it, its images included. */
  version: (trx: Knex.Transaction, row: Record<string, unknown>) => RevisionData | Promise<RevisionData>;
}

export interface PublishManyDeps {
  db: Knex;
  layout: StorageLayout;
  now?: () => Date;
}

export async function publishMany(
  deps: PublishManyDeps,
  actor: Actor,
  kind: PublishedKind,
  ids: readonly number[],
  action: PublicationAction,
  log?: CleanupLog,
): Promise<BulkAnswer> {
  const at = deps.now?.() ?? new Date();
  // The images of the versions each save pruned: deleted once committed, unless still shown.
  const pruned: { id: number; shown: string[]; images: string[] }[] = [];
  const answer = await runBulk(deps.db, ids, async (trx, id) => {
    const row = (await whereNotTrashed(trx(kind.table).where({ id })).first()) as
      Record<string, unknown> | undefined;
    if (!row) return { refused: bulkMessages.notFound };
    const change = publicationChange(row, action, at);
    if (!change) return 'unchanged';
    const version = await kind.version(trx, row);
    await trx(kind.table)
      .where({ id })
      .update({ ...change, updated_at: toDbDateTime(at) });
    const dropped = await recordRevision(trx, actor, kind.kind, id, version, at);
    // A change of state leaves the images as they were: the version's are the ones shown.
    if (dropped.length > 0) pruned.push({ id, shown: version.images, images: dropped });
    await recordRowWrite(trx, actor, {
      action: 'update',
      entity: kind.entity,
      table: kind.table,
      id,
      before: row,
      label: kind.label,
    });
    return 'changed';
  });
  for (const item of pruned)
    await discardUnlessReferenced(
      deps.db,
      deps.layout,
      { kind: kind.kind, id: item.id, shown: item.shown },
      item.images,
      log,
    );
  return answer;
}
