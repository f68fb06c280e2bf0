import { Router, type RequestHandler } from 'express';
import { pagedData } from '#shared/paged';
import { projectAdminListQuerySchema, projectBulkSchema, projectMessages } from '#shared/schemas/project';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { idParam } from '#server/http/id-param';
import { putOverride } from '#server/http/method-override';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { optionalAuth, readerVisibility, readsAsStaff, requireAccess } from '#server/http/require-auth';
import { publicationFilterOf } from '#server/db/publication';
import { storageFor } from '#server/storage/storage-for';
import type { AuthDeps } from '#server/features/auth';
import { projectAdminPage } from './project-admin-list';
import { projectBulk } from './project-bulk';
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
 *
 * The back office's list and its bulk actions are GET /admin/projects (catalogueRead) and
 * POST /admin/projects/bulk (catalogue) (docs/product-rules.md, "Lists of the back office"
 * and "Bulk actions").
 */
export function projectsRoutes(deps: AuthDeps): Router {
  const router = Router();
  const layout = storageFor(deps.config);
  const service = projectService({ db: deps.db, layout, now: deps.now });
  const bulk = projectBulk({ db: deps.db, layout, now: deps.now });
  const catalogue = requireAccess(deps, 'catalogue');
  const catalogueRead = requireAccess(deps, 'catalogueRead');
  const upload = adminImageUpload(layout, PROJECT_FILE_FIELDS);

  const update: RequestHandler = async (req, res) => {
    const id = idParam(req, projectMessages.notFound);
    res.json({
      data: await service.update(actorOf(res), id, req.body, await readProjectUploads(req), req.log),
    });
  };

  const reader = optionalAuth(deps);
  // The answer depends on the token (drafts for the staff): a shared cache must not mix them.
  router.get('/projects', reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    const at = deps.now?.() ?? new Date();
    const publication = publicationFilterOf(req.query, readsAsStaff(res), at);
    res.json({ data: await service.list(readerVisibility(res, at), publication) });
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

  router.get('/admin/projects', catalogueRead, noStore, async (req, res) => {
    const query = parseInput(projectAdminListQuerySchema, req.query);
    const { rows, total } = await projectAdminPage(deps.db, query, deps.now?.() ?? new Date());
    res.json(pagedData(rows, total, query));
  });
  router.post('/admin/projects/bulk', catalogue, noStore, async (req, res) => {
    res.json(await bulk(actorOf(res), parseInput(projectBulkSchema, req.body), req.log));
  });
  return router;
}
