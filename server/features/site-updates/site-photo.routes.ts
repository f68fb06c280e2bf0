import { Router } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { NotFoundError } from '#server/errors';
import { storageFor } from '#server/storage/storage-for';
import { sendSitePhoto } from './send-site-photo';
import { siteUpdateService } from './site-updates.service';

/**
 * GET /suivi/{token}/photos/{file} (docs/product-rules.md, "Site updates"): a photo of one
 * of the request's published updates, found through the token (only its hash is looked
 * up), never through a guessable address: an unknown or revoked token, another request's
 * photo, a draft's photo and a malformed name all answer the same 404. Errors go to the
 * error handler without the URL (it logs the error, never the path, which holds the token).
 */
const NOT_FOUND = 'Photo introuvable.';

export function sitePhotoRoutes({ config, db }: { config: Config; db: Knex }): Router {
  // One spelling of the path only: the tracking guard (#server/features/tracking) sends
  // the others to it, and this route would not match them either.
  const router = Router({ caseSensitive: true, strict: true });
  const layout = storageFor(config);
  const service = siteUpdateService({ db, config, layout });

  router.get('/suivi/:token/photos/:file', async (req, res, next) => {
    // Whatever the outcome, nothing keeps the answer and no referrer carries the token away.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const found = await service.publishedPhoto(String(req.params.token), String(req.params.file));
    if (!found) throw new NotFoundError(NOT_FOUND);
    await sendSitePhoto(layout.files, found.submissionId, found.photo, req, res, next);
  });

  return router;
}
