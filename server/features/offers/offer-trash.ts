import type { TrashKind } from '#shared/trash';
import type { TrashKindHandler } from '#server/features/trash';
import { fleetKind } from './fleet-kind';
import { miscellaneousKind } from './miscellaneous-kind';
import type { OfferKind, OfferTable } from './offer-kind';

type TrashedOffer = Pick<OfferKind<object, object, unknown>, 'table' | 'entity' | 'labelOf'>;
import { deleteOfferRow } from './offers.repository';
import { parcelKind } from './parcel-kind';

/** One offer kind in the trash (docs/decisions/0039-trash.md): its one image. */
function offerTrash(kind: TrashKind, offer: TrashedOffer): TrashKindHandler {
  return {
    kind,
    table: offer.table,
    entity: offer.entity,
    label: (row) => offer.labelOf(row),
    publicImages: async (row) => (typeof row.image === 'string' ? [row.image] : []),
    async purgeRow(row, trx) {
      await deleteOfferRow(trx, offer.table, row.id);
      return [];
    },
  };
}

export const parcelTrash = offerTrash('parcel', parcelKind);
export const fleetTrash = offerTrash('fleet', fleetKind);
export const miscTrash = offerTrash('misc', miscellaneousKind);

/** The handler of an offer table, for its service's deletion. */
export function offerTrashFor(table: OfferTable): TrashKindHandler {
  return { parcels: parcelTrash, fleet_properties: fleetTrash, miscellaneous_goods: miscTrash }[table];
}
