export { testimonialRevisions } from './testimonial-revisions';
