import type { Knex } from 'knex';

/** Columns a restore never writes: identity, bookkeeping, the trash and the publication state. */
const NEVER_RESTORED = new Set(['id', 'created_at', 'updated_at', 'deleted_at', 'publication', 'publish_at']);

/**
 * Writes a kept version's fields back into the item's row, in the restore's transaction.
 * Only the columns the row still has are written (a version kept before a column went
 * cannot name it), never those of NEVER_RESTORED nor `also`: a restore brings back content,
 * not whether the item is published. Answers the number of rows written (0: the row went).
 */
export async function restoreRow(
  trx: Knex.Transaction,
  table: string,
  id: number,
  current: Record<string, unknown>,
  fields: Record<string, unknown>,
  stamp: string,
  also: readonly string[] = [],
): Promise<number> {
  const values: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(fields)) {
    if (NEVER_RESTORED.has(column) || also.includes(column) || !Object.hasOwn(current, column)) continue;
    // A list or object kept as its value goes back as the JSON text the column holds.
    values[column] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  }
  if (Object.hasOwn(current, 'updated_at')) values.updated_at = stamp;
  return trx(table).where({ id }).update(values);
}
