import type { FleetProperty, MiscellaneousGood, Parcel, Publishable } from '#shared/types';
import { formatDate, formatExactAmount, formatPrice } from '#shared/format';
import { paths } from '#shared/paths';
import { goodTitle } from '#shared/good-title';
import { editType, OFFER_KINDS, type OfferKind } from './offer-kinds';

/**
 * One offer as the offers lists' shared cells read it (product rules, Pages and routes):
 * the three kinds brought to the same title, price, status, date and links.
 */
export interface OfferRow extends Publishable {
  key: string;
  kind: OfferKind;
  id: number;
  /** Parcel title; fleet property type or 'Bien flotte'; good's first 30 characters or 'Bien divers'. */
  title: string;
  type: string;
  /** Parcel price; fleet estimated value; '—' when there is none. */
  price: string;
  /** Parcel status or fleet occupation status; null for a good (no status, product rules, Entities). */
  status: string | null;
  date: string;
  /** The offer's stored image, for the list's thumbnail. */
  image: string | null;
  /** ISO instant, for the newest-first order. */
  createdAt: string;
  viewHref: string;
  editHref: string;
  apiPath: string;
}

export const NO_VALUE = '—';

/** Product rules, Pages and routes: the view link names the public tab ('Parcelles', 'Flotte immobilière', 'Biens divers'). */
export function viewHref(kind: OfferKind, id: number): string {
  return `${paths.offers}?${new URLSearchParams({ id: String(id), type: OFFER_KINDS[kind].tabLabel }).toString()}`;
}

function row(
  kind: OfferKind,
  id: number,
  createdAt: string,
  fields: Pick<OfferRow, 'title' | 'price' | 'status' | 'image'>,
  state: Partial<Publishable>,
): OfferRow {
  return {
    key: `${kind}-${id}`,
    kind,
    id,
    type: OFFER_KINDS[kind].typeLabel,
    date: createdAt ? formatDate(createdAt) : NO_VALUE,
    createdAt,
    viewHref: viewHref(kind, id),
    editHref: paths.adminOfferEdit(editType(kind), id),
    apiPath: `${OFFER_KINDS[kind].apiPath}/${id}`,
    // Rows of a server before drafts (and the tests' fixtures) carry no state: published.
    publication: state.publication ?? 'published',
    publish_at: state.publish_at ?? null,
    ...fields,
  };
}

export function parcelRow(parcel: Parcel): OfferRow {
  return row(
    'parcelles',
    parcel.id,
    parcel.created_at,
    {
      title: parcel.title,
      price: formatPrice(parcel.price),
      status: parcel.status || null,
      image: parcel.image || null,
    },
    parcel,
  );
}

export function fleetRow(property: FleetProperty): OfferRow {
  return row(
    'flotte',
    property.id,
    property.created_at,
    {
      title: property.propertyType?.trim() || 'Bien flotte',
      // The back office shows the value as stored, to the centime; the public side rounds it.
      price: property.estimatedValue === null ? NO_VALUE : formatExactAmount(property.estimatedValue),
      status: property.occupationStatus?.trim() || null,
      image: property.image || null,
    },
    property,
  );
}

export function goodRow(good: MiscellaneousGood): OfferRow {
  return row(
    'biens',
    good.id,
    good.created_at,
    {
      title: goodTitle(good.description),
      price: NO_VALUE,
      status: null,
      image: good.image || null,
    },
    good,
  );
}
