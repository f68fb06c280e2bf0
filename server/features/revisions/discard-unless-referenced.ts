import type { Knex } from 'knex';
import type { RevisionKind } from '#shared/revisions';
import { discardImages, type CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';
import { revisionData, type RevisionRow } from './record-revision';

/**
 * The one way a save of a kind with revisions deletes image files, once committed
 * (docs/decisions/0040-revisions.md): an image the item still shows (`shown`) or that one of
 * its kept versions shows stays in the storage; the others go (fallback and variants).
 * `paths` are the images the save replaced and those of the versions it pruned.
 */
export async function discardUnlessReferenced(
  db: Knex,
  layout: StorageLayout,
  item: { kind: RevisionKind; id: number; shown: readonly (string | null | undefined)[] },
  paths: readonly (string | null | undefined)[],
  log?: CleanupLog,
): Promise<void> {
  const candidates = paths.filter((path): path is string => !!path && !item.shown.includes(path));
  if (candidates.length === 0) return;
  const rows = (await db('revisions').where({ kind: item.kind, entity_id: item.id }).select('data')) as Pick<
    RevisionRow,
    'data'
  >[];
  const kept = new Set(rows.flatMap((row) => revisionData(row).images));
  await discardImages(
    [...new Set(candidates)].filter((path) => !kept.has(path)),
    layout,
    log,
  );
}
