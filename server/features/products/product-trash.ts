import type { TrashKindHandler } from '#server/features/trash';
import { galleryOf } from './product-view';
import { deleteProduct } from './products.repository';

export const productTrashMessages = {
  categoryInTrash:
    'La catégorie de ce produit est dans la corbeille : restaurez d’abord la catégorie, puis le produit.',
} as const;

/**
 * Products in the trash (docs/decisions/0039-trash.md). A product whose category is in the
 * trash does not come back alone: the public site would show it under a category it does
 * not show, so the restore is refused until the category is restored.
 */
export const productTrash: TrashKindHandler = {
  kind: 'product',
  table: 'products',
  entity: 'product',
  label: (row) => String(row.name),
  publicImages: async (row) => [
    ...(typeof row.image === 'string' ? [row.image] : []),
    ...galleryOf({ gallery: row.gallery as string | null }),
  ],
  async refuseRestore(row, trx) {
    const category = await trx('categories')
      .where('id', row.category_id as number)
      .first('deleted_at');
    return category && category.deleted_at !== null ? productTrashMessages.categoryInTrash : null;
  },
  async purgeRow(row, trx) {
    await deleteProduct(trx, row.id);
    return [];
  },
};
