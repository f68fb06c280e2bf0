import type { Knex } from 'knex';
import type { Promotion } from '../../../shared/types';
import { fromDbDate } from '../../db/dialect';

interface PromotionRow {
  id: number;
  title: string;
  description: string;
  discount: string;
  start_date: string;
  end_date: string;
  image: string | null;
}

export function toPromotion(row: PromotionRow): Promotion {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    discount: row.discount,
    startDate: fromDbDate(row.start_date) ?? '',
    endDate: fromDbDate(row.end_date) ?? '',
    image: row.image,
  };
}

/** Promotions whose end date has not passed (rulings: the public list shows only these). */
export async function runningPromotions(db: Knex, today: string, limit?: number): Promise<Promotion[]> {
  const query = db<PromotionRow>('promotions')
    .where('end_date', '>=', today)
    .orderBy([{ column: 'end_date', order: 'asc' }, { column: 'id', order: 'asc' }]);
  if (limit) query.limit(limit);
  return (await query).map(toPromotion);
}
