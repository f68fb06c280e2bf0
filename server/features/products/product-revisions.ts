import { rowSnapshot, type RevisionKindHandler } from '#server/features/revisions';
import { productVersion } from './product-version';
import { productsService, type ProductsDeps } from './products.service';

/** Products in the revisions (docs/decisions/0040-revisions.md): listed by revision-kinds. */
export function productRevisions(deps: ProductsDeps): RevisionKindHandler {
  const service = productsService(deps);
  return {
    kind: 'product',
    snapshot: (db, id) => rowSnapshot(db, 'products', id, productVersion),
    restore: service.restore,
  };
}
