import type { z } from 'zod';
import type { ActivityEntity } from '#shared/activity';
import type { ListPageQuery } from '#shared/list-query';
import type { PublicationLabel } from '#shared/publication';
import type { BulkSelectionInput } from '#server/db/bulk';
import { fromDbDateTime } from '#server/db/dialect';
import type { ListSpec } from '#server/db/list-page';
import type { ImageKind } from '#server/storage/layout';

/** The three offer tables. */
export type OfferTable = 'parcels' | 'fleet_properties' | 'miscellaneous_goods';

/** A row of an offer table, as both drivers answer it. */
export type OfferRow = Record<string, unknown> & { id: number | string; image: string; created_at: unknown };

/**
 * One kind of offer (product rules, Entities): the three kinds share their five calls (spec
 * product rules, API plus the product rules' read and update one by one) and differ only by what is
 * described here, so one router and one service serve them all.
 */
export interface OfferKind<Create extends object, Update extends object, Answer> {
  /** Path under /api (product rules, API). */
  path: string;
  table: OfferTable;
  /** Its key in the activity log (shared/activity.ts). */
  entity: ActivityEntity;
  /** What the activity log names a row by. */
  labelOf(row: Record<string, unknown>): string;
  /** Folder of its images (product rules, Runtime). */
  imageKind: ImageKind;
  createSchema: z.ZodType<Create, unknown>;
  updateSchema: z.ZodType<Update, unknown>;
  /** Other names accepted for a field on the wire: alias -> schema field. */
  aliases: Record<string, string>;
  notFound: string;
  /** Schema field -> column; `publication` and `publish_at` are the service's (publicationColumns). */
  columns: Record<ContentField<Create>, string>;
  toAnswer(row: OfferRow): Answer;
  /** Its back-office list (docs/product-rules.md, "Lists of the back office", "Bulk actions"). */
  list: OfferList;
}

/** The filters of an offers list: its search, the state, and a parcel's status. */
export interface OfferListFilter {
  search: string;
  publication?: PublicationLabel | undefined;
  status?: string | undefined;
}

export type OfferListQuery = ListPageQuery & OfferListFilter;

/** A bulk request on an offers list (shared/schemas/offer.ts). */
export interface OfferBulkBody extends BulkSelectionInput<OfferListFilter> {
  action: 'publish' | 'unpublish' | 'delete' | 'set_status';
  status?: string | undefined;
}

/** A kind's list: its query and bulk schemas (shared/schemas/offer.ts), and the columns they name. */
export interface OfferList {
  query: z.ZodType<OfferListQuery, unknown>;
  bulk: z.ZodType<OfferBulkBody, unknown>;
  /** The columns the search reads (those the screen searched before) and each sort's. */
  spec: ListSpec<string>;
}

/** A kind's own fields, without the state every publishable kind shares. */
export type ContentField<Create> = Exclude<keyof Create & string, 'publication' | 'publish_at'>;

/** The columns to write for the fields a create or update carries (absent ones untouched). */
export function columnValues<Create extends object>(
  input: Partial<Create>,
  columns: Record<ContentField<Create>, string>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns) as [ContentField<Create>, string][]) {
    const value = input[field];
    if (value !== undefined) values[column] = value;
  }
  return values;
}

/** created_at as ISO 8601 UTC, the one way the API writes instants. */
export function instantOf(value: unknown): string {
  return fromDbDateTime(value as string | number | Date | null)?.toISOString() ?? '';
}
