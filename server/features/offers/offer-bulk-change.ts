import { publicationLabel } from '#shared/publication';
import { publishableOf } from '#server/db/publication';
import type { OfferBulkBody, OfferRow } from './offer-kind';

/**
 * What a bulk action other than the deletion writes on one offer (docs/product-rules.md,
 * "Bulk actions"), or null when the offer is already as asked:
 * - publish: on the site now, so a draft is published and a scheduled moment still to come
 *   is cleared (a past one is kept: it changes nothing);
 * - unpublish: back to draft (the moment is kept, as a form's save keeps it);
 * - set_status (parcels): the status the parcel form offers.
 */
export function offerBulkChange(
  body: Omit<OfferBulkBody, 'action'> & { action: Exclude<OfferBulkBody['action'], 'delete'> },
  now: Date,
): (row: OfferRow) => Record<string, unknown> | null {
  return (row) => {
    const { publication, publish_at } = publishableOf(row);
    const state = publicationLabel(publication, publish_at, now);
    switch (body.action) {
      case 'publish':
        if (state === 'published') return null;
        return {
          publication: 'published',
          ...(isFuture(publish_at, now) ? { publish_at: null } : {}),
        };
      case 'unpublish':
        return publication === 'draft' ? null : { publication: 'draft' };
      case 'set_status':
        return row.status === body.status ? null : { status: body.status };
    }
  };
}

function isFuture(instant: string | null, now: Date): boolean {
  return instant !== null && new Date(instant).getTime() > now.getTime();
}
