import type { Knex } from 'knex';
import type { PromotionInput } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { fromDbDate, toDbDateTime } from '#server/db/dialect';
import { previewFirst, STAFF, whereVisible, type Visibility } from '#server/db/visibility';
import {
  publicationColumns,
  publishableOf,
  wherePublicationIs,
  type PublicationFilter,
} from '#server/db/publication';

export interface PromotionRow {
  id: number;
  title: string;
  description: string;
  discount: string;
  code: string | null;
  start_date: string;
  end_date: string;
  image: string | null;
  publication: string;
  publish_at: string | Date | null;
}

export function toPromotion(row: PromotionRow): Promotion {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    discount: row.discount,
    code: row.code ?? null,
    startDate: fromDbDate(row.start_date) ?? '',
    endDate: fromDbDate(row.end_date) ?? '',
    image: row.image,
    ...publishableOf(row),
  };
}

/**
 * Promotions whose end date has not passed on Cotonou's calendar `today` (product rules:
 * the public list shows only these), published and due for the public (a preview passes
 * STAFF).
 */
export async function runningPromotions(
  db: Knex,
  today: string,
  visibility: Visibility,
  limit?: number,
): Promise<Promotion[]> {
  const visible = whereVisible(db<PromotionRow>('promotions'), 'promotions', visibility);
  const query = previewFirst(visible, 'promotions', visibility)
    .where('end_date', '>=', today)
    .orderBy([
      { column: 'end_date', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  if (limit) query.limit(limit);
  return (await query).map(toPromotion);
}

/** Every promotion, the latest start first: the back office lists them all (product rules). */
export async function allPromotions(db: Knex, publication?: PublicationFilter): Promise<Promotion[]> {
  const query = whereVisible(db<PromotionRow>('promotions'), 'promotions', STAFF);
  const rows = await wherePublicationIs(query, 'promotions', publication).orderBy([
    { column: 'start_date', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  return rows.map(toPromotion);
}

export async function findPromotion(db: Knex, id: number, visibility: Visibility): Promise<Promotion | null> {
  const row = await whereVisible(db<PromotionRow>('promotions'), 'promotions', visibility)
    .where('id', id)
    .first();
  return row ? toPromotion(row) : null;
}

/** The columns a promotion form writes (the image is handled apart, with its files). */
function columns(input: PromotionInput) {
  return {
    title: input.title,
    description: input.description,
    discount: input.discount,
    code: input.code,
    start_date: input.startDate,
    end_date: input.endDate,
  };
}

export async function insertPromotion(
  db: Knex,
  input: PromotionInput,
  image: string | null,
  now: Date,
): Promise<number> {
  const stamp = toDbDateTime(now);
  const [id] = await db('promotions').insert({
    ...columns(input),
    ...publicationColumns(input, true),
    image,
    created_at: stamp,
    updated_at: stamp,
  });
  return Number(id);
}

/** `image` undefined keeps the stored one. Returns the number of rows changed. */
export async function updatePromotion(
  db: Knex,
  id: number,
  input: PromotionInput,
  image: string | null | undefined,
  now: Date,
): Promise<number> {
  const changes = {
    ...columns(input),
    ...publicationColumns(input, false),
    updated_at: toDbDateTime(now),
    ...(image === undefined ? {} : { image }),
  };
  return db('promotions').where('id', id).update(changes);
}

export async function deletePromotion(db: Knex, id: number): Promise<number> {
  return db('promotions').where('id', id).delete();
}
