import type { Knex } from 'knex';
import { whereVisible, type Visibility } from '#server/db/visibility';
import type { OfferRow, OfferTable } from './offer-kind';

/** Rows of one offer table (parcels, fleet_properties, miscellaneous_goods). */

/** Newest first; the id breaks ties between rows written in the same second. */
const NEWEST_FIRST = [
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/** Every row, or the `limit` newest (the offers page renders one screenful first). */
export function listOffers(
  db: Knex,
  table: OfferTable,
  visibility: Visibility,
  limit?: number,
): Promise<OfferRow[]> {
  const query = whereVisible(db<OfferRow>(table), table, visibility)
    .select('*')
    .orderBy([...NEWEST_FIRST]);
  return limit === undefined ? query : query.limit(limit);
}

/** The ids in list order, to find where one offer stands in its list. */
export async function listOfferIds(db: Knex, table: OfferTable, visibility: Visibility): Promise<number[]> {
  const rows = (await whereVisible(db(table), table, visibility)
    .select('id')
    .orderBy([...NEWEST_FIRST])) as { id: number | string }[];
  return rows.map((row) => Number(row.id));
}

export async function countOffers(db: Knex, table: OfferTable, visibility: Visibility): Promise<number> {
  const row = (await whereVisible(db(table), table, visibility).count({ count: '*' }).first()) as
    { count: number | string } | undefined;
  // MySQL answers COUNT(*) as a string with some drivers' settings.
  return Number(row?.count ?? 0);
}

export async function findOffer(
  db: Knex,
  table: OfferTable,
  id: number,
  visibility: Visibility,
): Promise<OfferRow | null> {
  const row = (await whereVisible(db<OfferRow>(table), table, visibility).where({ id }).first()) as
    OfferRow | undefined;
  return row ?? null;
}

export async function insertOffer(
  trx: Knex.Transaction,
  table: OfferTable,
  values: Record<string, unknown>,
): Promise<number> {
  const [id] = await trx(table).insert(values);
  return Number(id);
}

export async function updateOffer(
  trx: Knex.Transaction,
  table: OfferTable,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  await trx(table).where({ id }).update(values);
}

/** Deletes the row for good, trashed or not (the trash's purge); answers how many went. */
export async function deleteOfferRow(trx: Knex.Transaction, table: OfferTable, id: number): Promise<number> {
  return trx(table).where({ id }).delete();
}
