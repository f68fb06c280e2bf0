import { fleetKind } from './fleet-kind';
import { miscellaneousKind } from './miscellaneous-kind';
import type { OfferKind } from './offer-kind';
import { rowSnapshot, type RevisionKindHandler } from '#server/features/revisions';
import { offerVersion } from './offer-version';
import { OFFER_REVISION_KINDS, offerService, type OfferServiceDeps } from './offers.service';
import { parcelKind } from './parcel-kind';

/** The three offer kinds in the revisions (docs/decisions/0040-revisions.md): listed by revision-kinds. */
export function offerRevisions(deps: OfferServiceDeps): RevisionKindHandler[] {
  return ([parcelKind, fleetKind, miscellaneousKind] as OfferKind<object, object, unknown>[]).map((kind) => {
    const service = offerService(kind, deps);
    return {
      kind: OFFER_REVISION_KINDS[kind.table],
      snapshot: (db, id) => rowSnapshot(db, kind.table, id, offerVersion),
      restore: service.restore,
    };
  });
}
