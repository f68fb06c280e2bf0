import { Router, type Request, type RequestHandler } from 'express';
import { offerMessages } from '#shared/schemas/offer';
import type { AuthDeps } from '#server/features/auth';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { idParam } from '#server/http/id-param';
import { putOverride } from '#server/http/method-override';
import { optionalAuth, readerVisibility, readsAsStaff, requireAccess } from '#server/http/require-auth';
import { publicationFilterOf } from '#server/db/publication';
import { filesOf } from '#server/http/uploads';
import { storageFor } from '#server/storage/storage-for';
import { fleetKind } from './fleet-kind';
import { miscellaneousKind } from './miscellaneous-kind';
import type { OfferKind } from './offer-kind';
import { addOfferListRoutes } from './offer-list.routes';
import { IMAGE_FIELD, offerService } from './offers.service';
import { parcelKind } from './parcel-kind';

/**
 * The offers (product rules, API): /parcels, /flotte-immobiliere and /biens-immobiliers, each
 * with GET list, GET one, POST (form data), POST {id} with `_method=PUT` (product rules: offers
 * can be edited) and DELETE. Reads are public (product rules: offers load without a token);
 * writes need the catalogue access (administrator or editor, docs/product-rules.md, "Roles and access"),
 * checked before the upload is read. A plain PUT is taken
 * as the same update, for clients that can send one.
 *
 * Answers: `{ data: [...] }` for the list, `{ data: {...} }` for one offer (201 on
 * creation), `{ message }` for a deletion. The back office reads each kind page by page
 * under /admin (offer-list.routes.ts).
 */
export function offersRoutes(deps: AuthDeps): Router {
  const router = Router();
  // Flat paths on one router, so a walk over the route table sees every one of them.
  for (const kind of [parcelKind, fleetKind, miscellaneousKind] as OfferKind<object, object, unknown>[]) {
    addOfferRoutes(router, kind, deps);
    addOfferListRoutes(router, kind, deps);
  }
  return router;
}

function addOfferRoutes<C extends object, U extends object, A>(
  router: Router,
  kind: OfferKind<C, U, A>,
  deps: AuthDeps,
): void {
  const { path } = kind;
  const layout = storageFor(deps.config);
  const service = offerService(kind, { db: deps.db, layout, now: deps.now });
  const catalogue = requireAccess(deps, 'catalogue');
  const upload = adminImageUpload(layout, [
    { name: IMAGE_FIELD, maxCount: 1, tooMany: { field: IMAGE_FIELD, message: offerMessages.imageTooMany } },
  ]);
  const imageOf = (req: Request) => filesOf(req, IMAGE_FIELD)[0];

  const update: RequestHandler = async (req, res) => {
    const id = idParam(req, kind.notFound);
    res.json({ data: await service.update(actorOf(res), id, req.body, imageOf(req), req.log) });
  };

  // The staff's token shows drafts and scheduled offers too: a shared cache must not mix them.
  const reader = optionalAuth(deps);
  router.get(path, reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    const at = deps.now?.() ?? new Date();
    const publication = publicationFilterOf(req.query, readsAsStaff(res), at);
    res.json({ data: await service.list(readerVisibility(res, at), publication) });
  });
  router.get(`${path}/:id`, reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    res.json({ data: await service.get(idParam(req, kind.notFound), readerVisibility(res)) });
  });
  router.post(path, catalogue, upload, async (req, res) => {
    res.status(201).json({ data: await service.create(actorOf(res), req.body, imageOf(req)) });
  });
  router.post(`${path}/:id`, catalogue, upload, putOverride(update));
  router.put(`${path}/:id`, catalogue, upload, update);
  router.delete(`${path}/:id`, catalogue, async (req, res) => {
    await service.remove(actorOf(res), idParam(req, kind.notFound));
    res.json({ message: offerMessages.deleted });
  });
}
