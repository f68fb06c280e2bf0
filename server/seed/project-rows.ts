import type { Knex } from 'knex';
import { encodeJson } from '#server/db/dialect';

export interface ProjectImageRow {
  kind: 'render' | 'project';
  image: string;
  description: string;
}

export interface ProjectRow {
  title: string;
  numero: string;
  date: string;
  status: string;
  description: string;
  long_description: string | null;
  categories: string[];
  main_image: string | null;
  challenges: string | null;
  materials: string | null;
  created_at: string;
  images: ProjectImageRow[];
}

/**
 * Inserts projects one by one, in order (ids follow the list: the product rules' samples must be
 * 1, 2, 3), then all their renders and site photos in one multi-row insert. `position`
 * counts from 1 within each kind, in the order given.
 */
export async function insertProjects(trx: Knex.Transaction, projects: readonly ProjectRow[]): Promise<void> {
  const imageRows: Record<string, unknown>[] = [];
  for (const { images, categories, ...project } of projects) {
    const [id] = await trx('projects').insert({
      ...project,
      categories: encodeJson(categories),
      updated_at: project.created_at,
    });
    const positions = { render: 0, project: 0 };
    for (const image of images) {
      imageRows.push({
        project_id: Number(id),
        kind: image.kind,
        image: image.image,
        description: image.description,
        position: ++positions[image.kind],
        created_at: project.created_at,
      });
    }
  }
  if (imageRows.length > 0) await trx.batchInsert('project_images', imageRows, 200);
}
