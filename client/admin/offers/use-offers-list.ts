import { useCallback, useEffect, useState } from 'react';
import type { FleetProperty, MiscellaneousGood, Parcel } from '#shared/types';
import { ApiError } from '#client/lib/api-client';
import { adminApi, isSessionEnd, listData } from '#client/admin/kit';
import { OFFER_KINDS } from './offer-kinds';
import { mergeOffers, type OfferRow } from './offer-rows';

type ListAnswer<T> = { data?: T[] } | T[];

/** Product rules, Messages and errors. */
export const OFFERS_LOAD_ERROR = 'Erreur lors du chargement des offres';

export interface OffersList {
  items: OfferRow[];
  status: 'loading' | 'error' | 'ready';
  error: string | null;
  reload: () => void;
}

/**
 * The merged offers list: the three endpoints of product rules, API fetched together, like the
 * kit's useAdminList for one. A failure of any of them fails the list: a list missing a
 * whole kind would look complete when it is not. The error is the server's message, or
 * the product rules' sentence when there is none (network failure).
 */
export function useOffersList(): OffersList {
  const [items, setItems] = useState<OfferRow[]>([]);
  const [status, setStatus] = useState<OffersList['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const get = <T>(path: string) =>
      adminApi<ListAnswer<T>>(path, { signal: controller.signal }).then((answer) => listData(answer));
    Promise.all([
      get<Parcel>(OFFER_KINDS.parcelles.apiPath),
      get<FleetProperty>(OFFER_KINDS.flotte.apiPath),
      get<MiscellaneousGood>(OFFER_KINDS.biens.apiPath),
    ])
      .then(([parcels, fleet, goods]) => {
        setItems(mergeOffers(parcels, fleet, goods));
        setStatus('ready');
        setError(null);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted || isSessionEnd(failure)) return;
        setError(failure instanceof ApiError && failure.message ? failure.message : OFFERS_LOAD_ERROR);
        setStatus('error');
      });
    return () => controller.abort();
  }, [round]);

  const reload = useCallback(() => {
    setStatus((current) => (current === 'error' ? 'loading' : current));
    setRound((n) => n + 1);
  }, []);
  return { items, status, error, reload };
}
