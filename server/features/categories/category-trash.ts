import { categoryMessages } from '#shared/schemas/category';
import { TRASH_MESSAGES } from '#shared/trash';
import { toNumber } from '#server/db/dialect';
import type { TrashKindHandler } from '#server/features/trash';
import { deleteCategory } from './categories.repository';

/**
 * Categories in the trash (docs/decisions/0039-trash.md). One still holding a live product
 * is not trashed (the former refusal, 409); one holding only trashed products is, and is
 * purged only once they are gone for good (products.category_id is RESTRICT).
 */
export const categoryTrash: TrashKindHandler = {
  kind: 'category',
  table: 'categories',
  entity: 'category',
  label: (row) => String(row.name),
  publicImages: async () => [],
  async refuseTrash(row, trx) {
    const live = await trx('products')
      .where('category_id', row.id)
      .whereNull('deleted_at')
      .count({ n: '*' })
      .first();
    return toNumber((live?.n ?? 0) as number | string) > 0 ? categoryMessages.notEmpty : null;
  },
  async refusePurge(row, trx) {
    const any = await trx('products').where('category_id', row.id).count({ n: '*' }).first();
    return toNumber((any?.n ?? 0) as number | string) > 0 ? TRASH_MESSAGES.categoryHoldsProducts : null;
  },
  async purgeRow(row, trx) {
    await deleteCategory(trx, row.id);
    return [];
  },
};
