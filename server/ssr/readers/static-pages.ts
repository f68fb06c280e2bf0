import type { Knex } from 'knex';
import type { StaticPagesReader } from '#shared/readers/static-pages';
import { publicAt, whereVisible, type Visibility } from '#server/db/visibility';

async function latestImage(query: Knex.QueryBuilder, column: string): Promise<string | null> {
  const row = (await query.whereNotNull(column).whereNot(column, '').orderBy('id', 'desc').first(column)) as
    Record<string, string> | undefined;
  return row?.[column] ?? null;
}

/**
 * The services page shows the company's latest pictures: a parcel for the sales line, an
 * architectural render for design, a project's main photo for construction. Reading them
 * (rather than shipping fixed files) keeps the page in step with what the back office holds.
 */
export function staticPagesReader(db: Knex, visibility: () => Visibility = publicAt): StaticPagesReader {
  return {
    async serviceImages() {
      const seen = visibility();
      // A render shows only while its project does.
      const shownProjects = whereVisible(db('projects'), 'projects', seen).select('id');
      const [parcels, design, construction] = await Promise.all([
        latestImage(whereVisible(db('parcels'), 'parcels', seen), 'image'),
        latestImage(
          db('project_images').where({ kind: 'render' }).whereIn('project_id', shownProjects),
          'image',
        ),
        latestImage(whereVisible(db('projects'), 'projects', seen), 'main_image'),
      ]);
      return { parcels, design, construction };
    },
  };
}
