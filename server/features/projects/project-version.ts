import type { Knex } from 'knex';
import type { RevisionData } from '#shared/revisions';
import { whereNotTrashed } from '#server/db/visibility';
import { imageList, versionFields } from '#server/features/revisions';
import { projectImageRows, type ProjectImageKind } from './projects.repository';

/** A project image as a version keeps it (a field of the version, `project_images`). */
export interface VersionImage {
  kind: ProjectImageKind;
  image: string;
  description: string;
  position: number;
}

/**
 * A project as a revision keeps it: its columns plus its renders and photos
 * (`project_images`: kind, image, description, position), and every image it shows.
 */
export async function projectVersion(
  db: Knex | Knex.Transaction,
  row: Record<string, unknown>,
): Promise<RevisionData> {
  const images: VersionImage[] = (await projectImageRows(db as Knex, Number(row.id))).map((image) => ({
    kind: image.kind,
    image: image.image,
    description: image.description,
    position: Number(image.position),
  }));
  return {
    fields: { ...versionFields(row), project_images: images },
    images: imageList([row.main_image as string | null, ...images.map((image) => image.image)]),
  };
}

/** The project as it is now, as a revision keeps it; null when absent or in the trash. */
export async function projectSnapshot(db: Knex | Knex.Transaction, id: number): Promise<RevisionData | null> {
  const row = (await whereNotTrashed(db('projects').where({ id })).first()) as
    Record<string, unknown> | undefined;
  return row ? projectVersion(db, row) : null;
}

/** A version's `project_images`, never trusted: entries without a kind or an image are left out. */
export function versionImages(fields: Record<string, unknown>): VersionImage[] {
  const list = Array.isArray(fields.project_images) ? (fields.project_images as unknown[]) : [];
  return list.flatMap((entry) => {
    const image = entry as Partial<VersionImage> | null;
    if (!image || (image.kind !== 'render' && image.kind !== 'project') || typeof image.image !== 'string')
      return [];
    return [
      {
        kind: image.kind,
        image: image.image,
        description: typeof image.description === 'string' ? image.description : '',
        position: Number(image.position) || 0,
      },
    ];
  });
}
