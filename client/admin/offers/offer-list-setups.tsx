import type { FleetProperty, MiscellaneousGood, Parcel } from '#shared/types';
import { PARCEL_STATUSES } from '#shared/constants';
import { formatExactAmount, formatPrice } from '#shared/format';
import type { Paged } from '#shared/paged';
import {
  serverListCodec,
  serverListLoader,
  type BulkAction,
  type Column,
  type ServerListCodec,
  type ServerListQuery,
} from '#client/admin/kit';
import type { PagedLoader } from '#client/admin/kit/use-paged-list';
import { fleetRow, goodRow, NO_VALUE, parcelRow, type OfferRow } from './offer-rows';
import { OFFER_KINDS, type OfferKind } from './offer-kinds';

/**
 * Each offer kind's list in the back office, read page by page from the server
 * (docs/product-rules.md, "Lists of the back office" and "Bulk actions"): its URL filters,
 * its columns (each sortable one named by the API's sort key) and its bulk actions. The
 * kinds live in three tables, so the screen shows one kind at a time, in tabs.
 */

/** The URL's filters: `etat` (publication) on every kind, `statut` on the parcels. */
export type OfferListFilters = { etat: string; statut?: string };

export interface OfferListSetup<T extends { id: number }> {
  kind: OfferKind;
  codec: ServerListCodec<OfferListFilters>;
  load: PagedLoader<ServerListQuery<OfferListFilters>, Paged<T>>;
  /** The row as the offers' shared cells read it (title, links, image, publication). */
  rowOf: (item: T) => OfferRow;
  /**
   * The kind's own columns, between the image and the status. Five columns of text at most
   * beside the image, the checkbox and the row's actions, so a row fits a 1366-pixel
   * screen on one line: the surface and the owner are sorted by the API but not shown.
   */
  columns: Column<T>[];
  /** Actions beyond publishing, unpublishing and the trash. */
  actions: BulkAction[];
  /** The parcels' status filter. */
  statusFilter: boolean;
}

const amount = (value: number | null, format: (value: number) => string) =>
  value === null ? NO_VALUE : format(value);
const text = (value: string | null) => value?.trim() || NO_VALUE;

function setup<T extends { id: number }>(
  kind: OfferKind,
  filters: OfferListFilters,
  rest: Omit<OfferListSetup<T>, 'kind' | 'codec' | 'load' | 'statusFilter'>,
): OfferListSetup<T> {
  const codec = serverListCodec({
    sort: '-created_at',
    filters,
    api: { etat: 'publication', statut: 'status' },
  });
  return {
    kind,
    codec,
    load: serverListLoader<T, OfferListFilters>(`/admin${OFFER_KINDS[kind].apiPath}`, codec),
    statusFilter: 'statut' in filters,
    ...rest,
  };
}

export const PARCEL_LIST = setup<Parcel>(
  'parcelles',
  { etat: '', statut: '' },
  {
    rowOf: parcelRow,
    columns: [
      { header: 'Titre', sort: 'title', cell: (parcel) => parcel.title },
      { header: 'Localisation', sort: 'location', cell: (parcel) => parcel.location },
      { header: 'Prix', sort: 'price', className: 'num', cell: (parcel) => formatPrice(parcel.price) },
    ],
    actions: [
      {
        action: 'set_status',
        label: 'Changer le statut',
        question: (count) => `Changer le statut de ${count} ?`,
        choose: {
          name: 'status',
          label: 'Nouveau statut',
          options: PARCEL_STATUSES.map((status) => ({ value: status, label: status })),
        },
      },
    ],
  },
);

export const FLEET_LIST = setup<FleetProperty>(
  'flotte',
  { etat: '' },
  {
    rowOf: fleetRow,
    columns: [
      { header: 'Type de bien', sort: 'property_type', cell: (property) => text(property.propertyType) },
      { header: 'Adresse', sort: 'address', cell: (property) => text(property.address) },
      {
        header: 'Valeur estimée',
        sort: 'estimated_value',
        className: 'num',
        // The back office shows the value as stored, to the centime; the public side rounds it.
        cell: (property) => amount(property.estimatedValue, formatExactAmount),
      },
    ],
    actions: [],
  },
);

export const GOOD_LIST = setup<MiscellaneousGood>(
  'biens',
  { etat: '' },
  {
    rowOf: goodRow,
    // Its first 30 characters, as the row's title everywhere (client/lib/good-title.ts).
    columns: [{ header: 'Description', sort: 'description', cell: (good) => goodRow(good).title }],
    actions: [],
  },
);

/** The status column's sort key: a parcel's status, a fleet property's occupation; a good has none. */
export const STATUS_SORT: Record<OfferKind, string | undefined> = {
  parcelles: 'status',
  flotte: 'occupation_status',
  biens: undefined,
};
