/**
 * Revisions (docs/product-rules.md, "Trash, revisions and drafts"): each save of these
 * kinds keeps the version before it, up to REVISIONS_KEPT per item.
 */

export const REVISION_KINDS = {
  product: 'Produit',
  project: 'Réalisation',
  parcel: 'Parcelle',
  fleet: 'Flotte immobilière',
  misc: 'Bien divers',
  promotion: 'Promotion',
  testimonial: 'Témoignage',
} as const;

export type RevisionKind = keyof typeof REVISION_KINDS;

export const REVISIONS_KEPT = 50;

export function isRevisionKind(value: unknown): value is RevisionKind {
  return typeof value === 'string' && Object.hasOwn(REVISION_KINDS, value);
}

/**
 * What a `revisions` row's `data` holds: the item's own fields as the table stores them
 * (column names; ids, timestamps, trash and publication columns left out) and every
 * public image path the version shows, variants excluded.
 */
export interface RevisionData {
  fields: Record<string, unknown>;
  images: string[];
}
