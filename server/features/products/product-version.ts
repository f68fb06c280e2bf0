import type { RevisionData } from '#shared/revisions';
import { imageList, versionFields } from '#server/features/revisions';
import { galleryOf, type ProductRow } from './product-view';

/** A products row as a revision keeps it: its columns, its main image and gallery. */
export function productVersion(row: Record<string, unknown>): RevisionData {
  return {
    fields: versionFields(row),
    images: imageList([row.image as string | null, ...galleryOf(row as Pick<ProductRow, 'gallery'>)]),
  };
}
