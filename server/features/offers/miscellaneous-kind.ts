import {
  goodBulkSchema,
  goodListQuerySchema,
  miscellaneousSchema,
  miscellaneousUpdateSchema,
  offerMessages,
  type MiscellaneousInput,
  type MiscellaneousUpdate,
} from '#shared/schemas/offer';
import type { MiscellaneousGood } from '#shared/types';
import { publishableOf } from '#server/db/publication';
import { instantOf, type OfferKind } from './offer-kind';

/**
 * Miscellaneous goods (product rules, Entities). The offer form enters the text as
 * `simpleDescription` (product rules, Entities), the payload list of product rules, API calls it
 * `description`: both are read, `description` first.
 */
export const miscellaneousKind: OfferKind<MiscellaneousInput, MiscellaneousUpdate, MiscellaneousGood> = {
  path: '/biens-immobiliers',
  table: 'miscellaneous_goods',
  entity: 'miscellaneous_good',
  labelOf: (row) => String(row.description).slice(0, 80),
  imageKind: 'bien',
  createSchema: miscellaneousSchema,
  updateSchema: miscellaneousUpdateSchema,
  aliases: { simpleDescription: 'description' },
  notFound: offerMessages.goodNotFound,
  columns: { description: 'description' },
  toAnswer: (row) => ({
    id: Number(row.id),
    description: String(row.description),
    image: row.image,
    created_at: instantOf(row.created_at),
    ...publishableOf(row),
  }),
  list: {
    query: goodListQuerySchema,
    bulk: goodBulkSchema,
    spec: {
      search: ['description'],
      sorts: { description: 'description', created_at: 'created_at' },
    },
  },
};
