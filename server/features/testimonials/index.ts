/** What other features use of testimonials: its trash handler (docs/decisions/0039-trash.md). */
export { testimonialTrash } from './testimonial-trash';
