import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { NotFoundError } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { requireAccess } from '#server/http/require-auth';
import { type StorageLayout } from '#server/storage/layout';
import { storageFor } from '#server/storage/storage-for';
import { findServedImage } from './find-served-image';
import { imageMessages } from './image-messages';
import { storedImageCandidates, type ImageRoute } from './image-url-path';
import { sendImage, wildcardSegments } from './send-image';
import { UPLOAD_FIELD, uploadImage } from './upload-image';

/**
 * Image serving and upload (product rules, API; product rules, API). The three reading patterns
 * are public (GET, and HEAD which Express answers with the GET route); the upload needs the
 * catalogue access (administrator or editor, docs/product-rules.md, "Roles and access"),
 * checked before a byte of the body is read.
 * `/images/{type}/{path}` is the same wildcard route as `/images/{path}`: see
 * storedImageCandidates for how both are read.
 */
export function imagesRoutes({ config, db }: { config: Config; db: Knex }): Router {
  const router = Router();
  const layout = storageFor(config);
  const catalogue = requireAccess({ config, db }, 'catalogue');

  router.get('/serve-image/*path', serveImage(layout, 'serve-image'));
  router.get('/images/*path', serveImage(layout, 'images'));

  router.post(
    '/upload-image',
    catalogue,
    adminImageUpload(layout, [
      { name: UPLOAD_FIELD, maxCount: 1, tooMany: { field: UPLOAD_FIELD, message: imageMessages.oneOnly } },
    ]),
    async (req, res) => {
      res.status(201).json(await uploadImage(actorOf(res), req, { db, layout }));
    },
  );

  // Mounted on the image paths only: a pathless error handler matches every request, and a
  // router whose last layer matched is left through an event-loop turn (docs/decisions/0011).
  router.use(['/serve-image', '/images'], undecodableImagePath);
  return router;
}

/**
 * `/storage/{path}` with the same checks as /serve-image (symbolic links resolved and kept
 * inside storage/app/public, bytes sniffed for the type), for the app to mount in place of
 * a plain static folder, which follows a link out of the public folder.
 */
export function publicStorageRoutes(layout: StorageLayout): Router {
  const router = Router();
  router.get('/storage/*path', serveImage(layout, 'serve-image'));
  router.use('/storage', undecodableImagePath);
  return router;
}

function serveImage(layout: StorageLayout, route: ImageRoute): RequestHandler {
  return async (req, res, next) => {
    const candidates = storedImageCandidates(route, wildcardSegments(req));
    if (!candidates) throw new NotFoundError(imageMessages.notFound);
    sendImage(await findServedImage(candidates, layout), req, res, next);
  };
}

/**
 * Express percent-decodes the wildcard before any handler runs and fails a malformed
 * escape (`%E0%A4%A`) with a bare 400 that the central handler does not know. On the image
 * routes such a path names no image: 404 like any other refused path.
 */
const undecodableImagePath: ErrorRequestHandler = (error, _req, _res, next) => {
  const decodeFailure = error instanceof URIError && (error as URIError & { status?: number }).status === 400;
  if (decodeFailure) return next(new NotFoundError(imageMessages.notFound));
  next(error);
};
