import type { Knex } from 'knex';
import { GALLERY_MAX, productMessages, type ProductInput } from '#shared/schemas/product';
import type { ProductDetail, ProductSummary } from '#shared/types';
import {
  encodeJson,
  isForeignKeyViolation,
  isUniqueViolation,
  toDbDateTime,
  toNumber,
} from '#server/db/dialect';
import { STAFF, type Visibility } from '#server/db/visibility';
import { publicationColumns } from '#server/db/publication';
import { NotFoundError, ValidationError } from '#server/errors';
import { discardImages, storeUploads, type CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';
import { rowWriteRecorder, tableRow, type Actor } from '#server/features/activity';
import { moveToTrash } from '#server/features/trash';
import { categoryExists } from '#server/features/categories';
import { REVISION_MESSAGES } from '#shared/revision-changes';
import type { RevisionData } from '#shared/revisions';
import { discardUnlessReferenced, recordRevision, restoreRow } from '#server/features/revisions';
import { productVersion } from './product-version';
import type { ProductUploads } from './product-form';
import { productTrash } from './product-trash';
import type { PageInfo } from '#shared/paged';
import { pageMeta, type Paging } from './product-paging';
import { galleryOf, toProductDetail, toProductSummary, type ProductRow } from './product-view';
import {
  countProducts,
  findProduct,
  insertProduct,
  listProducts,
  listProductsPage,
  referenceTaken,
  updateProduct,
  type ProductFilter,
} from './products.repository';

export interface ProductsDeps {
  db: Knex;
  layout: StorageLayout;
  now?: () => Date;
}

/** A product's creation or update in the activity log (the bulk actions log theirs alike). */
export const recordProductWrite = rowWriteRecorder({
  entity: 'product',
  table: 'products',
  label: (row) => String(row.name),
  notFound: productMessages.notFound,
});

const invalid = (field: string, message: string) => new ValidationError({ [field]: [message] });

/** Lists are stored as JSON text; an empty list as NULL, like a product created without one. */
const listColumn = (list: readonly unknown[]) => (list.length > 0 ? encodeJson(list) : null);

/**
 * Products of the catalogue (product rules, Entities and Validation; product rules). Writes
 * check the category and the reference, then store the images (only once the fields are
 * valid), then write the row; a failed write removes the new files, and the files an
 * update replaced or removed are deleted once the row is committed.
 */
export function productsService({ db, layout, now = () => new Date() }: ProductsDeps) {
  /** The staff's read, drafts and scheduled included (writes and their answers). */
  async function row(id: number, visibility: Visibility = STAFF): Promise<ProductRow> {
    const found = await findProduct(db, id, visibility);
    if (!found) throw new NotFoundError(productMessages.notFound);
    return found;
  }

  async function checkReferences(input: ProductInput, exceptId?: number): Promise<void> {
    if (!(await categoryExists(db, input.category_id)))
      throw invalid('category_id', productMessages.categoryRequired);
    if (input.reference && (await referenceTaken(db, input.reference, exceptId))) {
      throw invalid('reference', productMessages.referenceTaken);
    }
  }

  /** Database refusals that are the client's doing, answered like the pre-checks. */
  function translateWriteError(error: unknown): unknown {
    if (isForeignKeyViolation(error)) return invalid('category_id', productMessages.categoryRequired);
    if (isUniqueViolation(error)) return invalid('reference', productMessages.referenceTaken);
    return error;
  }

  /**
   * Runs the uploads through the image pipeline, main image first; answers its path (or
   * undefined when none was sent) and the gallery's. Refused bytes: 422, nothing kept.
   */
  async function storeImages(uploads: ProductUploads): Promise<{ image?: string; gallery: string[] }> {
    const files = [
      ...(uploads.image ? [{ file: uploads.image, field: 'image' }] : []),
      ...uploads.gallery.map((file) => ({ file, field: 'gallery' })),
    ];
    const paths = await storeUploads(files, 'products', layout);
    return uploads.image ? { image: paths[0], gallery: paths.slice(1) } : { gallery: paths };
  }

  /**
   * The product's answer after a save, once the files it replaced and those of the
   * versions it pruned are deleted, unless the product or a kept version still shows them.
   */
  async function detailAfterSave(
    id: number,
    candidates: (string | null)[],
    log?: CleanupLog,
  ): Promise<ProductDetail> {
    const current = await row(id);
    const shown = [current.image, ...galleryOf(current)];
    await discardUnlessReferenced(db, layout, { kind: 'product', id, shown }, candidates, log);
    return toProductDetail(current);
  }

  return {
    async list(filter: ProductFilter): Promise<ProductSummary[]> {
      return (await listProducts(db, filter)).map(toProductSummary);
    },

    /** One page of the list, in the list's order, with what a pager needs to go on. */
    async page(filter: ProductFilter, paging: Paging): Promise<{ data: ProductSummary[]; meta: PageInfo }> {
      const offset = (paging.page - 1) * paging.perPage;
      const [rows, total] = await Promise.all([
        listProductsPage(db, filter, offset, paging.perPage),
        countProducts(db, filter),
      ]);
      return { data: rows.map(toProductSummary), meta: pageMeta(paging, total) };
    },

    async get(id: number, visibility: Visibility): Promise<ProductDetail> {
      return toProductDetail(await row(id, visibility));
    },

    async create(
      actor: Actor,
      input: ProductInput,
      uploads: ProductUploads,
      log?: CleanupLog,
    ): Promise<ProductDetail> {
      await checkReferences(input);
      const stored = await storeImages(uploads);
      const stamp = toDbDateTime(now());
      let id: number;
      try {
        id = await db.transaction(async (trx) => {
          const newId = await insertProduct(trx, {
            reference: input.reference ?? null,
            name: input.name,
            category_id: input.category_id,
            price: input.price,
            old_price: input.old_price ?? null,
            // Product rules, Limits and constants: stock defaults to 0.
            stock: input.stock ?? 0,
            description: input.description,
            long_description: input.long_description ?? null,
            specifications: listColumn(input.specifications ?? []),
            features: listColumn(input.features ?? []),
            image: stored.image ?? null,
            gallery: listColumn(stored.gallery),
            ...publicationColumns(input, true),
            created_at: stamp,
            updated_at: stamp,
          });
          await recordProductWrite(trx, actor, 'create', newId, null);
          return newId;
        });
      } catch (error) {
        await discardImages([stored.image, ...stored.gallery], layout, log);
        throw translateWriteError(error);
      }
      return toProductDetail(await row(id));
    },

    async update(
      actor: Actor,
      id: number,
      input: ProductInput,
      uploads: ProductUploads,
      log?: CleanupLog,
    ): Promise<ProductDetail> {
      const current = await row(id);
      await checkReferences(input, id);

      // Only paths of this product's gallery can be removed: a request never names
      // another file to delete.
      const currentGallery = galleryOf(current);
      const removed = currentGallery.filter((path) => input.remove_gallery.includes(path));
      const kept = currentGallery.filter((path) => !removed.includes(path));
      if (kept.length + uploads.gallery.length > GALLERY_MAX)
        throw invalid('gallery', productMessages.galleryTooMany);

      const changes: Record<string, unknown> = {
        name: input.name,
        category_id: input.category_id,
        price: input.price,
        description: input.description,
        ...publicationColumns(input, false),
        updated_at: toDbDateTime(now()),
      };
      // Absent optional fields keep their value (a client following product rules, API sends
      // only name, price, category_id, description, stock and image).
      if (input.stock !== undefined) changes.stock = input.stock;
      if (input.reference !== undefined) changes.reference = input.reference;
      if (input.long_description !== undefined) changes.long_description = input.long_description;
      if (input.specifications !== undefined) changes.specifications = listColumn(input.specifications);
      if (input.features !== undefined) changes.features = listColumn(input.features);
      if (input.old_price !== undefined) changes.old_price = input.old_price;
      else if (current.old_price !== null && toNumber(current.old_price) <= input.price) {
        // A kept old price that the new price reaches is no discount any more.
        changes.old_price = null;
      }

      // Files leave only once the row no longer names them; new ones go if the write fails.
      const retired: (string | null)[] = [];
      const stored = await storeImages(uploads);
      if (stored.image !== undefined || input.remove_image) {
        changes.image = stored.image ?? null;
        retired.push(current.image);
      }
      if (removed.length > 0 || stored.gallery.length > 0) {
        changes.gallery = listColumn([...kept, ...stored.gallery]);
        retired.push(...removed);
      }
      let pruned: string[] = [];
      try {
        await db.transaction(async (trx) => {
          const before = await tableRow(trx, 'products', id);
          const changed = await updateProduct(trx, id, changes);
          if (changed === 0) throw new NotFoundError(productMessages.notFound);
          // Revisions (docs/decisions/0040-revisions.md): the version before this save.
          pruned = await recordRevision(trx, actor, 'product', id, productVersion(before!), now());
          await recordProductWrite(trx, actor, 'update', id, before);
        });
      } catch (error) {
        await discardImages([stored.image, ...stored.gallery], layout, log);
        throw translateWriteError(error);
      }
      return detailAfterSave(id, [...retired, ...pruned], log);
    },

    /**
     * Puts a kept version back (docs/product-rules.md, "Revisions"): the same checks as a
     * save for what may have changed since (the category, the reference), the current
     * version kept as a revision, the log's `revert`.
     */
    async restore(actor: Actor, id: number, version: RevisionData, log?: CleanupLog): Promise<ProductDetail> {
      await row(id);
      const { fields } = version;
      if (!(await categoryExists(db, Number(fields.category_id))))
        // The sentence as the message too: the history's toast shows it (no field to point at there).
        throw new ValidationError(
          { category_id: [REVISION_MESSAGES.categoryGone] },
          REVISION_MESSAGES.categoryGone,
        );
      if (typeof fields.reference === 'string' && (await referenceTaken(db, fields.reference, id)))
        throw new ValidationError(
          { reference: [REVISION_MESSAGES.referenceTaken] },
          REVISION_MESSAGES.referenceTaken,
        );
      let pruned: string[] = [];
      try {
        await db.transaction(async (trx) => {
          const before = await tableRow(trx, 'products', id);
          if (!before) throw new NotFoundError(productMessages.notFound);
          pruned = await recordRevision(trx, actor, 'product', id, productVersion(before), now());
          await restoreRow(trx, 'products', id, before, fields, toDbDateTime(now()));
          await recordProductWrite(trx, actor, 'revert', id, before);
        });
      } catch (error) {
        throw translateWriteError(error);
      }
      return detailAfterSave(id, pruned, log);
    },

    /**
     * Deleting a product moves it to the trash with its images (docs/product-rules.md,
     * "Trash"): same route, same answer; trashed twice or never there, 404.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      if (!(await moveToTrash({ db, layout, now }, actor, productTrash, id)))
        throw new NotFoundError(productMessages.notFound);
    },
  };
}
