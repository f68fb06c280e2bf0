import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { offerRevisions } from '#server/features/offers';
import { productRevisions } from '#server/features/products';
import { projectRevisions } from '#server/features/projects';
import { promotionRevisions } from '#server/features/promotions';
import type { RevisionKindHandler } from '#server/features/revisions';
import { testimonialRevisions } from '#server/features/testimonials';
import { storageFor } from '#server/storage/storage-for';

/**
 * Every kind with revisions (shared/revisions.ts), each declared by its feature: the one
 * place that imports them all, so the revisions themselves import no catalogue feature
 * (docs/decisions/0040-revisions.md).
 */
export function revisionKinds(deps: { config: Config; db: Knex; now?: () => Date }): RevisionKindHandler[] {
  const services = { db: deps.db, layout: storageFor(deps.config), now: deps.now };
  return [
    productRevisions(services),
    projectRevisions(services),
    ...offerRevisions(services),
    promotionRevisions(services),
    testimonialRevisions(services),
  ];
}
