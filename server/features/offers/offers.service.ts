import type { Knex } from 'knex';
import { imageMessages } from '#shared/schemas/images';
import { toDbDateTime } from '#server/db/dialect';
import { NotFoundError, type FieldErrors } from '#server/errors';
import { recordRowWrite, type Actor } from '#server/features/activity';
import { moveToTrash } from '#server/features/trash';
import { parseForm, withAliases } from '#server/http/form-input';
import { discardImages, looksLikeImage, storeUploads, type CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';
import { columnValues, type OfferKind } from './offer-kind';
import { STAFF, type Visibility } from '#server/db/visibility';
import { offerTrashFor } from './offer-trash';
import { findOffer, insertOffer, listOffers, updateOffer } from './offers.repository';

export const IMAGE_FIELD = 'image';

export interface OfferServiceDeps {
  db: Knex;
  layout: StorageLayout;
  now?: () => Date;
}

/**
 * The five calls of one offer kind. Order of a write (conventions, "Habits"): validate
 * every field and the image's bytes, store the image, write the row in a transaction;
 * if the write fails the new image is removed, and an image the row no longer uses is
 * removed only after the commit.
 */
export function offerService<C extends object, U extends object, A>(
  kind: OfferKind<C, U, A>,
  deps: OfferServiceDeps,
) {
  const { db, layout } = deps;
  const now = () => toDbDateTime((deps.now ?? (() => new Date()))());

  async function imageErrors(file: Express.Multer.File | undefined, required: boolean): Promise<FieldErrors> {
    if (!file) return required ? { [IMAGE_FIELD]: [imageMessages.required] } : {};
    return (await looksLikeImage(file)) ? {} : { [IMAGE_FIELD]: [imageMessages.notAnImage] };
  }

  async function existing(id: number) {
    const row = await findOffer(db, kind.table, id, STAFF);
    if (!row) throw new NotFoundError(kind.notFound);
    return row;
  }

  /** Writes in a transaction and answers the row as read back; the new image goes if it fails. */
  async function write(image: string | null, work: (trx: Knex.Transaction) => Promise<number>): Promise<A> {
    try {
      return await db.transaction(async (trx) => {
        const id = await work(trx);
        const row = await findOffer(trx, kind.table, id, STAFF);
        if (!row) throw new NotFoundError(kind.notFound); // deleted meanwhile
        return kind.toAnswer(row);
      });
    } catch (error) {
      await discardImages([image], layout);
      throw error;
    }
  }

  /** The log's row of a creation or an update, read back in the write's transaction. */
  async function record(
    trx: Knex.Transaction,
    actor: Actor,
    action: 'create' | 'update',
    id: number,
    before: Record<string, unknown> | null,
  ): Promise<void> {
    await recordRowWrite(trx, actor, {
      action,
      entity: kind.entity,
      table: kind.table,
      id,
      before,
      label: kind.labelOf,
    });
  }

  return {
    /** The staff see drafts and scheduled offers; the public what is published and due. */
    async list(visibility: Visibility): Promise<A[]> {
      return (await listOffers(db, kind.table, visibility)).map(kind.toAnswer);
    },

    async get(id: number, visibility: Visibility): Promise<A> {
      const row = await findOffer(db, kind.table, id, visibility);
      if (!row) throw new NotFoundError(kind.notFound);
      return kind.toAnswer(row);
    },

    async create(actor: Actor, body: unknown, file: Express.Multer.File | undefined): Promise<A> {
      const input = parseForm(
        kind.createSchema,
        withAliases(body, kind.aliases),
        await imageErrors(file, true),
      );
      const [image] = await storeUploads([{ file: file!, field: IMAGE_FIELD }], kind.imageKind, layout);
      const stamp = now();
      return write(image!, async (trx) => {
        const id = await insertOffer(trx, kind.table, {
          ...columnValues(input, kind.columns),
          image,
          created_at: stamp,
          updated_at: stamp,
        });
        await record(trx, actor, 'create', id, null);
        return id;
      });
    },

    /** Changes the fields sent; a new image replaces the old one, whose files are then removed. */
    async update(
      actor: Actor,
      id: number,
      body: unknown,
      file: Express.Multer.File | undefined,
      log?: CleanupLog,
    ): Promise<A> {
      await existing(id);
      const changes = parseForm(
        kind.updateSchema,
        withAliases(body, kind.aliases),
        await imageErrors(file, false),
      );
      const [image] = file ? await storeUploads([{ file, field: IMAGE_FIELD }], kind.imageKind, layout) : [];
      let replaced: string | null = null;
      const answer = await write(image ?? null, async (trx) => {
        const current = await findOffer(trx, kind.table, id, STAFF);
        if (!current) throw new NotFoundError(kind.notFound);
        if (image) replaced = current.image;
        const values = {
          ...columnValues(changes, kind.columns),
          ...(image ? { image } : {}),
          updated_at: now(),
        };
        await updateOffer(trx, kind.table, id, values);
        await record(trx, actor, 'update', id, current);
        return id;
      });
      await discardImages([replaced], layout, log);
      return answer;
    },

    /** Deletes the row, then its image files (product rules: deleting an entity removes its images). */
    async remove(actor: Actor, id: number): Promise<void> {
      // To the trash with its image (docs/product-rules.md, "Trash").
      if (!(await moveToTrash({ db, layout, now: deps.now }, actor, offerTrashFor(kind.table), id)))
        throw new NotFoundError(kind.notFound);
    },
  };
}
