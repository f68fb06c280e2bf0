import { businessWallClock } from '#shared/calendar';
import { formatDateTime } from '#shared/format';
import {
  parsePublishAt,
  publicationLabel,
  type Publication,
  type PublicationLabel,
} from '#shared/publication';

/**
 * The 'Publication' block's values and wording (docs/product-rules.md, "Drafts and scheduled
 * publishing"): the state, and `publish_at` as a datetime-local input holds it, a wall
 * clock in Cotonou ('YYYY-MM-DDTHH:MM', '' for none). Pure, tested in
 * tests/unit/admin-publication.test.ts.
 */
export type PublicationValues = { publication: Publication; publish_at: string };

/** A new item is published as soon as it is saved, as before drafts existed. */
export const NEW_PUBLICATION: PublicationValues = { publication: 'published', publish_at: '' };

/** The kinds `POST /admin/preview/{kind}/{id}` knows. */
export type PreviewKind = 'product' | 'project' | 'parcel' | 'fleet' | 'misc' | 'promotion' | 'testimonial';

/** A stored UTC instant (ISO 8601) as the datetime-local input shows it in Cotonou. */
export function publishAtInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const p = businessWallClock(at);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The stored item's state as form values (edit). */
export function publicationToValues(item: {
  publication?: Publication;
  publish_at?: string | null;
}): PublicationValues {
  return {
    publication: item.publication ?? 'published',
    publish_at: publishAtInput(item.publish_at),
  };
}

/** The form's state in a request body: what the input holds, Cotonou time, '' for none. */
export function appendPublication(body: FormData, values: Partial<PublicationValues>): void {
  if (values.publication) body.append('publication', values.publication);
  body.append('publish_at', values.publish_at ?? '');
}

/** The instant the form's moment names, or null (empty or not a moment). */
function momentOf(publishAt: string): Date | null {
  return publishAt.trim() ? parsePublishAt(publishAt) : null;
}

/** What saving the form will do, in one line under the block. */
export function publicationOutcome(values: PublicationValues, now: Date = new Date()): string {
  if (values.publication === 'draft') return 'Brouillon : invisible sur le site';
  const at = momentOf(values.publish_at);
  if (at && at.getTime() > now.getTime()) return `Programmé : visible le ${formatDateTime(at)}`;
  return 'Visible sur le site dès maintenant';
}

/** A list row's badge: its label key and, when scheduled, the moment for the tooltip. */
export function publicationBadge(
  publication: Publication,
  publishAt: string | null,
  now: Date = new Date(),
): { label: PublicationLabel; title?: string } {
  const label = publicationLabel(publication, publishAt, now);
  return label === 'scheduled' && publishAt
    ? { label, title: `Visible le ${formatDateTime(new Date(publishAt))}` }
    : { label };
}

/** The lists' 'État' filter's choices (`?etat=` in the address, `publication` for the API). */
export const PUBLICATION_FILTER_OPTIONS = [
  { value: 'draft', label: 'Brouillons' },
  { value: 'scheduled', label: 'Programmés' },
  { value: 'published', label: 'Publiés' },
] as const;
