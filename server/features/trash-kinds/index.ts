import type { TrashKindHandler } from '#server/features/trash';
import { categoryTrash } from '#server/features/categories';
import { fleetTrash, miscTrash, parcelTrash } from '#server/features/offers';
import { productTrash } from '#server/features/products';
import { projectTrash } from '#server/features/projects';
import { promotionTrash } from '#server/features/promotions';
import { testimonialTrash } from '#server/features/testimonials';
import { messageTrash } from '#server/features/contact-messages';
import { siteUpdateTrash } from '#server/features/site-updates';
import { submissionTrash } from '#server/features/submissions';

/**
 * Every kind the trash handles (docs/decisions/0039-trash.md): one handler per kind,
 * declared in its own feature and exported by its index.ts. The trash's routes and its
 * purge timer take this list, so the trash imports no feature. A new kind adds its handler
 * here, nowhere else.
 */
export const TRASH_KIND_HANDLERS: readonly TrashKindHandler[] = [
  productTrash,
  categoryTrash,
  projectTrash,
  parcelTrash,
  fleetTrash,
  miscTrash,
  promotionTrash,
  testimonialTrash,
  submissionTrash,
  messageTrash,
  siteUpdateTrash,
];
