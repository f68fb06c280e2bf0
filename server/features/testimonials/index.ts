export { testimonialRevisions } from './testimonial-revisions';
/** What other features use of testimonials: its trash handler (docs/decisions/0039-trash.md). */
export { testimonialTrash } from './testimonial-trash';
