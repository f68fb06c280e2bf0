import { Router, type Request, type RequestHandler } from 'express';
import { pagedData } from '#shared/paged';
import { productAdminListQuerySchema, productBulkSchema, productMessages } from '#shared/schemas/product';
import type { Visibility } from '#server/db/visibility';
import { publicationFilterOf } from '#server/db/publication';
import { ValidationError } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { idParam } from '#server/http/id-param';
import { putOverride } from '#server/http/method-override';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { optionalAuth, readerVisibility, requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import type { AuthDeps } from '#server/features/auth';
import { productAdminPage } from './product-admin-list';
import { productBulk } from './product-bulk';
import { PRODUCT_FILE_FIELDS, readProductForm } from './product-form';
import { pagingOf } from './product-paging';
import type { ProductFilter } from './products.repository';
import { productsService } from './products.service';

/**
 * /api/products (product rules, API): public reads (product rules: the catalogue loads without a
 * token); creation and update as form data by the catalogue access (administrator or editor,
 * docs/product-rules.md, "Roles and access"), the update as
 * `POST /products/{id}` with `_method=PUT` (a real PUT works too). Files are 2 MB each
 * (product rules, Limits and constants). Lists answer `{ data: [...] }`, one product `{ data: {...} }`; with
 * `page` (and `per_page`, at most 48) the list is paged: `{ data, meta }` (product-paging.ts).
 * The back office's list and its bulk actions are /api/admin/products and
 * /api/admin/products/bulk (docs/product-rules.md, "Lists of the back office", "Bulk actions").
 */
export function productsRoutes(deps: AuthDeps): Router {
  const router = Router();
  const layout = storageFor(deps.config);
  const products = productsService({ ...deps, layout });
  const bulk = productBulk({ ...deps, layout });
  const catalogue = requireAccess(deps, 'catalogue');
  const catalogueRead = requireAccess(deps, 'catalogueRead');
  const upload = adminImageUpload(layout, PRODUCT_FILE_FIELDS);

  // The staff's token shows drafts and scheduled products too: a shared cache must not mix them.
  const reader = optionalAuth(deps);
  router.get('/products', reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    const at = deps.now?.() ?? new Date();
    const filter = filterOf(req.query, readerVisibility(res, at), at);
    const paging = pagingOf(req.query);
    res.json(paging ? await products.page(filter, paging) : { data: await products.list(filter) });
  });
  router.get('/products/:id', reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    res.json({ data: await products.get(idParam(req, productMessages.notFound), readerVisibility(res)) });
  });
  router.post('/products', catalogue, upload, async (req, res) => {
    const { input, uploads } = await readProductForm(req);
    res.status(201).json({ data: await products.create(actorOf(res), input, uploads, req.log) });
  });
  const update: RequestHandler = async (req, res) => {
    const id = idParam(req, productMessages.notFound);
    const { input, uploads } = await readProductForm(req);
    res.json({ data: await products.update(actorOf(res), id, input, uploads, req.log) });
  };
  router.post('/products/:id', catalogue, upload, putOverride(update));
  router.put('/products/:id', catalogue, upload, update);
  router.delete('/products/:id', catalogue, async (req, res) => {
    await products.remove(actorOf(res), idParam(req, productMessages.notFound));
    res.json({ message: productMessages.deleted });
  });

  router.get('/admin/products', catalogueRead, noStore, async (req, res) => {
    const query = parseInput(productAdminListQuerySchema, req.query);
    const { rows, total } = await productAdminPage(deps.db, query, deps.now?.() ?? new Date());
    res.json(pagedData(rows, total, query));
  });
  router.post('/admin/products/bulk', catalogue, noStore, async (req, res) => {
    res.json(await bulk(actorOf(res), parseInput(productBulkSchema, req.body), req.log));
  });
  return router;
}

/**
 * `search` (name or reference contains it, ignoring case) and `category_id` ('' or 'all'
 * for every category, product rules, Pages and routes: "a category filter defaulting to all").
 */
function filterOf(query: Request['query'], visibility: Visibility, now: Date): ProductFilter {
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  const category = typeof query.category_id === 'string' ? query.category_id.trim() : query.category_id;
  const publication = publicationFilterOf(query, visibility.audience === 'staff', now);
  const filter: ProductFilter = search ? { visibility, search, publication } : { visibility, publication };
  if (category === undefined || category === '' || category === 'all') return filter;
  if (typeof category !== 'string' || !/^[1-9]\d{0,9}$/.test(category)) {
    throw new ValidationError({ category_id: [productMessages.categoryFilterInvalid] });
  }
  return { ...filter, categoryId: Number(category) };
}
