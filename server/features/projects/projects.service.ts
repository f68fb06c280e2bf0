import type { Knex } from 'knex';
import {
  projectImageChangesSchema,
  projectMessages,
  projectSchema,
  projectUpdateSchema,
  type ProjectUpdate,
} from '#shared/schemas/project';
import type { ProjectDetail, ProjectSummary } from '#shared/types';
import { encodeJson, toDbDateTime } from '#server/db/dialect';
import { recordRowWrite, tableRow, type Actor } from '#server/features/activity';
import { moveToTrash } from '#server/features/trash';
import { STAFF, type Visibility } from '#server/db/visibility';
import { NotFoundError, type FieldErrors } from '#server/errors';
import { addError, parseForm, withAliases } from '#server/http/form-input';
import { discardImages, storeUploads, type CleanupLog } from '#server/images/admin-images';
import type { StorageLayout } from '#server/storage/layout';
import { MAIN_IMAGE_FIELD, type ProjectUploads } from './project-uploads';
import { projectTrash } from './project-trash';
import { toProjectDetail } from './project-view';
import {
  allProjects,
  appendProjectImages,
  describeProjectImage,
  findProjectRow,
  insertProjectRow,
  projectImageRows,
  removeProjectImages,
  updateProjectRow,
} from './projects.repository';

export interface ProjectServiceDeps {
  db: Knex;
  layout: StorageLayout;
  now?: () => Date;
}

/** `numero` without its accent is read as the product rules' `numéro` (a client that cannot send it). */
const ALIASES = { numero: 'numéro' };

/** An update's form: the project's fields plus what happens to the images already stored. */
const projectEditSchema = projectUpdateSchema.extend(projectImageChangesSchema.shape);

/** The columns for the fields a create or update carries (absent ones untouched). */
function projectColumns(input: ProjectUpdate): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    title: input.title,
    numero: input['numéro'],
    date: input.date,
    status: input.status,
    description: input.description,
    categories: input.categories === undefined ? undefined : encodeJson(input.categories),
    long_description: input.long_description,
    challenges: input.challenges,
    materials: input.materials,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

async function detailOf(db: Knex, id: number, visibility: Visibility = STAFF): Promise<ProjectDetail> {
  const row = await findProjectRow(db, id, visibility);
  if (!row) throw new NotFoundError(projectMessages.notFound);
  return toProjectDetail(row, await projectImageRows(db, id));
}

/**
 * Projects (product rules, Entities and Validation; product rules: an edit can replace the main
 * image, remove any render or project image and edit descriptions). A write validates
 * every field and file first, stores the images, then writes the project and its image
 * rows in one transaction; if that fails the new files are removed, and files the project
 * no longer uses are removed only after the commit.
 */
export function projectService(deps: ProjectServiceDeps) {
  const { db, layout } = deps;
  const now = () => toDbDateTime((deps.now ?? (() => new Date()))());

  /** Runs the write; on failure the images just stored are removed. */
  async function write<T>(
    stored: readonly string[],
    work: (trx: Knex.Transaction) => Promise<T>,
  ): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      await discardImages(stored, layout);
      throw error;
    }
  }

  /** The project's images as the log names them: `kind: file`, in the list's order. */
  async function imageNames(trx: Knex.Transaction, id: number): Promise<string[]> {
    return (await projectImageRows(trx, id)).map((row) => `${row.kind}: ${row.image}`);
  }

  /** The log's row of a creation or an update, the images' changes beside the columns'. */
  async function record(
    trx: Knex.Transaction,
    actor: Actor,
    action: 'create' | 'update',
    id: number,
    before: { row: Record<string, unknown>; images: string[] } | null,
  ): Promise<void> {
    const images = await imageNames(trx, id);
    const oldImages = before?.images ?? [];
    await recordRowWrite(trx, actor, {
      action,
      entity: 'project',
      table: 'projects',
      id,
      before: before?.row ?? null,
      label: (row) => String(row.title),
      extra: JSON.stringify(oldImages) === JSON.stringify(images) ? {} : { images: [oldImages, images] },
    });
  }

  return {
    /** The staff see drafts and scheduled projects; the public what is published and due. */
    list(visibility: Visibility): Promise<ProjectSummary[]> {
      return allProjects(db, visibility);
    },

    get(id: number, visibility: Visibility): Promise<ProjectDetail> {
      return detailOf(db, id, visibility);
    },

    async create(actor: Actor, body: unknown, uploads: ProjectUploads): Promise<ProjectDetail> {
      const fileErrors: FieldErrors = { ...uploads.errors };
      // Product rules, Validation: the main image is required; on creation only a file can be it.
      if (!uploads.main) addError(fileErrors, MAIN_IMAGE_FIELD, projectMessages.mainImageRequired);
      const input = parseForm(projectSchema, withAliases(body, ALIASES), fileErrors);
      const [mainImage, ...paths] = await storeUploads(
        [uploads.main!, ...uploads.images.map((i) => i.upload)],
        'projects',
        layout,
      );
      const stamp = now();
      return write([mainImage!, ...paths], async (trx) => {
        const id = await insertProjectRow(trx, {
          ...projectColumns(input),
          main_image: mainImage,
          created_at: stamp,
          updated_at: stamp,
        });
        const images = uploads.images.map((image, i) => ({
          kind: image.kind,
          image: paths[i]!,
          description: image.description,
        }));
        await appendProjectImages(trx, id, images, stamp);
        await record(trx, actor, 'create', id, null);
        return detailOf(trx, id);
      });
    },

    /**
     * Changes the fields sent; `main_image` as a file replaces the main image, an empty
     * `main_image` field (the form's cleared image) is refused as the product rules' required rule;
     * `removeImageIds` and `imageDescriptions` act on this project's images only.
     */
    async update(
      actor: Actor,
      id: number,
      body: unknown,
      uploads: ProjectUploads,
      log?: CleanupLog,
    ): Promise<ProjectDetail> {
      if (!(await findProjectRow(db, id, STAFF))) throw new NotFoundError(projectMessages.notFound);
      const form = withAliases(body, ALIASES);
      const fileErrors: FieldErrors = { ...uploads.errors };
      if (
        !uploads.main &&
        typeof form[MAIN_IMAGE_FIELD] === 'string' &&
        form[MAIN_IMAGE_FIELD].trim() === ''
      ) {
        addError(fileErrors, MAIN_IMAGE_FIELD, projectMessages.mainImageRequired);
      }
      const { removeImageIds, imageDescriptions, ...changes } = parseForm(
        projectEditSchema,
        form,
        fileErrors,
      );
      const toStore = [...(uploads.main ? [uploads.main] : []), ...uploads.images.map((i) => i.upload)];
      const stored = await storeUploads(toStore, 'projects', layout);
      const newMain = uploads.main ? stored[0]! : null;
      const paths = uploads.main ? stored.slice(1) : stored;

      const unused: string[] = [];
      const detail = await write(stored, async (trx) => {
        const current = await findProjectRow(trx, id, STAFF);
        if (!current) throw new NotFoundError(projectMessages.notFound); // deleted meanwhile
        const before = { row: (await tableRow(trx, 'projects', id))!, images: await imageNames(trx, id) };
        const removed = await removeProjectImages(trx, id, removeImageIds);
        const removedIds = new Set(removed.map((row) => Number(row.id)));
        for (const { id: imageId, description } of imageDescriptions) {
          if (!removedIds.has(imageId)) await describeProjectImage(trx, id, imageId, description);
        }
        const stamp = now();
        const images = uploads.images.map((image, i) => ({
          kind: image.kind,
          image: paths[i]!,
          description: image.description,
        }));
        await appendProjectImages(trx, id, images, stamp);
        await updateProjectRow(trx, id, {
          ...projectColumns(changes),
          ...(newMain ? { main_image: newMain } : {}),
          updated_at: stamp,
        });
        unused.push(
          ...removed.map((row) => row.image),
          ...(newMain && current.main_image ? [current.main_image] : []),
        );
        await record(trx, actor, 'update', id, before);
        return detailOf(trx, id);
      });
      await discardImages(unused, layout, log);
      return detail;
    },

    /** Deletes the project and its image rows, then every one of its image files. */
    async remove(actor: Actor, id: number): Promise<void> {
      // To the trash with its images (docs/product-rules.md, "Trash").
      if (!(await moveToTrash({ db, layout, now: deps.now }, actor, projectTrash, id)))
        throw new NotFoundError(projectMessages.notFound);
    },
  };
}
