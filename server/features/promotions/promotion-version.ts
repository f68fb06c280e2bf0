import type { RevisionData } from '#shared/revisions';
import { imageList, versionFields } from '#server/features/revisions';

/**
 * A promotions row as a revision keeps it: its columns and its image.
 */
export function promotionVersion(row: Record<string, unknown>): RevisionData {
  return { fields: versionFields(row), images: imageList([row.image as string | null]) };
}
