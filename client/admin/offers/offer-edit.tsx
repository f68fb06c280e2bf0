import { useEffect, useState } from 'react';
import type { FleetProperty, MiscellaneousGood, Parcel } from '#shared/types';
import { ApiError } from '#client/lib/api-client';
import { adminApi, isSessionEnd, itemData, PageHeader, Spinner } from '#client/admin/kit';
import { ConnectionBanner } from './connection-banner';
import { FleetForm, fleetValues, type FleetValues } from './fleet-form';
import { GoodForm, goodValues, type GoodValues } from './good-form';
import { OFFER_KINDS, offerKindOf, UNSUPPORTED_OFFER_TYPE, type OfferKind } from './offer-kinds';
import { ParcelForm, parcelValues, type ParcelValues } from './parcel-form';
import './offers.css';

type Loaded =
  | { kind: 'parcelles'; values: ParcelValues; image: string }
  | { kind: 'flotte'; values: FleetValues; image: string }
  | { kind: 'biens'; values: GoodValues; image: string };

type LoadState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; offer: Loaded };

const TITLE = "Modifier l'offre";

function toLoaded(kind: OfferKind, answer: unknown): Loaded {
  switch (kind) {
    case 'parcelles': {
      const parcel = itemData(answer as { data: Parcel });
      return { kind, values: parcelValues(parcel), image: parcel.image };
    }
    case 'flotte': {
      const property = itemData(answer as { data: FleetProperty });
      return { kind, values: fleetValues(property), image: property.image };
    }
    case 'biens': {
      const good = itemData(answer as { data: MiscellaneousGood });
      return { kind, values: goodValues(good), image: good.image };
    }
  }
}

/**
 * Editing an offer (product rules: /admin/offers/edit/{type}/{id}, GET then POST with
 * `_method=PUT`). `{type}` may be the view link's ('Parcelles'…) or the API path's
 * ('parcels'…); any other type reads 'Type d'offre non pris en charge.'. The image is
 * optional here: without a new file the current one is kept.
 */
export function OfferEdit({ type, id }: { type: string; id: string }) {
  const kind = offerKindOf(type);
  const [state, setState] = useState<LoadState>(
    kind ? { status: 'loading' } : { status: 'failed', message: UNSUPPORTED_OFFER_TYPE },
  );

  useEffect(() => {
    if (!kind) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    adminApi<unknown>(`${OFFER_KINDS[kind].apiPath}/${encodeURIComponent(id)}`, { signal: controller.signal })
      .then((answer) => setState({ status: 'ready', offer: toLoaded(kind, answer) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        const message =
          error instanceof ApiError && error.status === 404
            ? OFFER_KINDS[kind].notFound
            : error instanceof Error
              ? error.message
              : String(error);
        setState({ status: 'failed', message });
      });
    return () => controller.abort();
  }, [kind, id]);

  if (state.status === 'loading') return <Spinner label="Chargement..." />;
  if (state.status === 'failed') {
    return (
      <>
        <PageHeader title={TITLE} />
        <p className="list-error" role="alert">
          {state.message}
        </p>
      </>
    );
  }

  const { offer } = state;
  return (
    <>
      <PageHeader title={TITLE} lead={OFFER_KINDS[offer.kind].typeLabel} />
      <ConnectionBanner />
      {offer.kind === 'parcelles' ? (
        <ParcelForm edit={{ id, values: offer.values }} label={TITLE} currentImage={offer.image} />
      ) : offer.kind === 'flotte' ? (
        <FleetForm edit={{ id, values: offer.values }} label={TITLE} currentImage={offer.image} />
      ) : (
        <GoodForm edit={{ id, values: offer.values }} label={TITLE} currentImage={offer.image} />
      )}
    </>
  );
}
