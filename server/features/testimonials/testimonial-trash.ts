import type { TrashKindHandler } from '#server/features/trash';
import { deleteTestimonial } from './testimonials.repository';

/** Testimonials in the trash (docs/decisions/0039-trash.md): the client's photo. */
export const testimonialTrash: TrashKindHandler = {
  kind: 'testimonial',
  table: 'testimonials',
  entity: 'testimonial',
  label: (row) => String(row.client_name),
  publicImages: async (row) => (typeof row.photo === 'string' ? [row.photo] : []),
  async purgeRow(row, trx) {
    await deleteTestimonial(trx, row.id);
    return [];
  },
};
