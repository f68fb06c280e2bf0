import type { BulkAnswer } from '#shared/bulk';
import type { PromotionBulkInput } from '#shared/schemas/promotion';
import { bulkIds } from '#server/db/bulk';
import type { Actor } from '#server/features/activity';
import { publishMany, type PublishedKind } from '#server/features/publication';
import { moveManyToTrash } from '#server/features/trash';
import type { CleanupLog } from '#server/images/admin-images';
import { promotionAdminIds } from './promotion-admin-list';
import { promotionTrash } from './promotion-trash';
import { promotionVersion } from './promotion-version';
import type { PromotionsDeps } from './promotions.service';

const PROMOTIONS: PublishedKind = {
  table: 'promotions',
  entity: 'promotion',
  kind: 'promotion',
  label: (row) => String(row.title),
  version: (_trx, row) => promotionVersion(row),
};

/**
 * POST /api/admin/promotions/bulk (docs/product-rules.md, "Bulk actions"): the promotions
 * ticked, or every promotion of the filtered list, published now, back to draft, or moved
 * to the trash with their image as 'Supprimer' moves one.
 */
export function promotionBulk(deps: PromotionsDeps) {
  return async (actor: Actor, input: PromotionBulkInput, log?: CleanupLog): Promise<BulkAnswer> => {
    const now = deps.now?.() ?? new Date();
    const ids = await bulkIds(input, (filter) => promotionAdminIds(deps.db, filter, now));
    if (input.action === 'delete') return moveManyToTrash(deps, actor, promotionTrash, ids);
    return publishMany(deps, actor, PROMOTIONS, ids, input.action, log);
  };
}
