import { Router } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { toNumber } from '#server/db/dialect';
import { AppError, NotFoundError } from '#server/errors';
import { idParam } from '#server/http/id-param';
import { paths } from '#shared/paths';
import {
  ORDER_QUANTITY_ERROR,
  ORDER_QUANTITY_FIELD,
  parseOrderQuantity,
  productOrderMessage,
  whatsappLink,
} from '#shared/whatsapp';
import { publicAt } from '#server/db/visibility';
import { findProduct } from './products.repository';

const NOT_FOUND = 'Produit non trouvé';

/**
 * The order form of the catalogue's dialog and of the product page (docs/product-rules.md,
 * "WhatsApp"): `GET /products/{id}/whatsapp?quantite=N` answers 303 to the wa.me chat with
 * the message for that quantity. A form cannot compose a message by itself, and the product
 * page must order without JavaScript; one address serves both (decision 0026).
 */
export function productOrderRoutes({ config, db }: { config: Config; db: Knex }): Router {
  const router = Router();

  router.get(paths.productOrder(':id'), async (req, res) => {
    // The answer follows the stock and price of the moment: never kept, never indexed.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    const id = idParam(req, NOT_FOUND);
    const quantity = parseOrderQuantity(req.query[ORDER_QUANTITY_FIELD] ?? '1');
    if (quantity === null) throw new AppError(400, ORDER_QUANTITY_ERROR);
    // A draft, scheduled or trashed product is not for sale (docs/product-rules.md, "Trash, revisions and drafts").
    const row = await findProduct(db, id, publicAt());
    if (!row) throw new NotFoundError(NOT_FOUND);
    const product = {
      name: row.name,
      reference: row.reference,
      price: toNumber(row.price),
      stock: toNumber(row.stock),
    };
    res.redirect(303, whatsappLink(config.site.whatsapp, productOrderMessage(product, quantity)));
  });

  return router;
}
