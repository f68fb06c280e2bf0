import { Router, type RequestHandler } from 'express';
import { projectMessages } from '#shared/schemas/project';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { idParam } from '#server/http/id-param';
import { putOverride } from '#server/http/method-override';
import { optionalAuth, readerVisibility, requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import type { AuthDeps } from '#server/features/auth';
import { PROJECT_FILE_FIELDS, readProjectUploads } from './project-uploads';
import { projectService } from './projects.service';

/**
 * /projects (product rules, API): GET list and GET one are public (the portfolio; the staff's
 * token shows drafts too, docs/product-rules.md, "Drafts and scheduled publishing"); POST (form
 * data), POST {id} with `_method=PUT` (a plain PUT too) and DELETE need the catalogue access
 * (administrator or editor, docs/product-rules.md, "Roles and access"), checked before the upload is read.
 *
 * Answers: `{ data: [...] }` for the list, `{ data: {...} }` for one project (201 on
 * creation), `{ message }` for a deletion.
 */
export function projectsRoutes(deps: AuthDeps): Router {
  const router = Router();
  const layout = storageFor(deps.config);
  const service = projectService({ db: deps.db, layout, now: deps.now });
  const catalogue = requireAccess(deps, 'catalogue');
  const upload = adminImageUpload(layout, PROJECT_FILE_FIELDS);

  const update: RequestHandler = async (req, res) => {
    const id = idParam(req, projectMessages.notFound);
    res.json({
      data: await service.update(actorOf(res), id, req.body, await readProjectUploads(req), req.log),
    });
  };

  const reader = optionalAuth(deps);
  // The answer depends on the token (drafts for the staff): a shared cache must not mix them.
  router.get('/projects', reader, async (_req, res) => {
    res.set('Vary', 'Authorization');
    res.json({ data: await service.list(readerVisibility(res)) });
  });
  router.get('/projects/:id', reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    res.json({ data: await service.get(idParam(req, projectMessages.notFound), readerVisibility(res)) });
  });
  router.post('/projects', catalogue, upload, async (req, res) => {
    res
      .status(201)
      .json({ data: await service.create(actorOf(res), req.body, await readProjectUploads(req)) });
  });
  router.post('/projects/:id', catalogue, upload, putOverride(update));
  router.put('/projects/:id', catalogue, upload, update);
  router.delete('/projects/:id', catalogue, async (req, res) => {
    await service.remove(actorOf(res), idParam(req, projectMessages.notFound));
    res.json({ message: projectMessages.deleted });
  });
  return router;
}
