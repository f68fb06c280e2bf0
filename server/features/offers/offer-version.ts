import type { RevisionData } from '#shared/revisions';
import { imageList, versionFields } from '#server/features/revisions';

/** An offer row as a revision keeps it: its columns and its one image. */
export function offerVersion(row: Record<string, unknown>): RevisionData {
  return { fields: versionFields(row), images: imageList([row.image as string | null]) };
}
