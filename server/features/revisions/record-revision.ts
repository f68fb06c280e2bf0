import type { Knex } from 'knex';
import { REVISIONS_KEPT, type RevisionData, type RevisionKind } from '#shared/revisions';
import { decodeJson, encodeJson, toDbDateTime } from '#server/db/dialect';
import type { Actor } from '#server/features/activity';

/**
 * Keeping the versions of an item (docs/product-rules.md, "Revisions";
 * docs/decisions/0040-revisions.md): each save calls recordRevision in its own transaction
 * with the version before it, so a save that rolls back keeps no version.
 */

/** Columns a version never holds: identity, bookkeeping, the trash and the publication state. */
const NOT_A_VERSION = new Set(['id', 'created_at', 'updated_at', 'deleted_at', 'publication', 'publish_at']);

const DECIMAL_TEXT = /^-?\d+\.\d+$/;

/**
 * A table row's fields as a version keeps them: the columns as stored, minus NOT_A_VERSION
 * and `also`; MySQL's DECIMAL text as a number so both engines keep the same JSON.
 */
export function versionFields(
  row: Record<string, unknown>,
  also: readonly string[] = [],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (NOT_A_VERSION.has(column) || also.includes(column)) continue;
    if (typeof value === 'bigint') fields[column] = Number(value);
    else if (typeof value === 'string' && DECIMAL_TEXT.test(value)) fields[column] = Number(value);
    else if (value instanceof Date) fields[column] = toDbDateTime(value);
    else fields[column] = value ?? null;
  }
  return fields;
}

/** The image paths of a list, empty and repeated ones left out. */
export function imageList(paths: readonly (string | null | undefined)[]): string[] {
  return [...new Set(paths.filter((path): path is string => typeof path === 'string' && path !== ''))];
}

export interface RevisionRow {
  id: number | string;
  kind: string;
  entity_id: number | string;
  data: string;
  user_id: number | string | null;
  user_name: string | null;
  created_at: string | Date;
}

/** A row's `data`, never trusted: a damaged one reads as an empty version. */
export function revisionData(row: Pick<RevisionRow, 'data'>): RevisionData {
  const data = decodeJson<Partial<RevisionData>>(row.data, {});
  return {
    fields: data.fields && typeof data.fields === 'object' ? data.fields : {},
    images: Array.isArray(data.images) ? data.images.filter((p): p is string => typeof p === 'string') : [],
  };
}

/**
 * Keeps `version` (the item before the save) and drops the item's oldest versions past
 * REVISIONS_KEPT, in the save's transaction. Answers the images of the dropped versions:
 * the caller deletes, once committed, those nothing references any more
 * (discardUnlessReferenced).
 */
export async function recordRevision(
  trx: Knex.Transaction,
  actor: Actor,
  kind: RevisionKind,
  id: number,
  version: RevisionData,
  now: Date = new Date(),
): Promise<string[]> {
  await trx('revisions').insert({
    kind,
    entity_id: id,
    data: encodeJson({ fields: version.fields, images: imageList(version.images) }),
    user_id: actor.id,
    user_name: actor.name,
    created_at: toDbDateTime(now),
  });
  const kept = (await trx('revisions')
    .where({ kind, entity_id: id })
    .orderBy('id', 'desc')
    .limit(REVISIONS_KEPT)
    .pluck('id')) as (number | string)[];
  const oldest = Math.min(...kept.map(Number));
  const pruned = (await trx('revisions')
    .where({ kind, entity_id: id })
    .where('id', '<', oldest)
    .select('id', 'data')) as Pick<RevisionRow, 'id' | 'data'>[];
  if (pruned.length === 0) return [];
  await trx('revisions')
    .whereIn(
      'id',
      pruned.map((row) => row.id),
    )
    .delete();
  return imageList(pruned.flatMap((row) => revisionData(row).images));
}
