import type { Knex } from 'knex';
import type { TestimonialInput } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { fromDbDate, toBool, toDbDateTime } from '#server/db/dialect';
import { previewFirst, STAFF, whereVisible, type Visibility } from '#server/db/visibility';
import {
  publicationColumns,
  publishAtOf,
  wherePublicationIs,
  type PublicationFilter,
} from '#server/db/publication';

export interface TestimonialRow {
  id: number;
  client_name: string;
  town: string;
  project_type: string;
  text: string;
  photo: string | null;
  published: number | boolean;
  publish_at: string | Date | null;
  date: string;
}

export function toTestimonial(row: TestimonialRow): Testimonial {
  return {
    id: Number(row.id),
    clientName: row.client_name,
    town: row.town,
    projectType: row.project_type,
    text: row.text,
    photo: row.photo,
    published: toBool(row.published),
    publish_at: publishAtOf(row),
    date: fromDbDate(row.date) ?? '',
  };
}

/** The latest given first; the latest written first among those of one day. */
const LATEST_FIRST = [
  { column: 'date', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * Published testimonials due now, the latest first (docs/product-rules.md, "Testimonials"
 * and "Drafts and scheduled publishing"); a preview passes STAFF.
 */
export async function publishedTestimonials(
  db: Knex,
  visibility: Visibility,
  limit?: number,
): Promise<Testimonial[]> {
  const visible = whereVisible(db<TestimonialRow>('testimonials'), 'testimonials', visibility);
  const query = previewFirst(visible, 'testimonials', visibility).orderBy([...LATEST_FIRST]);
  if (limit) query.limit(limit);
  return (await query).map(toTestimonial);
}

/** Every testimonial, unpublished ones included: the back office lists them all. */
export async function allTestimonials(db: Knex, publication?: PublicationFilter): Promise<Testimonial[]> {
  const query = whereVisible(db<TestimonialRow>('testimonials'), 'testimonials', STAFF);
  const rows = await wherePublicationIs(query, 'testimonials', publication).orderBy([...LATEST_FIRST]);
  return rows.map(toTestimonial);
}

export async function findTestimonial(
  db: Knex,
  id: number,
  visibility: Visibility,
): Promise<Testimonial | null> {
  const row = await whereVisible(db<TestimonialRow>('testimonials'), 'testimonials', visibility)
    .where('id', id)
    .first();
  return row ? toTestimonial(row) : null;
}

/** The columns a testimonial form writes (the photo is handled apart, with its files). */
function columns(input: TestimonialInput) {
  return {
    client_name: input.clientName,
    town: input.town,
    project_type: input.projectType,
    text: input.text,
    published: input.published,
    date: input.date,
    // Its state is `published`; only the moment is shared with the other kinds.
    ...publicationColumns({ publish_at: input.publish_at }, false),
  };
}

export async function insertTestimonial(
  db: Knex,
  input: TestimonialInput,
  photo: string | null,
  now: Date,
): Promise<number> {
  const stamp = toDbDateTime(now);
  const [id] = await db('testimonials').insert({
    ...columns(input),
    photo,
    created_at: stamp,
    updated_at: stamp,
  });
  return Number(id);
}

/** `photo` undefined keeps the stored one. Returns the number of rows changed. */
export async function updateTestimonial(
  db: Knex,
  id: number,
  input: TestimonialInput,
  photo: string | null | undefined,
  now: Date,
): Promise<number> {
  return db('testimonials')
    .where('id', id)
    .update({
      ...columns(input),
      updated_at: toDbDateTime(now),
      ...(photo === undefined ? {} : { photo }),
    });
}

/** Publishes or unpublishes, nothing else. Returns the number of rows changed. */
export async function setTestimonialPublished(
  db: Knex,
  id: number,
  published: boolean,
  now: Date,
): Promise<number> {
  return db('testimonials')
    .where('id', id)
    .update({ published, updated_at: toDbDateTime(now) });
}

export async function deleteTestimonial(db: Knex, id: number): Promise<number> {
  return db('testimonials').where('id', id).delete();
}
