import type { z } from 'zod';
import type { ActivityEntity } from '#shared/activity';
import { fromDbDateTime } from '#server/db/dialect';
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
  /** Schema field -> column. */
  columns: Record<keyof Create & string, string>;
  toAnswer(row: OfferRow): Answer;
}

/** The columns to write for the fields a create or update carries (absent ones untouched). */
export function columnValues<Create extends object>(
  input: Partial<Create>,
  columns: Record<keyof Create & string, string>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns) as [keyof Create & string, string][]) {
    const value = input[field];
    if (value !== undefined) values[column] = value;
  }
  return values;
}

/** created_at as ISO 8601 UTC, the one way the API writes instants. */
export function instantOf(value: unknown): string {
  return fromDbDateTime(value as string | number | Date | null)?.toISOString() ?? '';
}
