import { testimonials } from '#server/seed/content/testimonials';
import { dateFrom, dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { seedWhenEmpty } from '#server/seed/seed-step';

/** Testimonials, some with a photo stored like an upload (variants included), in one transaction. */
export function seedTestimonials(ctx: SeedContext): Promise<number> {
  return seedWhenEmpty(ctx, 'testimonials', 'Témoignages', async () => {
    const pictured = testimonials.filter((item) => item.photo !== undefined);
    const stored = await ctx.images.storeAll(
      pictured.map((item) => ({ drawing: item.photo!, kind: 'testimonials' as const })),
    );
    const photoOf = new Map(pictured.map((item, i) => [item, stored[i]!]));
    const rows = testimonials.map((item, i) => {
      // Written the day after the client gave it, as the staff would.
      const at = dateTimeFrom(ctx.now, item.dateInDays + 1, i);
      return {
        client_name: item.clientName,
        town: item.town,
        project_type: item.projectType,
        text: item.text,
        photo: photoOf.get(item) ?? null,
        published: item.published,
        date: dateFrom(ctx.now, item.dateInDays),
        created_at: at,
        updated_at: at,
      };
    });
    await ctx.knex.transaction((trx) => trx('testimonials').insert(rows));
    return rows.length;
  });
}
