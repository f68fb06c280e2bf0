import type { Knex } from 'knex';
import { businessYear } from '#shared/calendar';
import { formatReference, type ReferencePrefix } from '#shared/references';

/**
 * Takes the next reference of a prefix for the year `at` falls in, in Cotonou
 * (docs/product-rules.md, "Request references"). Called inside the transaction that
 * writes the request: the counter's row stays locked until it commits (InnoDB) or the
 * database is written by one transaction at a time (SQLite), so two requests never get the
 * same number, and a request rolled back gives its number up without anyone reusing it
 * later, only a gap.
 */
export async function nextReference(
  trx: Knex.Transaction,
  prefix: ReferencePrefix,
  at: Date,
): Promise<string> {
  return (await nextReferences(trx, prefix, at, 1))[0]!;
}

/**
 * `count` consecutive references of one year at once, with the same guarantees: the seed's
 * large volume numbers thousands of messages with one statement per year, not per row.
 */
export async function nextReferences(
  trx: Knex.Transaction,
  prefix: ReferencePrefix,
  at: Date,
  count: number,
): Promise<string[]> {
  const year = businessYear(at);
  const name = `${prefix}-${year}`;
  await trx('reference_sequences')
    .insert({ name, last_value: count })
    .onConflict('name')
    .merge({ last_value: trx.raw('?? + ?', ['reference_sequences.last_value', count]) });
  const row: { last_value: number | string } | undefined = await trx('reference_sequences')
    .where({ name })
    .first('last_value');
  if (!row) throw new Error(`reference_sequences lost the row ${name}`);
  const last = Number(row.last_value);
  return Array.from({ length: count }, (_, i) => formatReference(prefix, year, last - count + 1 + i));
}
