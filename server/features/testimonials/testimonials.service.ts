import type { Knex } from 'knex';
import { testimonialMessages, type TestimonialInput } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { NotFoundError } from '#server/errors';
import { rowWriteRecorder, tableRow, type Actor } from '#server/features/activity';
import { moveToTrash } from '#server/features/trash';
import { writeWithOptionalImage, type CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';
import { testimonialTrash } from './testimonial-trash';
import { publicAt, STAFF } from '#server/db/visibility';
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

  const recordWrite = rowWriteRecorder({
    entity: 'testimonial',
    table: 'testimonials',
    label: (row) => String(row.client_name),
    notFound: testimonialMessages.notFound,
  });

  return {
    list(reader: Reader): Promise<Testimonial[]> {
      return reader.admin ? allTestimonials(db) : publishedTestimonials(db, publicAt(now()));
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
      await writeWithOptionalImage(
        { file: photo, field: 'photo', remove: input.remove_photo, current: current.photo },
        'testimonials',
        layout,
        (next) =>
          db.transaction(async (trx) => {
            const before = await tableRow(trx, 'testimonials', id);
            if ((await updateTestimonial(trx, id, input, next, now())) === 0)
              throw new NotFoundError(testimonialMessages.notFound);
            await recordWrite(trx, actor, 'update', id, before);
          }),
        log,
      );
      return get(id, { admin: true });
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

    /** Deleting a testimonial removes its photo files, once the row is gone. */
    async remove(actor: Actor, id: number): Promise<void> {
      // To the trash with its image (docs/product-rules.md, "Trash").
      if (!(await moveToTrash({ db, layout, now }, actor, testimonialTrash, id)))
        throw new NotFoundError(testimonialMessages.notFound);
    },
  };
}
