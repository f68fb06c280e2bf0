import { rowSnapshot, type RevisionKindHandler } from '#server/features/revisions';
import { testimonialVersion } from './testimonial-version';
import { testimonialsService, type TestimonialsDeps } from './testimonials.service';

/** Testimonials in the revisions (docs/decisions/0040-revisions.md): listed by revision-kinds. */
export function testimonialRevisions(deps: TestimonialsDeps): RevisionKindHandler {
  const service = testimonialsService(deps);
  return {
    kind: 'testimonial',
    snapshot: (db, id) => rowSnapshot(db, 'testimonials', id, testimonialVersion),
    restore: service.restore,
  };
}
