import { publicationChange } from '#server/db/publication';
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
    if (body.action === 'set_status') return row.status === body.status ? null : { status: body.status };
    return publicationChange(row, body.action, now);
  };
}
