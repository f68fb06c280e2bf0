import type { Knex } from 'knex';
import type { TestimonialsReader } from '#shared/readers/testimonials';
import { publishedTestimonials } from '#server/features/testimonials/testimonials.repository';

export function testimonialsReader(db: Knex): TestimonialsReader {
  return {
    publishedTestimonials: (limit) => publishedTestimonials(db, limit),
  };
}
