import type { Knex } from 'knex';
import type { TestimonialsReader } from '#shared/readers/testimonials';
import { publicAt, type Visibility } from '#server/db/visibility';
import { publishedTestimonials } from '#server/features/testimonials/testimonials.repository';

export function testimonialsReader(db: Knex, visibility: () => Visibility = publicAt): TestimonialsReader {
  return {
    publishedTestimonials: (limit) => publishedTestimonials(db, visibility(), limit),
  };
}
