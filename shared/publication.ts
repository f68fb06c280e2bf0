import { businessInstant } from './calendar';

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

export const publicationMessages = {
  publicationInvalid: 'L’état de publication doit être « draft » (brouillon) ou « published » (publié).',
  publishAtInvalid: 'La date de publication est invalide (jj/mm/aaaa hh:mm).',
  filterInvalid: 'Le filtre de publication doit être « draft », « scheduled » ou « published ».',
} as const;

export function isPublicationLabel(value: unknown): value is PublicationLabel {
  return typeof value === 'string' && Object.hasOwn(PUBLICATION_LABELS, value);
}

const LOCAL_FORM = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const FRENCH_FORM = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2})[:h](\d{2})$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The moment a form or a client gives for `publish_at`: `YYYY-MM-DDTHH:MM` (a
 * datetime-local input) or `jj/mm/aaaa hh:mm` is a wall clock in Cotonou; a full ISO 8601
 * with `Z` or an offset is that instant. Null for anything else, or a day that does not
 * exist (31/02), or a year a DATETIME column does not hold.
 */
export function parsePublishAt(value: string): Date | null {
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    const at = new Date(text);
    const year = Number(text.slice(0, 4));
    return Number.isNaN(at.getTime()) || year < 1000 ? null : at;
  }
  const local = LOCAL_FORM.exec(text);
  const french = FRENCH_FORM.exec(text);
  const parts = local
    ? [local[1], local[2], local[3], local[4], local[5]]
    : french
      ? [french[3], french[2], french[1], french[4], french[5]]
      : null;
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.map(Number) as [number, number, number, number, number];
  if (year < 1000 || hour > 23 || minute > 59) return null;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  return businessInstant(year, month, day, hour, minute);
}
