import { promotions } from '#server/seed/content/promotions';
import { dateFrom, dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { seedPicturedRows } from './seed-pictured-rows';

export function seedPromotions(ctx: SeedContext): Promise<number> {
  return seedPicturedRows(
    ctx,
    'promotions',
    'Promotions',
    'promotions',
    promotions,
    (promotion, image, i) => {
      // Created a day before it starts, as an administrator would prepare it.
      const at = dateTimeFrom(ctx.now, promotion.startInDays - 1, i);
      return {
        title: promotion.title,
        description: promotion.description,
        discount: promotion.discount,
        code: promotion.code ?? null,
        start_date: dateFrom(ctx.now, promotion.startInDays),
        end_date: dateFrom(ctx.now, promotion.endInDays),
        image,
        created_at: at,
        updated_at: at,
      };
    },
  );
}
