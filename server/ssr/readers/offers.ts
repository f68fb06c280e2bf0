import type { Knex } from 'knex';
import type { FleetItem, GoodItem, OfferList, OffersReader, ParcelItem } from '#shared/readers/offers';
import type { ListTab } from '#shared/offer-tabs';
import { publicAt, type Visibility } from '#server/db/visibility';
import { fleetKind } from '#server/features/offers/fleet-kind';
import { miscellaneousKind } from '#server/features/offers/miscellaneous-kind';
import type { OfferTable } from '#server/features/offers/offer-kind';
import { countOffers, listOfferIds, listOffers } from '#server/features/offers/offers.repository';
import { parcelKind } from '#server/features/offers/parcel-kind';

const TABLES: Record<ListTab, OfferTable> = {
  parcelles: parcelKind.table,
  flotte: fleetKind.table,
  biens: miscellaneousKind.table,
};

/*
 * The cards carry only what the page shows: the island's props repeat them, and the first
 * response of the page has a byte budget (product rules, Public site).
 */
function parcelItem(row: Parameters<typeof parcelKind.toAnswer>[0]): ParcelItem {
  const { created_at: _created, ...item } = parcelKind.toAnswer(row);
  return item;
}
function fleetItem(row: Parameters<typeof fleetKind.toAnswer>[0]): FleetItem {
  const { created_at: _created, owner: _owner, ...item } = fleetKind.toAnswer(row);
  return item;
}
function goodItem(row: Parameters<typeof miscellaneousKind.toAnswer>[0]): GoodItem {
  const { created_at: _created, ...item } = miscellaneousKind.toAnswer(row);
  return item;
}

export function offersReader(db: Knex, visibility: () => Visibility = publicAt): OffersReader {
  return {
    async offerList(kind, limit) {
      const table = TABLES[kind];
      const seen = visibility();
      const [rows, total] = await Promise.all([
        listOffers(db, table, seen, limit),
        countOffers(db, table, seen),
      ]);
      switch (kind) {
        case 'parcelles':
          return { kind, items: rows.map(parcelItem), total } satisfies OfferList;
        case 'flotte':
          return { kind, items: rows.map(fleetItem), total } satisfies OfferList;
        case 'biens':
          return { kind, items: rows.map(goodItem), total } satisfies OfferList;
      }
    },

    async offerPosition(kind, id) {
      // Ids only, in the list's order: a few bytes per offer, and the same order as the
      // list by construction (no second ordering rule to keep in step).
      const index = (await listOfferIds(db, TABLES[kind], visibility())).indexOf(id);
      return index < 0 ? null : index;
    },
  };
}
