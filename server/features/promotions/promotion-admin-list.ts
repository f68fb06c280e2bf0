import type { Knex } from 'knex';
import type { PromotionAdminFilter, PromotionAdminListQuery } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { listIds, listPage, type ListSpec } from '#server/db/list-page';
import { wherePublicationIs } from '#server/db/publication';
import { whereNotTrashed } from '#server/db/visibility';
import { toPromotion, type PromotionRow } from './promotions.repository';

/**
 * The back office's promotion list read on the server (docs/product-rules.md, "Lists of
 * the back office"): every live promotion, ended ones and drafts included, trashed ones
 * never, filtered by state, searched on the title and the code.
 */
const SPEC: ListSpec<PromotionAdminListQuery['sort']['key']> = {
  search: ['title', 'code'],
  sorts: { title: 'title', start_date: 'start_date', end_date: 'end_date', created_at: 'created_at' },
};

/** What a row of the list shows (the promotion as the API answers it). */
const COLUMNS = [
  'id',
  'title',
  'description',
  'discount',
  'code',
  'start_date',
  'end_date',
  'image',
  'publication',
  'publish_at',
];

/** The list's rows before search and paging; `now` judges what is scheduled or published. */
function filtered(db: Knex, filter: PromotionAdminFilter, now: Date): Knex.QueryBuilder {
  const query = whereNotTrashed(db('promotions'));
  if (filter.publication !== undefined)
    wherePublicationIs(query, 'promotions', { label: filter.publication, now });
  return query;
}

export async function promotionAdminPage(
  db: Knex,
  query: PromotionAdminListQuery,
  now: Date,
): Promise<{ rows: Promotion[]; total: number }> {
  const { rows, total } = await listPage<PromotionRow, PromotionAdminListQuery['sort']['key']>(
    () => filtered(db, query, now),
    COLUMNS,
    query,
    SPEC,
  );
  return { rows: rows.map(toPromotion), total };
}

/** Every id the filtered list holds: the rows of 'Tout sélectionner (N)'. */
export function promotionAdminIds(db: Knex, filter: PromotionAdminFilter, now: Date): Promise<number[]> {
  return listIds(() => filtered(db, filter, now), { columns: SPEC.search, text: filter.search });
}
