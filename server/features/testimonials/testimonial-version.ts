import type { RevisionData } from '#shared/revisions';
import { imageList, versionFields } from '#server/features/revisions';

/**
 * A testimonials row as a revision keeps it: its columns and its photo.
 * Its `published` flag is its publication state, which a version does not hold.
 */
export function testimonialVersion(row: Record<string, unknown>): RevisionData {
  return { fields: versionFields(row, ['published']), images: imageList([row.photo as string | null]) };
}
