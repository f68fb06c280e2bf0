/**
 * Drafts and scheduled publishing (docs/product-rules.md, "Trash, revisions and drafts"):
 * what the public site shows is `published` and due (`publish_at` empty or past). The
 * moment is a date and time in Cotonou (Africa/Porto-Novo) on the forms, UTC in the
 * database. Testimonials carry the same state as their `published` flag.
 */

export const PUBLICATION_STATES = {
  draft: 'Brouillon',
  published: 'Publié',
} as const;

export type Publication = keyof typeof PUBLICATION_STATES;

/** How a list shows an item's state: a draft, scheduled for later, or on the site. */
export const PUBLICATION_LABELS = {
  draft: 'Brouillon',
  scheduled: 'Programmé',
  published: 'Publié',
} as const;

export type PublicationLabel = keyof typeof PUBLICATION_LABELS;

export function isPublication(value: unknown): value is Publication {
  return typeof value === 'string' && Object.hasOwn(PUBLICATION_STATES, value);
}

/** The state a list shows: `publishAt` is an ISO string (UTC) or null. */
export function publicationLabel(
  publication: Publication,
  publishAt: string | null,
  now: Date = new Date(),
): PublicationLabel {
  if (publication === 'draft') return 'draft';
  if (publishAt && new Date(publishAt).getTime() > now.getTime()) return 'scheduled';
  return 'published';
}
