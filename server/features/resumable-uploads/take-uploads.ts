import { rm } from 'node:fs/promises';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { ValidationError } from '#server/errors';
import { copyToTmp } from './tus-routes';
import { uploadMessages, type UploadPurpose } from './upload-purposes';
import { uploadStoreFor } from './upload-store';
import { findFinished, markUsed, unmarkUsed } from './uploads.repository';

/**
 * A form's `upload_ids[]`: finished uploads of its purpose, each taken by one form only,
 * handed to the form as files in storage/tmp like a multipart attachment
 * (docs/decisions/0045-resumable-uploads.md). The form then either keeps them (`done`: the
 * upload's bytes leave the tus store) or gives them back (`giveBack`: refused, the visitor
 * may correct the form and send the same ids again).
 */
export const UPLOAD_IDS_FIELD = 'upload_ids';

export interface TakenFile {
  /** A copy of the bytes under storage/tmp: the form moves or deletes it. */
  path: string;
  originalName: string;
  size: number;
}

export interface TakenUploads {
  files: TakenFile[];
  done(): Promise<void>;
  giveBack(): Promise<void>;
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The ids of a body (`upload_ids[]`, `upload_ids`, one or many), or a 422. */
export function uploadIdsOf(body: unknown, maxCount: number): string[] {
  const record = (body ?? {}) as Record<string, unknown>;
  const raw = record[`${UPLOAD_IDS_FIELD}[]`] ?? record[UPLOAD_IDS_FIELD];
  if (raw === undefined || raw === '') return [];
  const ids = (Array.isArray(raw) ? raw : [raw]).map(String);
  if (ids.length > maxCount || ids.some((id) => !UPLOAD_ID.test(id)) || new Set(ids).size !== ids.length)
    throw new ValidationError({ [UPLOAD_IDS_FIELD]: [uploadMessages.idsInvalid] }, uploadMessages.idsInvalid);
  return ids;
}

export async function takeUploads(
  { config, db }: { config: Config; db: Knex },
  ids: readonly string[],
  purpose: UploadPurpose,
): Promise<TakenUploads> {
  if (ids.length === 0) return { files: [], done: async () => undefined, giveBack: async () => undefined };
  const known = await findFinished(db, ids);
  const problems: string[] = [];
  const taken: string[] = [];
  for (const id of ids) {
    const upload = known.get(id);
    if (!upload) problems.push(uploadMessages.unknown(id));
    else if (upload.purpose !== purpose) problems.push(uploadMessages.wrongPurpose(upload.fileName));
    else if (await markUsed(db, id)) taken.push(id);
    else problems.push(uploadMessages.alreadyUsed(upload.fileName));
  }
  if (problems.length > 0) {
    await unmarkUsed(db, taken);
    throw new ValidationError(
      { [UPLOAD_IDS_FIELD]: problems },
      problems.length === 1 ? problems[0] : undefined,
    );
  }
  const store = await uploadStoreFor(config);
  const files: TakenFile[] = [];
  try {
    for (const id of ids) {
      const upload = known.get(id);
      if (!upload) continue;
      files.push({
        path: await copyToTmp(config, store, id),
        originalName: upload.fileName,
        size: upload.size,
      });
    }
  } catch (error) {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
    await unmarkUsed(db, ids);
    throw error;
  }
  return {
    files,
    // The row stays, used, until the sweep: a second form naming the id is told it was used.
    done: async () => {
      await Promise.all(ids.map((id) => store.remove(id).catch(() => undefined)));
    },
    giveBack: () => unmarkUsed(db, ids),
  };
}
