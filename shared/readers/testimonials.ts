import type { Testimonial } from '#shared/types';

/**
 * What the home and about pages read of the testimonials on the server (part of
 * PageContext). Implemented by server/ssr/readers/testimonials.ts.
 */
export interface TestimonialsReader {
  /** The published testimonials, the latest first, at most `limit`. */
  publishedTestimonials(limit: number): Promise<Testimonial[]>;
}
