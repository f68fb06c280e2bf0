import type { Knex } from 'knex';
import type { ProjectAdminFilter, ProjectAdminListQuery } from '#shared/schemas/project';
import type { ProjectSummary } from '#shared/types';
import { listIds, listPage, type ListSpec } from '#server/db/list-page';
import { wherePublicationIs } from '#server/db/publication';
import { whereNotTrashed } from '#server/db/visibility';
import { SUMMARY_COLUMNS, toProjectSummary, type ProjectRow } from './projects.repository';

/**
 * The back office's project list read on the server (docs/product-rules.md, "Lists of the
 * back office"): live projects (drafts and scheduled ones included, trashed ones never),
 * filtered by state, searched on the title and the numéro.
 */
const SPEC: ListSpec<ProjectAdminListQuery['sort']['key']> = {
  search: ['title', 'numero'],
  sorts: { title: 'title', numero: 'numero', date: 'date', status: 'status', created_at: 'created_at' },
};

/** The list's rows before search and paging; `now` judges what is scheduled or published. */
function filtered(db: Knex, filter: ProjectAdminFilter, now: Date): Knex.QueryBuilder {
  const query = whereNotTrashed(db('projects'));
  if (filter.publication !== undefined)
    wherePublicationIs(query, 'projects', { label: filter.publication, now });
  return query;
}

export async function projectAdminPage(
  db: Knex,
  query: ProjectAdminListQuery,
  now: Date,
): Promise<{ rows: ProjectSummary[]; total: number }> {
  const { rows, total } = await listPage<ProjectRow, ProjectAdminListQuery['sort']['key']>(
    () => filtered(db, query, now),
    SUMMARY_COLUMNS,
    query,
    SPEC,
  );
  return { rows: rows.map(toProjectSummary), total };
}

/** Every id the filtered list holds: the rows of 'Tout sélectionner (N)'. */
export function projectAdminIds(db: Knex, filter: ProjectAdminFilter, now: Date): Promise<number[]> {
  return listIds(() => filtered(db, filter, now), { columns: SPEC.search, text: filter.search });
}
