import type { Knex } from 'knex';
import { bulkMessages, type BulkAnswer } from '#shared/bulk';
import { runBulk } from '#server/db/bulk';
import { imageMessages } from '#shared/schemas/images';
import { toDbDateTime } from '#server/db/dialect';
import { NotFoundError, ValidationError, type FieldErrors } from '#server/errors';
import { recordRowWrite, type Actor } from '#server/features/activity';
import { moveToTrash } from '#server/features/trash';
import { parseForm, withAliases } from '#server/http/form-input';
import { discardImages, looksLikeImage, storeUploads, type CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';
import { REVISION_MESSAGES } from '#shared/revision-changes';
import type { RevisionData, RevisionKind } from '#shared/revisions';
import { discardUnlessReferenced, recordRevision, restoreRow } from '#server/features/revisions';
import { columnValues, type OfferKind, type OfferRow, type OfferTable } from './offer-kind';
import { offerVersion } from './offer-version';
import { STAFF, type Visibility } from '#server/db/visibility';
import { publicationColumns, type PublicationFilter, type PublicationInput } from '#server/db/publication';
import { offerTrashFor } from './offer-trash';
import { findOffer, insertOffer, listOffers, updateOffer } from './offers.repository';

export const IMAGE_FIELD = 'image';

/** Each offer table's kind in the revisions (shared/revisions.ts). */
export const OFFER_REVISION_KINDS: Record<OfferTable, RevisionKind> = {
  parcels: 'parcel',
  fleet_properties: 'fleet',
  miscellaneous_goods: 'misc',
};

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
  const revisionKind = OFFER_REVISION_KINDS[kind.table];

  /**
   * Deletes, once committed, the images a save replaced and those of the versions it
   * pruned, unless the offer or a kept version still shows them.
   */
  async function discardUnshown(id: number, candidates: (string | null)[], log?: CleanupLog) {
    const current = await findOffer(db, kind.table, id, STAFF);
    const shown = current ? [current.image] : [];
    await discardUnlessReferenced(db, layout, { kind: revisionKind, id, shown }, candidates, log);
  }

  async function discardAfterSave(id: number, answer: A, candidates: (string | null)[], log?: CleanupLog) {
    await discardUnshown(id, candidates, log);
    return answer;
  }

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
    async list(visibility: Visibility, publication?: PublicationFilter): Promise<A[]> {
      return (await listOffers(db, kind.table, visibility, undefined, publication)).map(kind.toAnswer);
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
          ...publicationColumns(input as PublicationInput, true),
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
      let pruned: string[] = [];
      const answer = await write(image ?? null, async (trx) => {
        const current = await findOffer(trx, kind.table, id, STAFF);
        if (!current) throw new NotFoundError(kind.notFound);
        if (image) replaced = current.image;
        const values = {
          ...columnValues(changes, kind.columns),
          ...publicationColumns(changes as PublicationInput, false),
          ...(image ? { image } : {}),
          updated_at: now(),
        };
        await updateOffer(trx, kind.table, id, values);
        // Revisions (docs/decisions/0040-revisions.md): the version before this save.
        pruned = await recordRevision(trx, actor, revisionKind, id, offerVersion(current));
        await record(trx, actor, 'update', id, current);
        return id;
      });
      return discardAfterSave(id, answer, [replaced, ...pruned], log);
    },

    /**
     * A bulk change of the list (docs/product-rules.md, "Bulk actions"): each row as its own
     * save would be (the version before it kept, the write logged), all in one transaction.
     * `change` answers the columns to write, or null when the row is already as asked.
     */
    async bulkChange(
      actor: Actor,
      ids: readonly number[],
      change: (row: OfferRow) => Record<string, unknown> | null,
      log?: CleanupLog,
    ): Promise<BulkAnswer> {
      const pruned: [number, string[]][] = [];
      const stamp = now();
      const answer = await runBulk(db, ids, async (trx, id) => {
        const current = await findOffer(trx, kind.table, id, STAFF);
        if (!current) return { refused: bulkMessages.notFound };
        const values = change(current);
        if (values === null) return 'unchanged';
        await updateOffer(trx, kind.table, id, { ...values, updated_at: stamp });
        pruned.push([id, await recordRevision(trx, actor, revisionKind, id, offerVersion(current))]);
        await record(trx, actor, 'update', id, current);
        return 'changed';
      });
      for (const [id, paths] of pruned) await discardUnshown(id, paths, log);
      return answer;
    },

    /** Puts a kept version back (docs/product-rules.md, "Revisions"), the current one kept in turn. */
    async restore(actor: Actor, id: number, version: RevisionData, log?: CleanupLog): Promise<A> {
      await existing(id);
      let pruned: string[] = [];
      const answer = await write(null, async (trx) => {
        const current = await findOffer(trx, kind.table, id, STAFF);
        if (!current) throw new NotFoundError(kind.notFound);
        if (!version.fields.image)
          throw new ValidationError({ image: [REVISION_MESSAGES.imageGone] }, REVISION_MESSAGES.imageGone);
        pruned = await recordRevision(trx, actor, revisionKind, id, offerVersion(current));
        await restoreRow(trx, kind.table, id, current, version.fields, now());
        await recordRowWrite(trx, actor, {
          action: 'revert',
          entity: kind.entity,
          table: kind.table,
          id,
          before: current,
          label: kind.labelOf,
        });
        return id;
      });
      return discardAfterSave(id, answer, pruned, log);
    },

    /** Deletes the row, then its image files (product rules: deleting an entity removes its images). */
    async remove(actor: Actor, id: number): Promise<void> {
      // To the trash with its image (docs/product-rules.md, "Trash").
      if (!(await moveToTrash({ db, layout, now: deps.now }, actor, offerTrashFor(kind.table), id)))
        throw new NotFoundError(kind.notFound);
    },
  };
}
