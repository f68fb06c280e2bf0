import type { Knex } from 'knex';
import { bulkMessages, type BulkAnswer } from '#shared/bulk';
import { testimonialMessages, type TestimonialInput } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { NotFoundError } from '#server/errors';
import { rowWriteRecorder, tableRow, type Actor } from '#server/features/activity';
import { moveToTrash } from '#server/features/trash';
import { writeWithOptionalImage, type CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';
import type { RevisionData } from '#shared/revisions';
import { discardUnlessReferenced, recordRevision, restoreRow } from '#server/features/revisions';
import { testimonialVersion } from './testimonial-version';
import { runBulk } from '#server/db/bulk';
import { toBool, toDbDateTime } from '#server/db/dialect';
import { testimonialTrash } from './testimonial-trash';
import { publicAt, STAFF, whereNotTrashed } from '#server/db/visibility';
import type { PublicationFilter } from '#server/db/publication';
import {
  allTestimonials,
  findTestimonial,
  insertTestimonial,
  publishedTestimonials,
  setTestimonialPublished,
  updateTestimonial,
} from './testimonials.repository';

export interface TestimonialsDeps {
  db: Knex;
  layout: StorageLayout;
  now?: () => Date;
}

/** Who is reading: the public sees published testimonials only, the staff all. */
export interface Reader {
  /** True for a staff reader with the catalogueRead access (readsAsStaff), or the service's own reads. */
  admin: boolean;
}

/**
 * Testimonials (docs/product-rules.md, "Testimonials"): the staff write them, with an
 * optional photo stored through the one image pipeline; the public reads the published
 * ones. Files follow rows (docs/decisions/0004-api-conventions.md).
 */
export function testimonialsService({ db, layout, now = () => new Date() }: TestimonialsDeps) {
  async function get(id: number, reader: Reader): Promise<Testimonial> {
    const testimonial = await findTestimonial(db, id, reader.admin ? STAFF : publicAt(now()));
    if (!testimonial) throw new NotFoundError(testimonialMessages.notFound);
    return testimonial;
  }

  /**
   * The answer after a save, once the files it replaced and those of the versions it pruned
   * are deleted, unless the item or a kept version still shows them.
   */
  async function afterSave(id: number, candidates: (string | null)[], log?: CleanupLog) {
    const saved = await get(id, { admin: true });
    await discardUnlessReferenced(
      db,
      layout,
      { kind: 'testimonial', id, shown: [saved.photo] },
      candidates,
      log,
    );
    return saved;
  }

  const recordWrite = rowWriteRecorder({
    entity: 'testimonial',
    table: 'testimonials',
    label: (row) => String(row.client_name),
    notFound: testimonialMessages.notFound,
  });

  return {
    list(reader: Reader, publication?: PublicationFilter): Promise<Testimonial[]> {
      return reader.admin ? allTestimonials(db, publication) : publishedTestimonials(db, publicAt(now()));
    },

    get,

    async create(
      actor: Actor,
      input: TestimonialInput,
      photo: Express.Multer.File | undefined,
      log?: CleanupLog,
    ): Promise<Testimonial> {
      const id = await writeWithOptionalImage(
        { file: photo, field: 'photo' },
        'testimonials',
        layout,
        (stored) =>
          db.transaction(async (trx) => {
            const newId = await insertTestimonial(trx, input, stored ?? null, now());
            await recordWrite(trx, actor, 'create', newId, null);
            return newId;
          }),
        log,
      );
      return get(id, { admin: true });
    },

    async update(
      actor: Actor,
      id: number,
      input: TestimonialInput,
      photo: Express.Multer.File | undefined,
      log?: CleanupLog,
    ): Promise<Testimonial> {
      const current = await get(id, { admin: true });
      let pruned: string[] = [];
      await writeWithOptionalImage(
        // The replaced photo stays with the version kept below (docs/decisions/0040-revisions.md).
        { file: photo, field: 'photo', remove: input.remove_photo },
        'testimonials',
        layout,
        (next) =>
          db.transaction(async (trx) => {
            const before = await tableRow(trx, 'testimonials', id);
            if ((await updateTestimonial(trx, id, input, next, now())) === 0)
              throw new NotFoundError(testimonialMessages.notFound);
            pruned = await recordRevision(trx, actor, 'testimonial', id, testimonialVersion(before!), now());
            await recordWrite(trx, actor, 'update', id, before);
          }),
        log,
      );
      return afterSave(id, [current.photo, ...pruned], log);
    },

    /** Puts a kept version back (docs/product-rules.md, "Revisions"), the current one kept in turn. */
    async restore(actor: Actor, id: number, version: RevisionData, log?: CleanupLog): Promise<Testimonial> {
      await get(id, { admin: true });
      const pruned = await db.transaction(async (trx) => {
        const before = await tableRow(trx, 'testimonials', id);
        if (!before) throw new NotFoundError(testimonialMessages.notFound);
        const dropped = await recordRevision(
          trx,
          actor,
          'testimonial',
          id,
          testimonialVersion(before),
          now(),
        );
        await restoreRow(trx, 'testimonials', id, before, version.fields, toDbDateTime(now()), ['published']);
        await recordWrite(trx, actor, 'revert', id, before);
        return dropped;
      });
      return afterSave(id, pruned, log);
    },

    /** The list's quick publication: only the flag changes, the photo and text stay. */
    async setPublished(actor: Actor, id: number, published: boolean): Promise<Testimonial> {
      await db.transaction(async (trx) => {
        const before = await tableRow(trx, 'testimonials', id);
        if ((await setTestimonialPublished(trx, id, published, now())) === 0)
          throw new NotFoundError(testimonialMessages.notFound);
        await recordWrite(trx, actor, published ? 'publish' : 'unpublish', id, before);
      });
      return get(id, { admin: true });
    },

    /**
     * The list's bulk 'Publier' and 'Retirer du site' (docs/product-rules.md, "Bulk actions"):
     * each row as setPublished changes and logs it, in one transaction; a row already so is
     * left alone, one gone or in the trash refused.
     */
    setPublishedMany(actor: Actor, ids: readonly number[], published: boolean): Promise<BulkAnswer> {
      return runBulk(db, ids, async (trx, id) => {
        const before = (await whereNotTrashed(trx('testimonials').where({ id })).first()) as
          Record<string, unknown> | undefined;
        if (!before) return { refused: bulkMessages.notFound };
        if (toBool(before.published) === published) return 'unchanged';
        await setTestimonialPublished(trx, id, published, now());
        await recordWrite(trx, actor, published ? 'publish' : 'unpublish', id, before);
        return 'changed';
      });
    },

    /** Deleting a testimonial removes its photo files, once the row is gone. */
    async remove(actor: Actor, id: number): Promise<void> {
      // To the trash with its image (docs/product-rules.md, "Trash").
      if (!(await moveToTrash({ db, layout, now }, actor, testimonialTrash, id)))
        throw new NotFoundError(testimonialMessages.notFound);
    },
  };
}
