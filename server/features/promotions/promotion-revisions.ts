import { rowSnapshot, type RevisionKindHandler } from '#server/features/revisions';
import { promotionVersion } from './promotion-version';
import { promotionsService, type PromotionsDeps } from './promotions.service';

/** Promotions in the revisions (docs/decisions/0040-revisions.md): listed by revision-kinds. */
export function promotionRevisions(deps: PromotionsDeps): RevisionKindHandler {
  const service = promotionsService(deps);
  return {
    kind: 'promotion',
    snapshot: (db, id) => rowSnapshot(db, 'promotions', id, promotionVersion),
    restore: service.restore,
  };
}
