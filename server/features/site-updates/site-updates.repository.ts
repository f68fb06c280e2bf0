import type { Knex } from 'knex';
import { fromDbDate, fromDbDateTime, toBool, toNumber } from '#server/db/dialect';
import { whereNotTrashed } from '#server/db/visibility';

/** The rows of site_updates and site_update_photos (migration 012-site-updates), read alike on both engines. */

type Db = Knex | Knex.Transaction;

export interface SiteUpdateRecord {
  id: number;
  submission_id: number;
  date: string;
  phase: string;
  progress: number;
  text: string;
  published: boolean;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SitePhotoRecord {
  id: number;
  update_id: number;
  name: string;
  width: number;
  height: number;
  position: number;
}

type Raw = Record<string, unknown>;

function toUpdate(row: Raw): SiteUpdateRecord {
  return {
    id: toNumber(row.id as number),
    submission_id: toNumber(row.submission_id as number),
    date: fromDbDate(row.date as string) ?? '',
    phase: String(row.phase),
    progress: toNumber(row.progress as number),
    text: String(row.text),
    published: toBool(row.published),
    published_at: fromDbDateTime(row.published_at as string | null),
    created_at: fromDbDateTime(row.created_at as string) ?? new Date(0),
    updated_at: fromDbDateTime(row.updated_at as string) ?? new Date(0),
  };
}

function toPhoto(row: Raw): SitePhotoRecord {
  return {
    id: toNumber(row.id as number),
    update_id: toNumber(row.update_id as number),
    name: String(row.name),
    width: toNumber(row.width as number),
    height: toNumber(row.height as number),
    position: toNumber(row.position as number),
  };
}

/** Newest first: by the update's date, then the later written. */
export async function siteUpdateRows(
  db: Db,
  submissionId: number,
  { publishedOnly }: { publishedOnly: boolean },
): Promise<SiteUpdateRecord[]> {
  // A trashed update is out of every read (docs/product-rules.md, "Trash").
  const query = whereNotTrashed(db('site_updates')).where({ submission_id: submissionId });
  if (publishedOnly) query.andWhere({ published: true });
  const rows: Raw[] = await query.orderBy([
    { column: 'date', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  return rows.map(toUpdate);
}

export async function findSiteUpdate(
  db: Db,
  submissionId: number,
  updateId: number,
): Promise<SiteUpdateRecord | null> {
  const row: Raw | undefined = await whereNotTrashed(db('site_updates'))
    .where({ id: updateId, submission_id: submissionId })
    .first();
  return row ? toUpdate(row) : null;
}

/** Photos of these updates, in their order. */
export async function photoRows(db: Db, updateIds: readonly number[]): Promise<SitePhotoRecord[]> {
  if (updateIds.length === 0) return [];
  const rows: Raw[] = await db('site_update_photos')
    .whereIn('update_id', updateIds)
    .orderBy([
      { column: 'update_id', order: 'asc' },
      { column: 'position', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return rows.map(toPhoto);
}

/**
 * The update a phone queued under this id (docs/decisions/0046-site-updates-offline.md),
 * trashed or not: a replay must never write a second one.
 */
export async function findSiteUpdateByClientId(
  db: Db,
  clientId: string,
): Promise<{ id: number; submission_id: number; trashed: boolean } | null> {
  const row: Raw | undefined = await db('site_updates')
    .where({ client_id: clientId })
    .first('id', 'submission_id', 'deleted_at');
  return row
    ? {
        id: toNumber(row.id as number),
        submission_id: toNumber(row.submission_id as number),
        trashed: row.deleted_at !== null && row.deleted_at !== undefined,
      }
    : null;
}

export async function insertSiteUpdate(db: Db, row: Record<string, unknown>): Promise<number> {
  const [id] = await db('site_updates').insert(row);
  return toNumber(id as number);
}

export async function updateSiteUpdateRow(db: Db, id: number, row: Record<string, unknown>): Promise<void> {
  await db('site_updates').where({ id }).update(row);
}

export async function insertPhotos(
  db: Db,
  updateId: number,
  photos: readonly { name: string; width: number; height: number }[],
  firstPosition: number,
  stamp: string,
): Promise<void> {
  if (photos.length === 0) return;
  await db('site_update_photos').insert(
    photos.map((photo, i) => ({
      update_id: updateId,
      name: photo.name,
      width: photo.width,
      height: photo.height,
      position: firstPosition + i,
      created_at: stamp,
    })),
  );
}

/** Deletes the named photos of this update only; answers the rows deleted. */
export async function removePhotos(
  db: Db,
  updateId: number,
  photoIds: readonly number[],
): Promise<SitePhotoRecord[]> {
  if (photoIds.length === 0) return [];
  const rows = (await db('site_update_photos').where({ update_id: updateId }).whereIn('id', photoIds)).map(
    toPhoto,
  );
  if (rows.length > 0)
    await db('site_update_photos')
      .whereIn(
        'id',
        rows.map((row) => row.id),
      )
      .del();
  return rows;
}

/** Explicit rather than left to ON DELETE CASCADE, which SQLite applies only with its foreign_keys pragma on. */
export async function deleteSiteUpdateRows(db: Db, updateId: number): Promise<void> {
  await db('site_update_photos').where({ update_id: updateId }).del();
  await db('site_updates').where({ id: updateId }).del();
}

/** Every update of these requests, newest first: the 'Chantiers' list counts and describes them. */
export async function updatesOfSubmissions(db: Db, submissionIds: readonly number[]): Promise<Raw[]> {
  if (submissionIds.length === 0) return [];
  return whereNotTrashed(db('site_updates'))
    .whereIn('submission_id', submissionIds)
    .orderBy([
      { column: 'date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('submission_id', 'date', 'phase', 'progress', 'published');
}

/**
 * A photo of one request's updates, by its name: with `publishedOnly`, the one a tracking
 * link may show (null for a draft's photo); without, any of them, drafts included (the back
 * office's previews). Null for another request's photo or an unknown name.
 */
export async function findSitePhoto(
  db: Db,
  submissionId: number,
  name: string,
  { publishedOnly }: { publishedOnly: boolean },
): Promise<SitePhotoRecord | null> {
  const query = db('site_update_photos as p')
    .join('site_updates as u', 'u.id', 'p.update_id')
    .join('project_submissions as s', 's.id', 'u.submission_id')
    .where({ 'p.name': name, 'u.submission_id': submissionId });
  // A photo of a trashed update, or of a trashed request's, answers 404.
  whereNotTrashed(query, 'u');
  whereNotTrashed(query, 's');
  if (publishedOnly) query.andWhere('u.published', true);
  const row: Raw | undefined = await query.first('p.*');
  return row ? toPhoto(row) : null;
}
