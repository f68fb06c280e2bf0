import { Router, type Request, type RequestHandler } from 'express';
import { productMessages } from '#shared/schemas/product';
import type { Visibility } from '#server/db/visibility';
import { ValidationError } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { adminImageUpload } from '#server/http/admin-image-upload';
import { idParam } from '#server/http/id-param';
import { putOverride } from '#server/http/method-override';
import { optionalAuth, readerVisibility, requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import type { AuthDeps } from '#server/features/auth';
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
 */
export function productsRoutes(deps: AuthDeps): Router {
  const router = Router();
  const layout = storageFor(deps.config);
  const products = productsService({ ...deps, layout });
  const catalogue = requireAccess(deps, 'catalogue');
  const upload = adminImageUpload(layout, PRODUCT_FILE_FIELDS);

  // The staff's token shows drafts and scheduled products too: a shared cache must not mix them.
  const reader = optionalAuth(deps);
  router.get('/products', reader, async (req, res) => {
    res.set('Vary', 'Authorization');
    const filter = filterOf(req.query, readerVisibility(res));
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
  return router;
}

/**
 * `search` (name or reference contains it, ignoring case) and `category_id` ('' or 'all'
 * for every category, product rules, Pages and routes: "a category filter defaulting to all").
 */
function filterOf(query: Request['query'], visibility: Visibility): ProductFilter {
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  const category = typeof query.category_id === 'string' ? query.category_id.trim() : query.category_id;
  const filter: ProductFilter = search ? { visibility, search } : { visibility };
  if (category === undefined || category === '' || category === 'all') return filter;
  if (typeof category !== 'string' || !/^[1-9]\d{0,9}$/.test(category)) {
    throw new ValidationError({ category_id: [productMessages.categoryFilterInvalid] });
  }
  return { ...filter, categoryId: Number(category) };
}
