import { useMemo, useState } from 'react';
import type { RevisionKind } from '#shared/revisions';
import type { FleetProperty, MiscellaneousGood, Parcel } from '#shared/types';
import { PageHeader, Spinner, useAdminItem, RevisionHistory } from '#client/admin/kit';
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

const TITLE = "Modifier l'offre";

/** Each offer kind's name in the revisions (shared/revisions.ts). */
const REVISION_KIND: Record<OfferKind, RevisionKind> = {
  parcelles: 'parcel',
  flotte: 'fleet',
  biens: 'misc',
};

function toLoaded(kind: OfferKind, item: unknown): Loaded {
  switch (kind) {
    case 'parcelles': {
      const parcel = item as Parcel;
      return { kind, values: parcelValues(parcel), image: parcel.image };
    }
    case 'flotte': {
      const property = item as FleetProperty;
      return { kind, values: fleetValues(property), image: property.image };
    }
    case 'biens': {
      const good = item as MiscellaneousGood;
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
  // A restored version loads the offer again, into a new form (docs/product-rules.md, "Revisions").
  const [round, setRound] = useState(0);
  const loaded = useAdminItem<unknown>(
    kind ? `${OFFER_KINDS[kind].apiPath}/${encodeURIComponent(id)}` : null,
    {
      round,
    },
  );

  // Once per load: the form puts these values in itself whenever they change.
  const offer = useMemo(
    () => (kind && loaded.status === 'ready' ? toLoaded(kind, loaded.item) : null),
    [kind, loaded],
  );

  const failure = !kind
    ? UNSUPPORTED_OFFER_TYPE
    : loaded.status === 'failed'
      ? loaded.notFound
        ? OFFER_KINDS[kind].notFound
        : loaded.message
      : null;
  if (failure !== null) {
    return (
      <>
        <PageHeader title={TITLE} />
        <p className="list-error" role="alert">
          {failure}
        </p>
      </>
    );
  }
  if (!offer) return <Spinner label="Chargement..." />;
  return (
    <>
      <PageHeader title={TITLE} lead={OFFER_KINDS[offer.kind].typeLabel}>
        <RevisionHistory kind={REVISION_KIND[offer.kind]} id={id} onRestored={() => setRound((n) => n + 1)} />
      </PageHeader>
      <ConnectionBanner />
      {offer.kind === 'parcelles' ? (
        <ParcelForm
          key={round}
          edit={{ id, values: offer.values }}
          label={TITLE}
          currentImage={offer.image}
        />
      ) : offer.kind === 'flotte' ? (
        <FleetForm key={round} edit={{ id, values: offer.values }} label={TITLE} currentImage={offer.image} />
      ) : (
        <GoodForm key={round} edit={{ id, values: offer.values }} label={TITLE} currentImage={offer.image} />
      )}
    </>
  );
}
