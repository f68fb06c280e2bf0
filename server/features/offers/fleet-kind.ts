import {
  fleetBulkSchema,
  fleetListQuerySchema,
  fleetSchema,
  fleetUpdateSchema,
  offerMessages,
  type FleetInput,
  type FleetUpdate,
} from '#shared/schemas/offer';
import type { FleetProperty } from '#shared/types';
import { toNumber } from '#server/db/dialect';
import { publishableOf } from '#server/db/publication';
import { instantOf, type OfferKind } from './offer-kind';

const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** The real-estate fleet (product rules, Entities); camelCase on the wire. */
export const fleetKind: OfferKind<FleetInput, FleetUpdate, FleetProperty> = {
  path: '/flotte-immobiliere',
  table: 'fleet_properties',
  entity: 'fleet_property',
  labelOf: (row) => [row.property_type, row.address].filter(Boolean).join(', '),
  imageKind: 'fleet',
  createSchema: fleetSchema,
  updateSchema: fleetUpdateSchema,
  aliases: {},
  notFound: offerMessages.fleetNotFound,
  columns: {
    propertyType: 'property_type',
    address: 'address',
    surface: 'surface',
    owner: 'owner',
    occupationStatus: 'occupation_status',
    estimatedValue: 'estimated_value',
  },
  toAnswer: (row) => ({
    id: Number(row.id),
    propertyType: textOrNull(row.property_type),
    address: textOrNull(row.address),
    // DECIMAL: mysql2 answers strings ('48500000.50').
    surface: toNumber(row.surface as string | number | null),
    owner: textOrNull(row.owner),
    occupationStatus: textOrNull(row.occupation_status),
    estimatedValue: toNumber(row.estimated_value as string | number | null),
    image: row.image,
    created_at: instantOf(row.created_at),
    ...publishableOf(row),
  }),
  list: {
    query: fleetListQuerySchema,
    bulk: fleetBulkSchema,
    spec: {
      // The list's title of a fleet property is its type.
      search: ['property_type'],
      sorts: {
        property_type: 'property_type',
        address: 'address',
        owner: 'owner',
        estimated_value: 'estimated_value',
        occupation_status: 'occupation_status',
        created_at: 'created_at',
      },
    },
  },
};
