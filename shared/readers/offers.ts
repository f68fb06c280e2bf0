import type { FleetProperty, MiscellaneousGood, Parcel } from '#shared/types';
import type { ListTab } from '#shared/offer-tabs';

/**
 * What offers page loaders may read on the server (part of PageContext). Implemented by
 * server/ssr/readers/offers.ts.
 */

/** What an offer card shows: the API's item without what the public page never displays. */
export type ParcelItem = Omit<Parcel, 'created_at'>;
export type FleetItem = Omit<FleetProperty, 'owner' | 'created_at'>;
export type GoodItem = Omit<MiscellaneousGood, 'created_at'>;

export interface OfferItems {
  parcelles: ParcelItem;
  flotte: FleetItem;
  biens: GoodItem;
}

/** The first cards of one list tab, newest first (the API's order), and how many there are. */
export type OfferList = {
  [K in ListTab]: { kind: K; items: OfferItems[K][]; total: number };
}[ListTab];

export interface OffersReader {
  /** The `limit` newest offers of a kind and the count of all of them. */
  offerList(kind: ListTab, limit: number): Promise<OfferList>;
  /** 0-based position of an offer in its list, or null when there is no such offer. */
  offerPosition(kind: ListTab, id: number): Promise<number | null>;
}
