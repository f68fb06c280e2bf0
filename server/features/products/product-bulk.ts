import { bulkMessages, type BulkAnswer } from '#shared/bulk';
import { productMessages, type ProductBulkInput } from '#shared/schemas/product';
import { bulkIds, runBulk } from '#server/db/bulk';
import { isForeignKeyViolation, toDbDateTime } from '#server/db/dialect';
import { publicationChange } from '#server/db/publication';
import { whereNotTrashed } from '#server/db/visibility';
import { ValidationError } from '#server/errors';
import type { CleanupLog } from '#server/images/admin-images';
import { tableRow, type Actor } from '#server/features/activity';
import { categoryExists } from '#server/features/categories';
import { discardUnlessReferenced, recordRevision } from '#server/features/revisions';
import { moveManyToTrash } from '#server/features/trash';
import { productAdminIds } from './product-admin-list';
import { productTrash } from './product-trash';
import { productVersion } from './product-version';
import { galleryOf } from './product-view';
import { updateProduct } from './products.repository';
import { recordProductWrite, type ProductsDeps } from './products.service';

/**
 * The product list's bulk actions (docs/product-rules.md, "Bulk actions"): publish now,
 * back to draft, move to another category, or to the trash. Each changed product is saved
 * as the product form saves it: its version before the change kept as a revision
 * (docs/decisions/0040-revisions.md) and an 'update' line in the activity log with what
 * changed. A product already as asked is left alone and not counted.
 */

type Row = Record<string, unknown>;

/** The columns the action changes on `row`, or null when the row is already as asked. */
function changeOf(body: ProductBulkInput, row: Row, now: Date): Row | null {
  switch (body.action) {
    case 'publish':
    case 'unpublish':
      // The one rule of 'publish now' and 'back to draft' (server/db/publication.ts).
      return publicationChange(row, body.action, now);
    case 'move_category':
      return Number(row.category_id) === body.category_id ? null : { category_id: body.category_id };
    default:
      return null;
  }
}

const categoryGone = () => new ValidationError({ category_id: [productMessages.moveCategoryGone] });

export function productBulk({ db, layout, now = () => new Date() }: ProductsDeps) {
  return async function bulk(actor: Actor, body: ProductBulkInput, log?: CleanupLog): Promise<BulkAnswer> {
    const at = now();
    const ids = await bulkIds(body, (filter) => productAdminIds(db, filter, at));
    if (body.action === 'delete') return moveManyToTrash({ db, layout, now }, actor, productTrash, ids);
    // A move to a category that is gone or in the trash moves nothing.
    if (body.action === 'move_category' && !(await categoryExists(db, body.category_id!)))
      throw categoryGone();

    // Images of the versions the revisions pruned, deleted once the changes are committed.
    const pruned = new Map<number, string[]>();
    let answer: BulkAnswer;
    try {
      answer = await runBulk(db, ids, async (trx, id) => {
        const before = (await whereNotTrashed(trx('products')).where('id', id).first()) as Row | undefined;
        if (!before) return { refused: bulkMessages.notFound };
        const change = changeOf(body, before, at);
        if (change === null) return 'unchanged';
        await updateProduct(trx, id, { ...change, updated_at: toDbDateTime(at) });
        pruned.set(id, await recordRevision(trx, actor, 'product', id, productVersion(before), at));
        await recordProductWrite(trx, actor, 'update', id, before);
        return 'changed';
      });
    } catch (error) {
      // The category deleted for good meanwhile (products.category_id is RESTRICT).
      if (isForeignKeyViolation(error)) throw categoryGone();
      throw error;
    }
    for (const [id, paths] of pruned) {
      if (paths.length === 0) continue;
      const row = await tableRow(db, 'products', id);
      const shown = row ? [row.image as string | null, ...galleryOf(row as { gallery: string | null })] : [];
      await discardUnlessReferenced(db, layout, { kind: 'product', id, shown }, paths, log);
    }
    return answer;
  };
}
