import {
  parcelBulkSchema,
  parcelListQuerySchema,
  offerMessages,
  parcelSchema,
  parcelUpdateSchema,
  type ParcelInput,
  type ParcelUpdate,
} from '#shared/schemas/offer';
import type { Parcel } from '#shared/types';
import { toNumber } from '#server/db/dialect';
import { publishableOf } from '#server/db/publication';
import { instantOf, type OfferKind } from './offer-kind';

/** Parcels (product rules, Entities; product rules: the parcel form's rules are enforced). */
export const parcelKind: OfferKind<ParcelInput, ParcelUpdate, Parcel> = {
  path: '/parcels',
  table: 'parcels',
  entity: 'parcel',
  labelOf: (row) => String(row.title),
  imageKind: 'parcelle',
  createSchema: parcelSchema,
  updateSchema: parcelUpdateSchema,
  aliases: {},
  notFound: offerMessages.parcelNotFound,
  columns: {
    title: 'title',
    description: 'description',
    location: 'location',
    surface: 'surface',
    price: 'price',
    status: 'status',
  },
  toAnswer: (row) => ({
    id: Number(row.id),
    title: String(row.title),
    description: String(row.description),
    location: String(row.location),
    surface: toNumber(row.surface as string | number | null),
    // BIGINT: mysql2 may answer a string.
    price: toNumber(row.price as string | number),
    status: String(row.status),
    image: row.image,
    created_at: instantOf(row.created_at),
    ...publishableOf(row),
  }),
  list: {
    query: parcelListQuerySchema,
    bulk: parcelBulkSchema,
    spec: {
      search: ['title'],
      sorts: {
        title: 'title',
        location: 'location',
        price: 'price',
        surface: 'surface',
        status: 'status',
        created_at: 'created_at',
      },
    },
  },
};
