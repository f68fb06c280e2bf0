import type { Knex } from 'knex';
import type { ProjectSummary } from '../../../shared/types';
import { decodeJson, fromDbDate } from '../../db/dialect';

interface ProjectRow {
  id: number;
  title: string;
  numero: string;
  date: string;
  status: string;
  description: string;
  categories: string | null;
  main_image: string | null;
}

const SUMMARY_COLUMNS = ['id', 'title', 'numero', 'date', 'status', 'description', 'categories', 'main_image'];

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
  };
}

/** The most recent projects first (rulings: the home page shows the three latest). */
export async function recentProjects(db: Knex, limit: number): Promise<ProjectSummary[]> {
  const rows: ProjectRow[] = await db('projects').select(SUMMARY_COLUMNS).orderBy([{ column: 'date', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
  return rows.map(toProjectSummary);
}
