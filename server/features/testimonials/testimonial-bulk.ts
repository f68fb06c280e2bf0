import type { BulkAnswer } from '#shared/bulk';
import type { TestimonialBulkInput } from '#shared/schemas/testimonial';
import { bulkIds } from '#server/db/bulk';
import type { Actor } from '#server/features/activity';
import { moveManyToTrash } from '#server/features/trash';
import { testimonialAdminIds } from './testimonial-admin-list';
import { testimonialTrash } from './testimonial-trash';
import { testimonialsService, type TestimonialsDeps } from './testimonials.service';

/**
 * POST /api/admin/testimonials/bulk (docs/product-rules.md, "Bulk actions"): the
 * testimonials ticked, or every one of the filtered list, published or taken off the site as
 * the list's toggle does it, or moved to the trash with their photo as 'Supprimer' moves one.
 */
export function testimonialBulk(deps: TestimonialsDeps) {
  const service = testimonialsService(deps);
  return async (actor: Actor, input: TestimonialBulkInput): Promise<BulkAnswer> => {
    const now = deps.now?.() ?? new Date();
    const ids = await bulkIds(input, (filter) => testimonialAdminIds(deps.db, filter, now));
    if (input.action === 'delete') return moveManyToTrash(deps, actor, testimonialTrash, ids);
    return service.setPublishedMany(actor, ids, input.action === 'publish');
  };
}
