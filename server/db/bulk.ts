import type { Knex } from 'knex';
import { BULK_FILTER_MAX, bulkMessages, type BulkAnswer, type BulkRefusal } from '#shared/bulk';
import { ConflictError, ValidationError } from '#server/errors';

/**
 * How a bulk action runs (docs/product-rules.md, "Bulk actions"): the selection is read
 * once (the ids ticked, or every id of the filtered list, checked against the count the
 * staff saw), then each row is handled inside one transaction. A row's handler answers
 * whether it changed, was already as asked, or is refused with a sentence; a refused row
 * never stops the others, and a failure of the database rolls every row back.
 */
export type BulkOutcome = 'changed' | 'unchanged' | { refused: string };

export interface BulkSelectionInput<F> {
  ids?: number[] | undefined;
  filter?: F | undefined;
  expected?: number | undefined;
}

/** The ids a bulk request designates: its own (deduplicated), or the filtered list's. */
export async function bulkIds<F>(
  selection: BulkSelectionInput<F>,
  idsOfFilter: (filter: F) => Promise<number[]>,
): Promise<number[]> {
  if (selection.ids) return [...new Set(selection.ids)];
  if (selection.filter === undefined) throw new ValidationError({ ids: [bulkMessages.selectionMissing] });
  const ids = await idsOfFilter(selection.filter);
  if (ids.length > BULK_FILTER_MAX) throw new ValidationError({ filter: [bulkMessages.filterTooMany] });
  // 'Tout sélectionner (N)': a list that changed since is not acted on blindly.
  if (selection.expected !== undefined && selection.expected !== ids.length)
    throw new ConflictError(bulkMessages.selectionChanged(selection.expected, ids.length));
  return ids;
}

/** The answer of a bulk action once its rows are handled. */
export function bulkAnswer(changed: number, refused: BulkRefusal[]): BulkAnswer {
  return { changed, refused, message: bulkMessages.done(changed, refused.length) };
}

/** Runs `each` on every id inside one transaction; `each` reads and writes through `trx`. */
export async function runBulk(
  db: Knex,
  ids: readonly number[],
  each: (trx: Knex.Transaction, id: number) => Promise<BulkOutcome>,
): Promise<BulkAnswer> {
  return db.transaction(async (trx) => {
    let changed = 0;
    const refused: BulkRefusal[] = [];
    for (const id of ids) {
      const outcome = await each(trx, id);
      if (outcome === 'changed') changed += 1;
      else if (outcome !== 'unchanged') refused.push({ id, message: outcome.refused });
    }
    return bulkAnswer(changed, refused);
  });
}
