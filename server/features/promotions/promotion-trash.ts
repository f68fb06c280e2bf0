import type { TrashKindHandler } from '#server/features/trash';
import { deletePromotion } from './promotions.repository';

/** Promotions in the trash (docs/decisions/0039-trash.md): their one image. */
export const promotionTrash: TrashKindHandler = {
  kind: 'promotion',
  table: 'promotions',
  entity: 'promotion',
  label: (row) => String(row.title),
  publicImages: async (row) => (typeof row.image === 'string' ? [row.image] : []),
  async purgeRow(row, trx) {
    await deletePromotion(trx, row.id);
    return [];
  },
};
