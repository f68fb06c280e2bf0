import { Router, type Request, type RequestHandler } from 'express';
import { pagedData } from '#shared/paged';
import { imageMessages } from '#shared/schemas/images';
import {
  testimonialAdminListQuerySchema,
  testimonialBulkSchema,
  testimonialMessages,
  testimonialPublicationSchema,
  testimonialSchema,
  type TestimonialInput,
} from '#shared/schemas/testimonial';
import type { FieldErrors } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { parseForm } from '#server/http/form-input';
import { idParam } from '#server/http/id-param';
import { parseInput } from '#server/http/parse-input';
import { putOverride } from '#server/http/method-override';
import { noStore } from '#server/http/no-store';
import { optionalAuth, readsAsStaff, requireAccess } from '#server/http/require-auth';
import { publicationFilterOf } from '#server/db/publication';
import { filesOf } from '#server/http/uploads';
import { looksLikeImage } from '#server/images/admin-images';
import { storageLayout } from '#server/storage/layout';
import type { AuthDeps } from '#server/features/auth';
import { testimonialAdminPage } from './testimonial-admin-list';
import { testimonialBulk } from './testimonial-bulk';
import { testimonialsService } from './testimonials.service';

/**
 * /api/testimonials (docs/product-rules.md, "Testimonials"; docs/decisions/0004-api-conventions.md):
 * form data with an optional `photo`, update as `POST /testimonials/{id}` with
 * `_method=PUT` (a real PUT works too); `PATCH /testimonials/{id}/published` with JSON
 * `{ published }` publishes or unpublishes from the list. Reads are public and show published testimonials
 * only; with the token of staff who read the catalogue (readsAsStaff) they show all of them.
 * Writes need the catalogue access (docs/product-rules.md, "Roles and access").
 *
 * The back office's list is GET /admin/testimonials (catalogueRead), its bulk actions
 * POST /admin/testimonials/bulk (catalogue): 'publish' and 'unpublish' as the list's toggle
 * does them, 'delete' to the trash (docs/product-rules.md, "Lists of the back office" and
 * "Bulk actions").
 */
export function testimonialsRoutes(deps: AuthDeps): Router {
  const router = Router();
  const layout = storageLayout(deps.config.storageDir);
  const testimonials = testimonialsService({ ...deps, layout });
  const bulk = testimonialBulk({ ...deps, layout });
  const catalogue = requireAccess(deps, 'catalogue');
  const catalogueRead = requireAccess(deps, 'catalogueRead');
  const reader = optionalAuth(deps);
  const idOf = (req: Request) => idParam(req, testimonialMessages.notFound);
  const upload = adminImageUpload(layout, [
    { name: 'photo', maxCount: 1, tooMany: { field: 'photo', message: testimonialMessages.photoTooMany } },
  ]);

  router.get('/testimonials', reader, async (req, res) => {
    // The answer depends on the token: a shared cache must not hand one to the other.
    res.set('Vary', 'Authorization');
    const admin = readsAsStaff(res);
    const publication = publicationFilterOf(req.query, admin, deps.now?.() ?? new Date());
    res.json({ data: await testimonials.list({ admin }, publication) });
  });
  router.get('/testimonials/:id', reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    res.json({ data: await testimonials.get(idOf(req), { admin: readsAsStaff(res) }) });
  });
  router.post('/testimonials', catalogue, upload, async (req, res) => {
    const { input, photo } = await readTestimonialForm(req);
    res.status(201).json({ data: await testimonials.create(actorOf(res), input, photo, req.log) });
  });

  const update: RequestHandler = async (req, res) => {
    const id = idOf(req);
    const { input, photo } = await readTestimonialForm(req);
    res.json({ data: await testimonials.update(actorOf(res), id, input, photo, req.log) });
  };
  router.post('/testimonials/:id', catalogue, upload, putOverride(update));
  router.put('/testimonials/:id', catalogue, upload, update);
  router.patch('/testimonials/:id/published', catalogue, async (req, res) => {
    const id = idOf(req);
    const { published } = parseInput(testimonialPublicationSchema, req.body);
    res.json({ data: await testimonials.setPublished(actorOf(res), id, published) });
  });
  router.delete('/testimonials/:id', catalogue, async (req, res) => {
    await testimonials.remove(actorOf(res), idOf(req));
    res.json({ message: testimonialMessages.deleted });
  });

  router.get('/admin/testimonials', catalogueRead, noStore, async (req, res) => {
    const query = parseInput(testimonialAdminListQuerySchema, req.query);
    const { rows, total } = await testimonialAdminPage(deps.db, query, deps.now?.() ?? new Date());
    res.json(pagedData(rows, total, query));
  });
  router.post('/admin/testimonials/bulk', catalogue, noStore, async (req, res) => {
    res.json(await bulk(actorOf(res), parseInput(testimonialBulkSchema, req.body)));
  });
  return router;
}

/** The testimonial form: fields and an optional `photo`, checked together. */
async function readTestimonialForm(
  req: Request,
): Promise<{ input: TestimonialInput; photo?: Express.Multer.File }> {
  const [photo] = filesOf(req, 'photo');
  const fileErrors: FieldErrors =
    photo && !(await looksLikeImage(photo)) ? { photo: [imageMessages.notAnImage] } : {};
  return { input: parseForm(testimonialSchema, req.body, fileErrors), photo };
}
