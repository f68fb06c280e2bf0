import { offerMessages } from '#shared/schemas/offer';
import { foldText } from '#shared/fold-text';
import { paths } from '#shared/paths';
import type { TrashKind } from '#shared/trash';

/**
 * The three kinds of offers the back office manages (product rules, Pages and routes, Entities and API; product rules:
 * offers are editable at /admin/offers/edit/{type}/{id}). One table, so the list, the
 * form tabs, the links and the API paths never disagree.
 */
export type OfferKind = 'parcelles' | 'flotte' | 'biens';

export interface OfferKindInfo {
  kind: OfferKind;
  /** The list's Type column (product rules, Pages and routes: Parcelle, Flotte immobilière, Bien divers). */
  typeLabel: string;
  /** The public page's tab, and the `type` of the view link (pluralised, product rules, Pages and routes). */
  tabLabel: string;
  /** API path (product rules, API) and the `{type}` segment of the edit route. */
  apiPath: string;
  /** Product rules, Messages and errors, the success toast's sentence. */
  saved: string;
  /** The 404's sentence when the offer to edit is gone. */
  notFound: string;
  /** Its kind in the trash (docs/product-rules.md, "Trash"). */
  trashKind: Extract<TrashKind, 'parcel' | 'fleet' | 'misc'>;
}

export const OFFER_KINDS: Record<OfferKind, OfferKindInfo> = {
  parcelles: {
    kind: 'parcelles',
    typeLabel: 'Parcelle',
    tabLabel: 'Parcelles',
    apiPath: '/parcels',
    saved: 'Parcelle enregistrée avec succès.',
    notFound: offerMessages.parcelNotFound,
    trashKind: 'parcel',
  },
  flotte: {
    kind: 'flotte',
    typeLabel: 'Flotte immobilière',
    tabLabel: 'Flotte immobilière',
    apiPath: '/flotte-immobiliere',
    saved: 'Bien immobilier enregistré avec succès.',
    notFound: offerMessages.fleetNotFound,
    trashKind: 'fleet',
  },
  biens: {
    kind: 'biens',
    typeLabel: 'Bien divers',
    tabLabel: 'Biens divers',
    apiPath: '/biens-immobiliers',
    saved: 'Bien divers enregistré avec succès.',
    notFound: offerMessages.goodNotFound,
    trashKind: 'misc',
  },
};

/** The offers list on a kind's tab (`?type=`), where its forms lead back. */
export function offerListHref(kind: OfferKind): string {
  return `${paths.adminOffers}?type=${kind}`;
}

/** Product rules, Messages and errors. */
export const UNSUPPORTED_OFFER_TYPE = "Type d'offre non pris en charge.";

/** The `{type}` of an edit route this list writes: the API path's segment ('parcels'…). */
export function editType(kind: OfferKind): string {
  return OFFER_KINDS[kind].apiPath.slice(1);
}

/**
 * The kind an edit route's `{type}` names. Both spellings are read: the view link's
 * ('Parcelles', 'Flotte immobilière', 'Biens divers') and the API path's segment
 * ('parcels', 'flotte-immobiliere', 'biens-immobiliers'), plus the singular labels;
 * case, accents and separators are forgiven. Anything else: null ('Type d'offre non pris
 * en charge.').
 */
export function offerKindOf(type: string | null | undefined): OfferKind | null {
  if (!type) return null;
  const folded = foldText(safeDecode(type));
  for (const info of Object.values(OFFER_KINDS)) {
    const names = [info.kind, info.typeLabel, info.tabLabel, info.apiPath.slice(1)];
    if (names.some((name) => foldText(name) === folded)) return info.kind;
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
