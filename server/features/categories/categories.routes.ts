import { Router, type Request } from 'express';
import { pagedData } from '#shared/paged';
import {
  categoryAdminListQuerySchema,
  categoryBulkSchema,
  categoryMessages,
  categorySchema,
} from '#shared/schemas/category';
import { actorOf } from '#server/http/actor';
import { idParam } from '#server/http/id-param';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import type { AuthDeps } from '#server/features/auth';
import { categoriesService } from './categories.service';

/**
 * /api/categories (product rules, API: JSON name and description). Reads are public (product rules:
 * the catalogue loads without a token); writes need the catalogue access (administrator or
 * editor, docs/product-rules.md, "Roles and access"). Lists answer
 * `{ data: [...] }`, one category `{ data: {...} }`. The back office's list and its bulk
 * deletion are /api/admin/categories and /api/admin/categories/bulk (docs/product-rules.md,
 * "Lists of the back office", "Bulk actions").
 */
export function categoriesRoutes(deps: AuthDeps): Router {
  const router = Router();
  const categories = categoriesService({ ...deps, layout: storageFor(deps.config) });
  const catalogue = requireAccess(deps, 'catalogue');
  const catalogueRead = requireAccess(deps, 'catalogueRead');
  const idOf = (req: Request) => idParam(req, categoryMessages.notFound);

  router.get('/categories', async (_req, res) => {
    res.json({ data: await categories.list() });
  });
  router.get('/categories/:id', async (req, res) => {
    res.json({ data: await categories.get(idOf(req)) });
  });
  router.post('/categories', catalogue, async (req, res) => {
    res
      .status(201)
      .json({ data: await categories.create(actorOf(res), parseInput(categorySchema, req.body)) });
  });
  router.put('/categories/:id', catalogue, async (req, res) => {
    const id = idOf(req);
    res.json({ data: await categories.update(actorOf(res), id, parseInput(categorySchema, req.body)) });
  });
  router.delete('/categories/:id', catalogue, async (req, res) => {
    await categories.remove(actorOf(res), idOf(req));
    res.json({ message: categoryMessages.deleted });
  });
  router.get('/admin/categories', catalogueRead, noStore, async (req, res) => {
    const query = parseInput(categoryAdminListQuerySchema, req.query);
    const { rows, total } = await categories.page(query);
    res.json(pagedData(rows, total, query));
  });
  router.post('/admin/categories/bulk', catalogue, noStore, async (req, res) => {
    res.json(await categories.bulk(actorOf(res), parseInput(categoryBulkSchema, req.body)));
  });
  return router;
}
