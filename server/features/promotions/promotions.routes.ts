import { Router, type Request, type RequestHandler } from 'express';
import { imageMessages } from '#shared/schemas/images';
import { pagedData } from '#shared/paged';
import {
  promotionAdminListQuerySchema,
  promotionBulkSchema,
  promotionMessages,
  promotionSchema,
  type PromotionInput,
} from '#shared/schemas/promotion';
import type { FieldErrors } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { parseForm } from '#server/http/form-input';
import { idParam } from '#server/http/id-param';
import { putOverride } from '#server/http/method-override';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { optionalAuth, readsAsStaff, requireAccess } from '#server/http/require-auth';
import { publicationFilterOf } from '#server/db/publication';
import { filesOf } from '#server/http/uploads';
import { looksLikeImage } from '#server/images/admin-images';
import { storageFor } from '#server/storage/storage-for';
import type { AuthDeps } from '#server/features/auth';
import { promotionAdminPage } from './promotion-admin-list';
import { promotionBulk } from './promotion-bulk';
import { promotionsService } from './promotions.service';

/**
 * /api/promotions (product rules, API: form data, update as `POST /promotions/{id}` with
 * `_method=PUT`, a real PUT works too). Reads are public and show running promotions only;
 * with the token of staff who read the catalogue (readsAsStaff) they show all of them; writes
 * need the catalogue access (docs/product-rules.md, "Roles and access"). Lists answer
 * `{ data: [...] }`, one promotion `{ data: {...} }`. The back office's list and its bulk
 * actions are GET /admin/promotions (catalogueRead) and POST /admin/promotions/bulk
 * (catalogue) (docs/product-rules.md, "Lists of the back office" and "Bulk actions").
 */
export function promotionsRoutes(deps: AuthDeps): Router {
  const router = Router();
  const layout = storageFor(deps.config);
  const promotions = promotionsService({ ...deps, layout });
  const bulk = promotionBulk({ ...deps, layout });
  const catalogue = requireAccess(deps, 'catalogue');
  const catalogueRead = requireAccess(deps, 'catalogueRead');
  const reader = optionalAuth(deps);
  const idOf = (req: Request) => idParam(req, promotionMessages.notFound);
  const upload = adminImageUpload(layout, [
    { name: 'image', maxCount: 1, tooMany: { field: 'image', message: promotionMessages.imageTooMany } },
  ]);

  router.get('/promotions', reader, async (req, res) => {
    // The answer depends on the token: a shared cache must not hand one to the other.
    res.set('Vary', 'Authorization');
    const admin = readsAsStaff(res);
    const publication = publicationFilterOf(req.query, admin, deps.now?.() ?? new Date());
    res.json({ data: await promotions.list({ admin }, publication) });
  });
  router.get('/promotions/:id', reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    res.json({ data: await promotions.get(idOf(req), { admin: readsAsStaff(res) }) });
  });
  router.post('/promotions', catalogue, upload, async (req, res) => {
    const { input, image } = await readPromotionForm(req);
    res.status(201).json({ data: await promotions.create(actorOf(res), input, image, req.log) });
  });

  const update: RequestHandler = async (req, res) => {
    const id = idOf(req);
    const { input, image } = await readPromotionForm(req);
    res.json({ data: await promotions.update(actorOf(res), id, input, image, req.log) });
  };
  router.post('/promotions/:id', catalogue, upload, putOverride(update));
  router.put('/promotions/:id', catalogue, upload, update);
  router.delete('/promotions/:id', catalogue, async (req, res) => {
    await promotions.remove(actorOf(res), idOf(req));
    res.json({ message: promotionMessages.deleted });
  });

  router.get('/admin/promotions', catalogueRead, noStore, async (req, res) => {
    const query = parseInput(promotionAdminListQuerySchema, req.query);
    const { rows, total } = await promotionAdminPage(deps.db, query, deps.now?.() ?? new Date());
    res.json(pagedData(rows, total, query));
  });
  router.post('/admin/promotions/bulk', catalogue, noStore, async (req, res) => {
    res.json(await bulk(actorOf(res), parseInput(promotionBulkSchema, req.body), req.log));
  });
  return router;
}

/** The promotion form (product rules, API): fields and an optional `image`, checked together. */
async function readPromotionForm(
  req: Request,
): Promise<{ input: PromotionInput; image?: Express.Multer.File }> {
  const [image] = filesOf(req, 'image');
  const fileErrors: FieldErrors =
    image && !(await looksLikeImage(image)) ? { image: [imageMessages.notAnImage] } : {};
  return { input: parseForm(promotionSchema, req.body, fileErrors), image };
}
