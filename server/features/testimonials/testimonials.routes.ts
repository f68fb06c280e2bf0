import { Router, type Request, type RequestHandler } from 'express';
import { imageMessages } from '#shared/schemas/images';
import {
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
import { optionalAuth, readsAsStaff, requireAccess } from '#server/http/require-auth';
import { filesOf } from '#server/http/uploads';
import { looksLikeImage } from '#server/images/admin-images';
import { storageLayout } from '#server/storage/layout';
import type { AuthDeps } from '#server/features/auth';
import { testimonialsService } from './testimonials.service';

/**
 * /api/testimonials (docs/product-rules.md, "Testimonials"; docs/decisions/0004-api-conventions.md):
 * form data with an optional `photo`, update as `POST /testimonials/{id}` with
 * `_method=PUT` (a real PUT works too); `PATCH /testimonials/{id}/published` with JSON
 * `{ published }` publishes or unpublishes from the list. Reads are public and show published testimonials
 * only; with the token of staff who read the catalogue (readsAsStaff) they show all of them.
 * Writes need the catalogue access (docs/product-rules.md, "Roles and access").
 */
export function testimonialsRoutes(deps: AuthDeps): Router {
  const router = Router();
  const layout = storageLayout(deps.config.storageDir);
  const testimonials = testimonialsService({ ...deps, layout });
  const catalogue = requireAccess(deps, 'catalogue');
  const reader = optionalAuth(deps);
  const idOf = (req: Request) => idParam(req, testimonialMessages.notFound);
  const upload = adminImageUpload(layout, [
    { name: 'photo', maxCount: 1, tooMany: { field: 'photo', message: testimonialMessages.photoTooMany } },
  ]);

  router.get('/testimonials', reader, async (_req, res) => {
    // The answer depends on the token: a shared cache must not hand one to the other.
    res.set('Vary', 'Authorization');
    res.json({ data: await testimonials.list({ admin: readsAsStaff(res) }) });
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
