import type { Knex } from 'knex';
import type { StaticPagesReader } from '#shared/readers/static-pages';

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
export function staticPagesReader(db: Knex): StaticPagesReader {
  return {
    async serviceImages() {
      const [parcels, design, construction] = await Promise.all([
        latestImage(db('parcels'), 'image'),
        latestImage(db('project_images').where({ kind: 'render' }), 'image'),
        latestImage(db('projects'), 'main_image'),
      ]);
      return { parcels, design, construction };
    },
  };
}
