import { Router, type Request, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { pagedData } from '#shared/paged';
import { siteListQuerySchema, siteUpdateMessages } from '#shared/schemas/site-update';
import type { Config } from '#server/config';
import { NotFoundError } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { idParam } from '#server/http/id-param';
import { putOverride } from '#server/http/method-override';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { can } from '#shared/roles';
import type { SiteRequest } from '#shared/site-updates';
import { authOf, requireAccess } from '#server/http/require-auth';
import { findSiteSubmission } from '#server/features/submissions';
import { storageFor } from '#server/storage/storage-for';
import { sendSitePhoto } from './send-site-photo';
import { rm } from 'node:fs/promises';
import { SITE_UPDATE_PHOTOS_MAX } from '#shared/site-phases';
import { takeUploads, uploadIdsOf } from '#server/features/resumable-uploads';
import { asPhotoFile, readSiteUpdateUploads, SITE_UPDATE_FILE_FIELDS } from './site-update-uploads';
import { siteUpdateService } from './site-updates.service';

/**
 * The back office's site updates (docs/product-rules.md, "Site updates"). Reading needs the
 * sites access, writing the sitesWrite access (docs/product-rules.md, "Roles and access"), both
 * checked before an upload is read. A role without the leads access (the site manager) reaches
 * only the approved requests, the 'Chantiers' screen's: any other request answers 404 to it,
 * as if it did not exist, whatever the route; and what it reads of a request is the
 * SiteRequest projection (title, client's name, phone, location), never the request itself:
 *   GET  /admin/site-updates                                  the 'Chantiers' list, a page of it (shared/paged.ts)
 *   GET  /admin/project-submissions/{id}/updates              a request and all its updates, drafts included
 *   POST /admin/project-submissions/{id}/updates              multipart: date, phase, progress, text, published, photos[]
 *   POST /admin/project-submissions/{id}/updates/{updateId}   with _method=PUT (a plain PUT too): the same fields,
 *                                                             removePhotoIds[] and new photos[]
 *   DELETE /admin/project-submissions/{id}/updates/{updateId} the update and its photo files
 *   GET  /admin/project-submissions/{id}/updates/photos/{file} a photo, draft's included, for the form's previews
 */
const BASE = '/admin/project-submissions/:id/updates';

const updateIdParam = (req: Request) => idParam(req, siteUpdateMessages.notFound, 'updateId');

export function siteUpdateRoutes({ config, db }: { config: Config; db: Knex }): Router {
  const router = Router();
  const layout = storageFor(config);
  const sites = requireAccess({ config, db }, 'sites');
  const sitesWrite = requireAccess({ config, db }, 'sitesWrite');
  const service = siteUpdateService({ db, config, layout });
  const upload = adminImageUpload(layout, SITE_UPDATE_FILE_FIELDS);
  const submissionId = (req: Request) => idParam(req, siteUpdateMessages.submissionNotFound);

  /** After the guard, before any upload: the site manager's reach (see above). */
  const withinReach: RequestHandler = async (req, res, next) => {
    if (!can(authOf(res).user.role, 'leads')) {
      const submission = await findSiteSubmission(db, submissionId(req));
      if (submission?.status !== 'approved') throw new NotFoundError(siteUpdateMessages.submissionNotFound);
    }
    next();
  };

  const update: RequestHandler = async (req, res) => {
    const data = await service.update(
      actorOf(res),
      submissionId(req),
      updateIdParam(req),
      req.body,
      await readSiteUpdateUploads(req),
      req.log,
    );
    res.json({ success: true, message: siteUpdateMessages.updated, data });
  };

  router.get('/admin/site-updates', sites, noStore, async (req, res) => {
    const query = parseInput(siteListQuerySchema, req.query);
    const { rows, total } = await service.summaries(query);
    res.json(pagedData(rows, total, query));
  });

  router.get(BASE, sites, noStore, withinReach, async (req, res) => {
    const { submission, updates } = await service.list(submissionId(req));
    const request: SiteRequest = {
      id: submission.id,
      reference: submission.reference,
      project_title: submission.project_title,
      client_name: `${submission.first_name} ${submission.last_name}`,
      client_first_name: submission.first_name,
      phone: submission.phone,
      location: submission.location,
      status: submission.status,
    };
    res.json({ submission: request, data: updates });
  });

  // Photos come as multipart files, as `upload_ids[]` of finished resumable uploads
  // (docs/decisions/0045-resumable-uploads.md), or both; either way stored alike.
  router.post(BASE, sitesWrite, withinReach, upload, async (req, res) => {
    // A phone sending its queue again (docs/decisions/0046-site-updates-offline.md): its
    // uploads were used by the first send, so the stored update answers before they are asked for.
    const replayed = await service.replayOf(submissionId(req), req.body);
    if (replayed) {
      res.status(201).json({ success: true, message: siteUpdateMessages.created, data: replayed });
      return;
    }
    const uploads = await readSiteUpdateUploads(req);
    const taken = await takeUploads(
      { config, db },
      uploadIdsOf(req.body, SITE_UPDATE_PHOTOS_MAX),
      'site_update',
    );
    try {
      const files = [...uploads.files, ...taken.files.map(asPhotoFile)];
      const data = await service.create(actorOf(res), submissionId(req), req.body, { ...uploads, files });
      await taken.done();
      res.status(201).json({ success: true, message: siteUpdateMessages.created, data });
    } catch (error) {
      await taken.giveBack();
      throw error;
    } finally {
      await Promise.all(taken.files.map((file) => rm(file.path, { force: true })));
    }
  });

  router.get(`${BASE}/photos/:file`, sites, withinReach, async (req, res, next) => {
    const id = submissionId(req);
    const photo = await service.photo(id, String(req.params.file));
    if (!photo) throw new NotFoundError('Photo introuvable.');
    await sendSitePhoto(layout.files, id, photo, req, res, next);
  });

  router.post(`${BASE}/:updateId`, sitesWrite, withinReach, upload, putOverride(update));
  router.put(`${BASE}/:updateId`, sitesWrite, withinReach, upload, update);
  router.delete(`${BASE}/:updateId`, sitesWrite, withinReach, noStore, async (req, res) => {
    await service.remove(actorOf(res), submissionId(req), updateIdParam(req));
    res.json({ success: true, message: siteUpdateMessages.deleted });
  });

  return router;
}
