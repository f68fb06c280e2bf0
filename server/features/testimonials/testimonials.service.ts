import type { Knex } from 'knex';
import { testimonialMessages, type TestimonialInput } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { NotFoundError } from '#server/errors';
import { discardImages, ensureDiscardable, storeUploads, type CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';
import {
  allTestimonials,
  deleteTestimonial,
  findTestimonial,
  insertTestimonial,
  publishedTestimonials,
  updateTestimonial,
} from './testimonials.repository';

export interface TestimonialsDeps {
  db: Knex;
  layout: StorageLayout;
  now?: () => Date;
}

/** Who is reading: the public sees published testimonials only, an administrator all. */
export interface Reader {
  admin: boolean;
}

/**
 * Testimonials (docs/product-rules.md, "Testimonials"): the staff write them, with an
 * optional photo stored through the one image pipeline; the public reads the published
 * ones. Files follow rows (docs/decisions/0004-api-conventions.md).
 */
export function testimonialsService({ db, layout, now = () => new Date() }: TestimonialsDeps) {
  async function get(id: number, reader: Reader): Promise<Testimonial> {
    const testimonial = await findTestimonial(db, id);
    if (!testimonial || (!reader.admin && !testimonial.published))
      throw new NotFoundError(testimonialMessages.notFound);
    return testimonial;
  }

  /** Stores the photo sent, if any; answers its path. */
  async function storePhoto(photo: Express.Multer.File | undefined): Promise<string | undefined> {
    const [stored] = await storeUploads(
      photo ? [{ file: photo, field: 'photo' }] : [],
      'testimonials',
      layout,
    );
    return stored;
  }

  return {
    list(reader: Reader): Promise<Testimonial[]> {
      return reader.admin ? allTestimonials(db) : publishedTestimonials(db);
    },

    get,

    async create(
      input: TestimonialInput,
      photo: Express.Multer.File | undefined,
      log?: CleanupLog,
    ): Promise<Testimonial> {
      const stored = await storePhoto(photo);
      let id: number;
      try {
        id = await insertTestimonial(db, input, stored ?? null, now());
      } catch (error) {
        await discardImages([stored], layout, log);
        throw error;
      }
      return get(id, { admin: true });
    },

    async update(
      id: number,
      input: TestimonialInput,
      photo: Express.Multer.File | undefined,
      log?: CleanupLog,
    ): Promise<Testimonial> {
      const current = await get(id, { admin: true });
      // A new file replaces the photo; remove_photo alone takes it away; else it stays.
      const stored = await storePhoto(photo);
      const next = stored ?? (input.remove_photo ? null : undefined);
      try {
        if ((await updateTestimonial(db, id, input, next, now())) === 0)
          throw new NotFoundError(testimonialMessages.notFound);
      } catch (error) {
        await discardImages([stored], layout, log);
        throw error;
      }
      // The replaced photo leaves only once the row no longer names it.
      if (next !== undefined) await discardImages([current.photo], layout, log);
      return get(id, { admin: true });
    },

    /** Deleting a testimonial removes its photo files, once the row is gone. */
    async remove(id: number, log?: CleanupLog): Promise<void> {
      const current = await get(id, { admin: true });
      await ensureDiscardable([current.photo], layout);
      if ((await deleteTestimonial(db, id)) === 0) throw new NotFoundError(testimonialMessages.notFound);
      await discardImages([current.photo], layout, log);
    },
  };
}
