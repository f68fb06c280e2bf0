import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';
import type { UploadPurpose } from './upload-purposes';

/** resumable_uploads (docs/data-model.md): finished uploads that passed their check, and their one use. */
export interface FinishedUpload {
  uploadId: string;
  purpose: UploadPurpose;
  fileName: string;
  size: number;
  used: boolean;
}

const TABLE = 'resumable_uploads';

export async function recordFinished(
  db: Knex,
  upload: Omit<FinishedUpload, 'used'>,
  now = new Date(),
): Promise<void> {
  await db(TABLE).insert({
    upload_id: upload.uploadId,
    purpose: upload.purpose,
    file_name: upload.fileName,
    size: upload.size,
    created_at: toDbDateTime(now),
  });
}

export async function findFinished(
  db: Knex,
  uploadIds: readonly string[],
): Promise<Map<string, FinishedUpload>> {
  const rows = (await db(TABLE).whereIn('upload_id', uploadIds)) as Array<Record<string, unknown>>;
  return new Map(
    rows.map((row) => [
      String(row.upload_id),
      {
        uploadId: String(row.upload_id),
        purpose: row.purpose as UploadPurpose,
        fileName: String(row.file_name),
        size: Number(row.size),
        used: row.used_at !== null && row.used_at !== undefined,
      },
    ]),
  );
}

/**
 * Marks one upload used, if nobody did before: a conditional update, so that of two forms
 * naming it at once, on one instance or two, exactly one gets it.
 */
export async function markUsed(db: Knex, uploadId: string, now = new Date()): Promise<boolean> {
  const changed = await db(TABLE)
    .where({ upload_id: uploadId })
    .whereNull('used_at')
    .update({ used_at: toDbDateTime(now) });
  return changed === 1;
}

/** Gives uses back (the form that took them was refused: the visitor may send it again). */
export async function unmarkUsed(db: Knex, uploadIds: readonly string[]): Promise<void> {
  if (uploadIds.length > 0) await db(TABLE).whereIn('upload_id', uploadIds).update({ used_at: null });
}

/** Rows of finished uploads older than `before`: their bytes are swept, used or not. */
export async function finishedBefore(db: Knex, before: Date): Promise<string[]> {
  const rows = (await db(TABLE).where('created_at', '<', toDbDateTime(before)).select('upload_id')) as Array<{
    upload_id: string;
  }>;
  return rows.map((row) => row.upload_id);
}

export async function forget(db: Knex, uploadIds: readonly string[]): Promise<void> {
  if (uploadIds.length > 0) await db(TABLE).whereIn('upload_id', uploadIds).delete();
}
