import type { Knex } from 'knex';
import type { RevisionData, RevisionKind } from '#shared/revisions';
import type { Actor } from '#server/features/activity';
import type { CleanupLog } from '#server/images/admin-images';

/**
 * What the revisions need of one kind of item (docs/decisions/0040-revisions.md). Each
 * feature declares its own (products: product-revisions.ts, …) and
 * server/features/revision-kinds lists them all, so the revisions import no catalogue
 * feature and no feature imports another's.
 */
export interface RevisionKindHandler {
  kind: RevisionKind;
  /** The item as it is now, as a revision keeps it; null when it is absent or in the trash. */
  snapshot(db: Knex | Knex.Transaction, id: number): Promise<RevisionData | null>;
  /**
   * Puts a kept version back through the kind's own write path (checks, its revision of
   * the current version, the activity log's `revert`); answers the item as the kind's GET
   * does. A version that cannot come back (its category is gone) is a 422 in French.
   */
  restore(actor: Actor, id: number, version: RevisionData, log?: CleanupLog): Promise<unknown>;
}
