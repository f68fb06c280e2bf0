import type { Knex } from 'knex';
import {
  siteUpdateCreateSchema,
  siteUpdateEditSchema,
  siteUpdateMessages,
  type SiteListQuery,
} from '#shared/schemas/site-update';
import { SITE_UPDATE_PHOTOS_MAX, sitePhaseLabel, type SitePhase } from '#shared/site-phases';
import type { AdminSiteUpdate } from '#shared/site-updates';
import type { Config } from '#server/config';
import { isUniqueViolation, toDbDate, toDbDateTime } from '#server/db/dialect';
import { ConflictError, NotFoundError, type FieldErrors } from '#server/errors';
import { changedFields, recordActivity, tableRow, type Actor } from '#server/features/activity';
import { queueSiteUpdateMail } from '#server/features/mail';
import {
  findSiteSubmission,
  findSubmissionIdByToken,
  type SiteSubmission,
} from '#server/features/submissions';
import { addError, parseForm } from '#server/http/form-input';
import type { CleanupLog } from '#server/images/admin-images';
import { photoFileName, type StoredPhoto } from '#server/images/private-photo';
import { sitePrefix } from '#server/storage/keys';
import type { StorageLayout } from '#server/storage/layout';
import { moveToTrash } from '#server/features/trash';
import { discardingOnFailure, discardSitePhotos, storeSitePhotos } from './site-photo-store';
import { PHOTOS_FIELD, type SiteUpdateUploads } from './site-update-uploads';
import { parsePhotoFile, type PhotoFile } from './site-photo-file';
import { siteSummaries } from './site-summaries';
import { siteUpdateTrash } from './site-update-trash';
import {
  findSitePhoto,
  findSiteUpdate,
  findSiteUpdateByClientId,
  insertPhotos,
  insertSiteUpdate,
  photoRows,
  removePhotos,
  siteUpdateRows,
  updateSiteUpdateRow,
  type SitePhotoRecord,
  type SiteUpdateRecord,
} from './site-updates.repository';

export interface SiteUpdateServiceDeps {
  db: Knex;
  config: Config;
  layout: StorageLayout;
  now?: () => Date;
}

/** Where the back office reads a photo (the 320 variant), with its token: never a public address. */
export function adminPhotoPath(submissionId: number, name: string, width = 320): string {
  return `/admin/project-submissions/${submissionId}/updates/photos/${name}-${width}.webp`;
}

function toAdminView(update: SiteUpdateRecord, photos: readonly SitePhotoRecord[]): AdminSiteUpdate {
  return {
    id: update.id,
    submission_id: update.submission_id,
    date: update.date,
    phase: update.phase as SitePhase,
    phase_label: sitePhaseLabel(update.phase),
    progress: update.progress,
    text: update.text,
    published: update.published,
    published_at: update.published_at?.toISOString() ?? null,
    created_at: update.created_at.toISOString(),
    updated_at: update.updated_at.toISOString(),
    photos: photos
      .filter((photo) => photo.update_id === update.id)
      .map((photo) => ({
        id: photo.id,
        name: photo.name,
        width: photo.width,
        height: photo.height,
        thumbnail: adminPhotoPath(update.submission_id, photo.name),
      })),
  };
}

/**
 * Site updates (docs/product-rules.md, "Site updates"): only an approved request takes new
 * or edited updates (409 otherwise). A write checks every field and file first, stores the
 * photos, then writes the rows, and, the first time an update is published, queues the
 * client's mail, in one transaction; if it fails the new files are removed, and the files
 * of removed photos go only after the commit.
 */
export function siteUpdateService(deps: SiteUpdateServiceDeps) {
  const { db, layout, config } = deps;
  const clock = deps.now ?? (() => new Date());

  async function approvedSubmission(trx: Knex | Knex.Transaction, id: number): Promise<SiteSubmission> {
    const submission = await findSiteSubmission(trx, id);
    if (!submission) throw new NotFoundError(siteUpdateMessages.submissionNotFound);
    if (submission.status !== 'approved') throw new ConflictError(siteUpdateMessages.notApproved);
    return submission;
  }

  async function detail(trx: Knex | Knex.Transaction, submissionId: number, updateId: number) {
    const update = await findSiteUpdate(trx, submissionId, updateId);
    if (!update) throw new NotFoundError(siteUpdateMessages.notFound);
    return toAdminView(update, await photoRows(trx, [update.id]));
  }

  /** Publishing for the first time: the stamp, and the client's mail in the same transaction. */
  async function publish(
    trx: Knex.Transaction,
    submission: SiteSubmission,
    updateId: number,
    now: Date,
  ): Promise<void> {
    const update = await findSiteUpdate(trx, submission.id, updateId);
    if (!update || !update.published || update.published_at) return;
    await updateSiteUpdateRow(trx, updateId, { published_at: toDbDateTime(now) });
    const photos = await photoRows(trx, [updateId]);
    await queueSiteUpdateMail(
      trx,
      {
        submission,
        date: update.date,
        phase: update.phase,
        progress: update.progress,
        text: update.text,
        photoCount: photos.length,
        firstPhoto: photos[0]
          ? {
              storageKey: `${sitePrefix(submission.id)}${photoFileName(photos[0].name, 320)}`,
              width: photos[0].width,
              height: photos[0].height,
            }
          : null,
      },
      { config, now },
    );
  }

  /** What the log compares of an update: its fields and its photos' names (never their bytes). */
  async function logged(trx: Knex.Transaction, updateId: number): Promise<Record<string, unknown> | null> {
    const row = await tableRow(trx, 'site_updates', updateId);
    if (!row) return null;
    const photos = (await photoRows(trx, [updateId])).map((photo) => photo.name);
    const { date, phase, progress, text, published } = row;
    return { date, phase, progress, text, published, photos };
  }

  /** The log's row of a write, labelled with the request's reference. */
  async function record(
    trx: Knex.Transaction,
    actor: Actor,
    action: 'create' | 'update' | 'delete',
    submission: { reference: string | null },
    updateId: number,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    await recordActivity(trx, actor, {
      action,
      entity: 'site_update',
      entityId: updateId,
      label: submission.reference,
      changes: after ? changedFields(before, after) : null,
    });
  }

  /** The update already stored under the body's client_id, or null when there is none. */
  async function replay(submissionId: number, body: unknown): Promise<AdminSiteUpdate | null> {
    const parsed = siteUpdateCreateSchema.shape.client_id.safeParse(
      (body as Record<string, unknown> | undefined)?.client_id,
    );
    if (!parsed.success || !parsed.data) return null;
    const found = await findSiteUpdateByClientId(db, parsed.data);
    if (!found) return null;
    if (found.submission_id !== submissionId) throw new ConflictError(siteUpdateMessages.clientIdTaken);
    // Trashed since: answered as gone rather than written again.
    if (found.trashed) throw new NotFoundError(siteUpdateMessages.notFound);
    return detail(db, submissionId, found.id);
  }

  async function write<T>(
    submissionId: number,
    stored: readonly StoredPhoto[],
    work: (trx: Knex.Transaction) => Promise<T>,
  ): Promise<T> {
    return discardingOnFailure(stored, submissionId, layout, () => db.transaction(work));
  }

  return {
    /** A page of the 'Chantiers' list (site-summaries.ts). */
    summaries: (query: SiteListQuery) => siteSummaries(db, query),

    /**
     * A photo behind a tracking link: a well-formed name, a token that opens a request,
     * and a photo of one of its published updates; null otherwise, whichever failed. The
     * name is checked first, without a query.
     */
    async publishedPhoto(
      token: string,
      file: string,
    ): Promise<{ submissionId: number; photo: PhotoFile } | null> {
      const photo = parsePhotoFile(file);
      if (!photo) return null;
      const submissionId = await findSubmissionIdByToken(db, token);
      if (submissionId === null) return null;
      if (!(await findSitePhoto(db, submissionId, photo.name, { publishedOnly: true }))) return null;
      return { submissionId, photo };
    },

    /** Any photo of the request's updates, drafts included (the back office's previews), or null. */
    async photo(submissionId: number, file: string): Promise<PhotoFile | null> {
      const photo = parsePhotoFile(file);
      if (!photo || !(await findSitePhoto(db, submissionId, photo.name, { publishedOnly: false })))
        return null;
      return photo;
    },

    async list(submissionId: number): Promise<{ submission: SiteSubmission; updates: AdminSiteUpdate[] }> {
      const submission = await findSiteSubmission(db, submissionId);
      if (!submission) throw new NotFoundError(siteUpdateMessages.submissionNotFound);
      const updates = await siteUpdateRows(db, submissionId, { publishedOnly: false });
      const photos = await photoRows(
        db,
        updates.map((update) => update.id),
      );
      return { submission, updates: updates.map((update) => toAdminView(update, photos)) };
    },

    /**
     * The update already stored under the body's `client_id` (a phone sending its queue
     * again, docs/decisions/0046-site-updates-offline.md), if any: the route asks before it
     * takes the request's uploads, which that first send used already, and answers it
     * without calling `create`: nothing written, no photo kept, no mail queued.
     */
    replayOf: replay,

    /**
     * A new update, once the route has found no replay (`replayOf`). Two sends of the same
     * id racing past that check meet at the unique key: the one that loses answers the
     * other's update.
     */
    async create(
      actor: Actor,
      submissionId: number,
      body: unknown,
      uploads: SiteUpdateUploads,
    ): Promise<AdminSiteUpdate> {
      await approvedSubmission(db, submissionId);
      const input = parseForm(siteUpdateCreateSchema, body, uploads.errors);
      const stored = await storeSitePhotos(uploads.files, submissionId, layout);
      const now = clock();
      const stamp = toDbDateTime(now);
      const written = write(submissionId, stored, async (trx) => {
        // Checked again inside the transaction: the status may have changed meanwhile.
        const submission = await approvedSubmission(trx, submissionId);
        const id = await insertSiteUpdate(trx, {
          submission_id: submissionId,
          date: toDbDate(input.date),
          phase: input.phase,
          progress: input.progress,
          text: input.text,
          published: input.published,
          published_at: null,
          client_id: input.client_id,
          created_at: stamp,
          updated_at: stamp,
        });
        await insertPhotos(trx, id, stored, 0, stamp);
        if (input.published) await publish(trx, submission, id, now);
        await record(trx, actor, 'create', submission, id, null, await logged(trx, id));
        return detail(trx, submissionId, id);
      });
      try {
        return await written;
      } catch (error) {
        // The other send of the same id committed first: its update is the answer (this
        // one's photos were removed with its rolled-back transaction).
        const other = isUniqueViolation(error) ? await replay(submissionId, body) : null;
        if (other) return other;
        throw error;
      }
    },

    async update(
      actor: Actor,
      submissionId: number,
      updateId: number,
      body: unknown,
      uploads: SiteUpdateUploads,
      log?: CleanupLog,
    ): Promise<AdminSiteUpdate> {
      await approvedSubmission(db, submissionId);
      const current = await findSiteUpdate(db, submissionId, updateId);
      if (!current) throw new NotFoundError(siteUpdateMessages.notFound);
      const kept = await photoRows(db, [updateId]);
      const fileErrors: FieldErrors = { ...uploads.errors };
      // Checked before parsing so the count is judged with the other fields.
      const removing = new Set(
        siteUpdateEditSchema.shape.removePhotoIds.safeParse((body as Record<string, unknown>)?.removePhotoIds)
          .data ?? [],
      );
      const remaining = kept.filter((photo) => !removing.has(photo.id)).length;
      if (remaining + uploads.files.length > SITE_UPDATE_PHOTOS_MAX)
        addError(fileErrors, PHOTOS_FIELD, siteUpdateMessages.tooManyPhotos);
      const { removePhotoIds, ...input } = parseForm(siteUpdateEditSchema, body, fileErrors);
      const stored = await storeSitePhotos(uploads.files, submissionId, layout);
      const now = clock();
      const stamp = toDbDateTime(now);
      const removed: string[] = [];
      const view = await write(submissionId, stored, async (trx) => {
        const submission = await approvedSubmission(trx, submissionId);
        if (!(await findSiteUpdate(trx, submissionId, updateId)))
          throw new NotFoundError(siteUpdateMessages.notFound);
        const before = await logged(trx, updateId);
        removed.push(...(await removePhotos(trx, updateId, removePhotoIds)).map((photo) => photo.name));
        const last = (await photoRows(trx, [updateId])).reduce(
          (max, photo) => Math.max(max, photo.position),
          -1,
        );
        await insertPhotos(trx, updateId, stored, last + 1, stamp);
        await updateSiteUpdateRow(trx, updateId, {
          date: toDbDate(input.date),
          phase: input.phase,
          progress: input.progress,
          text: input.text,
          published: input.published,
          updated_at: stamp,
        });
        if (input.published) await publish(trx, submission, updateId, now);
        await record(trx, actor, 'update', submission, updateId, before, await logged(trx, updateId));
        return detail(trx, submissionId, updateId);
      });
      await discardSitePhotos(removed, submissionId, layout, log);
      return view;
    },

    /**
     * To the trash (docs/product-rules.md, "Trash"), rows and photos kept, unread while it is
     * trashed. Any status: a mistake is removed even after approval ends.
     */
    async remove(actor: Actor, submissionId: number, updateId: number): Promise<void> {
      // Only an update of this request: the id alone could name another request's.
      const update = await findSiteUpdate(db, submissionId, updateId);
      if (!update || !(await moveToTrash({ db, layout, now: clock }, actor, siteUpdateTrash, updateId)))
        throw new NotFoundError(siteUpdateMessages.notFound);
    },
  };
}
