import type { Knex } from 'knex';
import type { TestimonialAdminFilter, TestimonialAdminListQuery } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { listIds, listPage, type ListSpec } from '#server/db/list-page';
import { wherePublicationIs } from '#server/db/publication';
import { whereNotTrashed } from '#server/db/visibility';
import { toTestimonial, type TestimonialRow } from './testimonials.repository';

/**
 * The back office's testimonial list read on the server (docs/product-rules.md, "Lists of
 * the back office" and "Testimonials"): every live testimonial, unpublished ones included,
 * trashed ones never, the latest given first unless sorted otherwise, filtered by state,
 * searched on the client's name, the town and the project.
 */
const SPEC: ListSpec<TestimonialAdminListQuery['sort']['key']> = {
  search: ['client_name', 'town', 'project_type'],
  sorts: { client_name: 'client_name', town: 'town', date: 'date', created_at: 'created_at' },
};

/** What a row of the list shows (the testimonial as the API answers it). */
const COLUMNS = [
  'id',
  'client_name',
  'town',
  'project_type',
  'text',
  'photo',
  'published',
  'publish_at',
  'date',
];

/** The list's rows before search and paging; `now` judges what is scheduled or published. */
function filtered(db: Knex, filter: TestimonialAdminFilter, now: Date): Knex.QueryBuilder {
  const query = whereNotTrashed(db('testimonials'));
  if (filter.publication !== undefined)
    wherePublicationIs(query, 'testimonials', { label: filter.publication, now });
  return query;
}

export async function testimonialAdminPage(
  db: Knex,
  query: TestimonialAdminListQuery,
  now: Date,
): Promise<{ rows: Testimonial[]; total: number }> {
  const { rows, total } = await listPage<TestimonialRow, TestimonialAdminListQuery['sort']['key']>(
    () => filtered(db, query, now),
    COLUMNS,
    query,
    SPEC,
  );
  return { rows: rows.map(toTestimonial), total };
}

/** Every id the filtered list holds: the rows of 'Tout sélectionner (N)'. */
export function testimonialAdminIds(db: Knex, filter: TestimonialAdminFilter, now: Date): Promise<number[]> {
  return listIds(() => filtered(db, filter, now), { columns: SPEC.search, text: filter.search });
}
