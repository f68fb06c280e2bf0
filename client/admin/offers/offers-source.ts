import type { FleetProperty, MiscellaneousGood, Parcel } from '#shared/types';
import { ApiError } from '#client/lib/api-client';
import { adminApi, listData, withPublicationFilter } from '#client/admin/kit';
import { OFFER_KINDS } from './offer-kinds';
import { mergeOffers, type OfferRow } from './offer-rows';

type ListAnswer<T> = { data?: T[] } | T[];

/** Product rules, Messages and errors. */
export const OFFERS_LOAD_ERROR = 'Erreur lors du chargement des offres';

/**
 * The merged offers list (the kit's useWholeList source): the three endpoints of product
 * rules, API fetched together. A failure of any of them fails the list: a list missing a
 * whole kind would look complete when it is not. `publication`: the list's 'État' filter,
 * sent to each endpoint ('' for every state).
 */
export async function fetchOffers(signal: AbortSignal, publication = ''): Promise<OfferRow[]> {
  const get = <T>(path: string) =>
    adminApi<ListAnswer<T>>(withPublicationFilter(path, publication), { signal }).then((answer) =>
      listData(answer),
    );
  const [parcels, fleet, goods] = await Promise.all([
    get<Parcel>(OFFER_KINDS.parcelles.apiPath),
    get<FleetProperty>(OFFER_KINDS.flotte.apiPath),
    get<MiscellaneousGood>(OFFER_KINDS.biens.apiPath),
  ]);
  return mergeOffers(parcels, fleet, goods);
}

/** The server's message, or the product rules' sentence when there is none (network failure). */
export const offersLoadError = (failure: unknown) =>
  failure instanceof ApiError && failure.message ? failure.message : OFFERS_LOAD_ERROR;
