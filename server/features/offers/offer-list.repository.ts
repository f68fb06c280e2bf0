import type { Knex } from 'knex';
import { listIds, listPage } from '#server/db/list-page';
import { wherePublicationIs } from '#server/db/publication';
import { whereNotTrashed } from '#server/db/visibility';
import type { OfferList, OfferListFilter, OfferListQuery, OfferRow, OfferTable } from './offer-kind';

/**
 * One offer kind's back-office list read on the server (docs/product-rules.md, "Lists of
 * the back office"): the same query for the three tables, each kind naming its searched
 * and sortable columns (its `list.spec`). Trashed rows are never listed; drafts and
 * scheduled offers are, the state filter choosing among them at `now`.
 */
function filtered(db: Knex, table: OfferTable, filter: OfferListFilter, now: Date): Knex.QueryBuilder {
  const query = whereNotTrashed(db(table));
  wherePublicationIs(query, table, filter.publication && { label: filter.publication, now });
  if (filter.status !== undefined) query.where('status', filter.status);
  return query;
}

export function offerListPage(
  db: Knex,
  kind: { table: OfferTable; list: OfferList },
  query: OfferListQuery,
  now: Date,
): Promise<{ rows: OfferRow[]; total: number }> {
  return listPage<OfferRow, string>(
    () => filtered(db, kind.table, query, now),
    [`${kind.table}.*`],
    query,
    kind.list.spec,
  );
}

/** Every id of the filtered list ('Tout sélectionner (N)' of a bulk action). */
export function offerListIds(
  db: Knex,
  kind: { table: OfferTable; list: OfferList },
  filter: OfferListFilter,
  now: Date,
): Promise<number[]> {
  return listIds(() => filtered(db, kind.table, filter, now), {
    columns: kind.list.spec.search,
    text: filter.search,
  });
}
