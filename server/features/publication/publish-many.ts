import type { Knex } from 'knex';
import type { ActivityEntity } from '#shared/activity';
import { bulkMessages, type BulkAnswer } from '#shared/bulk';
import { runBulk } from '#server/db/bulk';
import { toDbDateTime } from '#server/db/dialect';
import { publicationChange, type PublicationAction } from '#server/db/publication';
import { whereNotTrashed, type PublishedTable } from '#server/db/visibility';
import { recordRowWrite, type Actor } from '#server/features/activity';

/**
 * 'Publier' and 'Dépublier' of a content list's bulk bar (docs/product-rules.md, "Bulk
 * actions"), for the kinds whose state is `publication` (shared/publication.ts): each row
 * changed is logged as a publication or an unpublication with what changed, as the
 * testimonials' quick publication logs one. No revision is kept: a version never holds the
 * publication state (docs/decisions/0040-revisions.md), so it would repeat the current one.
 * A row already as asked is left alone, a row gone or in the trash is refused.
 */
export interface PublishedKind {
  table: Exclude<PublishedTable, 'testimonials'>;
  entity: ActivityEntity;
  label: (row: Record<string, unknown>) => string;
}

export async function publishMany(
  deps: { db: Knex; now?: () => Date },
  actor: Actor,
  kind: PublishedKind,
  ids: readonly number[],
  action: PublicationAction,
): Promise<BulkAnswer> {
  const at = deps.now?.() ?? new Date();
  return runBulk(deps.db, ids, async (trx, id) => {
    const row = (await whereNotTrashed(trx(kind.table).where({ id })).first()) as
      Record<string, unknown> | undefined;
    if (!row) return { refused: bulkMessages.notFound };
    const change = publicationChange(row, action, at);
    if (!change) return 'unchanged';
    await trx(kind.table)
      .where({ id })
      .update({ ...change, updated_at: toDbDateTime(at) });
    await recordRowWrite(trx, actor, {
      action,
      entity: kind.entity,
      table: kind.table,
      id,
      before: row,
      label: kind.label,
    });
    return 'changed';
  });
}
