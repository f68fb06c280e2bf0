import type { Knex } from 'knex';
import type { OfferRow } from './offer-kind';

/** Rows of one offer table (parcels, fleet_properties, miscellaneous_goods). */

/** Newest first; the id breaks ties between rows written in the same second. */
export function listOffers(db: Knex, table: string): Promise<OfferRow[]> {
  return db<OfferRow>(table).select('*').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

export async function findOffer(db: Knex, table: string, id: number): Promise<OfferRow | null> {
  return ((await db<OfferRow>(table).where({ id }).first()) as OfferRow | undefined) ?? null;
}

export async function insertOffer(trx: Knex.Transaction, table: string, values: Record<string, unknown>): Promise<number> {
  const [id] = await trx(table).insert(values);
  return Number(id);
}

export async function updateOffer(trx: Knex.Transaction, table: string, id: number, values: Record<string, unknown>): Promise<void> {
  await trx(table).where({ id }).update(values);
}

/** Deletes the row and answers it, or null when there was none. */
export async function deleteOffer(trx: Knex.Transaction, table: string, id: number): Promise<OfferRow | null> {
  const row = await findOffer(trx, table, id);
  if (row) await trx(table).where({ id }).delete();
  return row;
}
