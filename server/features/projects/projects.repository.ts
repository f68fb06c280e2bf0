import type { Knex } from 'knex';
import type { ProjectImage, ProjectSummary } from '#shared/types';
import { decodeJson, fromDbDate } from '#server/db/dialect';
import { whereVisible, type Visibility } from '#server/db/visibility';
import { publishableOf, wherePublicationIs, type PublicationFilter } from '#server/db/publication';

/** A projects row (docs/data-model.md). */
export interface ProjectRow {
  id: number;
  title: string;
  numero: string;
  date: string;
  status: string;
  description: string;
  categories: string | null;
  main_image: string | null;
  publication: string;
  publish_at: string | Date | null;
  long_description?: string | null;
  challenges?: string | null;
  materials?: string | null;
}

/** A project_images row: an architectural render ('render') or a site photo ('project'). */
export interface ProjectImageRow {
  id: number;
  project_id: number;
  kind: ProjectImageKind;
  image: string;
  description: string;
  position: number;
}
export type ProjectImageKind = 'render' | 'project';

export const SUMMARY_COLUMNS = [
  'id',
  'title',
  'numero',
  'date',
  'status',
  'description',
  'categories',
  'main_image',
  'publication',
  'publish_at',
];

export function toProjectSummary(row: ProjectRow): ProjectSummary {
  const categories = decodeJson<string[]>(row.categories, []);
  return {
    id: Number(row.id),
    title: row.title,
    numéro: row.numero,
    date: fromDbDate(row.date) ?? '',
    status: row.status,
    description: row.description,
    categories,
    category: categories[0] ?? '',
    main_image: row.main_image,
    ...publishableOf(row),
  };
}

export function toProjectImage(row: ProjectImageRow): ProjectImage {
  return { id: Number(row.id), image: row.image, description: row.description };
}

/** Most recent first: by the project's date, then the latest entered. */
const NEWEST_FIRST = [
  { column: 'date', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/** The most recent projects first (product rules: the home page shows the three latest). */
export async function recentProjects(
  db: Knex,
  visibility: Visibility,
  limit: number,
): Promise<ProjectSummary[]> {
  const rows: ProjectRow[] = await whereVisible(db('projects'), 'projects', visibility)
    .select(SUMMARY_COLUMNS)
    .orderBy([...NEWEST_FIRST])
    .limit(limit);
  return rows.map(toProjectSummary);
}

/** Every project, most recent first (the portfolio and the back-office list). */
export async function allProjects(
  db: Knex,
  visibility: Visibility,
  publication?: PublicationFilter,
): Promise<ProjectSummary[]> {
  const query = whereVisible(db('projects'), 'projects', visibility);
  const rows: ProjectRow[] = await wherePublicationIs(query, 'projects', publication)
    .select(SUMMARY_COLUMNS)
    .orderBy([...NEWEST_FIRST]);
  return rows.map(toProjectSummary);
}

export async function findProjectRow(
  db: Knex,
  id: number,
  visibility: Visibility,
): Promise<ProjectRow | null> {
  const row = (await whereVisible(db<ProjectRow>('projects'), 'projects', visibility)
    .where({ id })
    .first()) as ProjectRow | undefined;
  return row ?? null;
}

/** A project's renders and photos, each kind in its display order. */
export function projectImageRows(db: Knex, projectId: number): Promise<ProjectImageRow[]> {
  return db<ProjectImageRow>('project_images')
    .where({ project_id: projectId })
    .orderBy([{ column: 'kind' }, { column: 'position' }, { column: 'id' }]);
}

export async function insertProjectRow(
  trx: Knex.Transaction,
  values: Record<string, unknown>,
): Promise<number> {
  const [id] = await trx('projects').insert(values);
  return Number(id);
}

export async function updateProjectRow(
  trx: Knex.Transaction,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  await trx('projects').where({ id }).update(values);
}

export async function deleteProjectRow(trx: Knex.Transaction, id: number): Promise<void> {
  // The foreign key cascades too; deleting the images first keeps that explicit.
  await trx('project_images').where({ project_id: id }).delete();
  await trx('projects').where({ id }).delete();
}

/**
 * Images of a project to add, appended after the last of their kind. Every row has the
 * same keys (SQLite multi-row insert, see server/db/knex.ts).
 */
export async function appendProjectImages(
  trx: Knex.Transaction,
  projectId: number,
  images: readonly { kind: ProjectImageKind; image: string; description: string }[],
  createdAt: string,
): Promise<void> {
  if (images.length === 0) return;
  const last = await trx('project_images')
    .where({ project_id: projectId })
    .groupBy('kind')
    .select('kind')
    .max({ position: 'position' });
  const positions: Record<ProjectImageKind, number> = { render: 0, project: 0 };
  for (const row of last as { kind: ProjectImageKind; position: number | string | null }[]) {
    positions[row.kind] = Number(row.position ?? 0);
  }
  const rows = images.map((image) => ({
    project_id: projectId,
    kind: image.kind,
    image: image.image,
    description: image.description,
    position: ++positions[image.kind],
    created_at: createdAt,
  }));
  await trx('project_images').insert(rows);
}

/** Deletes the listed images of this project (ids of other projects are left alone) and answers them. */
export async function removeProjectImages(
  trx: Knex.Transaction,
  projectId: number,
  ids: readonly number[],
): Promise<ProjectImageRow[]> {
  if (ids.length === 0) return [];
  const rows: ProjectImageRow[] = await trx('project_images')
    .where({ project_id: projectId })
    .whereIn('id', ids);
  if (rows.length > 0)
    await trx('project_images')
      .whereIn(
        'id',
        rows.map((row) => row.id),
      )
      .delete();
  return rows;
}

export async function describeProjectImage(
  trx: Knex.Transaction,
  projectId: number,
  id: number,
  description: string,
): Promise<void> {
  await trx('project_images').where({ project_id: projectId, id }).update({ description });
}
