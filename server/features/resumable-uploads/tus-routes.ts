import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { Metadata, Server, type DataStore, type Upload } from '@tus/server';
import type { Config } from '#server/config';
import { AppError, PayloadTooLargeError, TooManyRequestsError } from '#server/errors';
import { clientAddress, rateLimit } from '#server/http/rate-limit';
import { requireAccess } from '#server/http/require-auth';
import { closeAfterAnswer } from '#server/http/uploads';
import { storageLayout } from '#server/storage/layout';
import { submissionMessages } from '#shared/schemas/submission';
import {
  isUploadPurpose,
  PURPOSE_MAX_BYTES,
  uploadMessages,
  type UploadContentCheck,
  type UploadPurpose,
} from './upload-purposes';
import { uploadStoreFor } from './upload-store';
import { recordFinished } from './uploads.repository';
import { sharedLocker } from './redis-locker';

/**
 * /api/uploads: resumable uploads on the tus 1.0 protocol (docs/decisions/0045-resumable-uploads.md),
 * the protocol itself @tus/server's (core, creation, creation-with-upload, termination,
 * expiration). What is ours is around it:
 * - before a creation (POST) is handed over, the purpose named in Upload-Metadata, its
 *   file limit against Upload-Length (413 before a byte is stored), the staff access a
 *   site update's photo needs (401/403), the submissions' limit per client address (429);
 * - when the last byte arrives, the bytes are judged by the feature that owns the purpose
 *   (a refused file is deleted and the answer names it, 422) and a finished upload is
 *   recorded, for the one form that will take it (take-uploads.ts).
 * Mounted before the JSON parsers, so the handler reads the raw body, and before the page
 * cache's `/api` hook: a chunk of a file changes no page.
 */
export const UPLOADS_PATH = '/api/uploads';

export interface ResumableUploadsDeps {
  config: Config;
  db: Knex;
  /** The check of each purpose's bytes (server/app.ts gives the submissions' and the site updates'). */
  checks: Readonly<Record<UploadPurpose, UploadContentCheck>>;
}

/** A tus error answer: the status and a French JSON body, as the rest of /api answers. */
function tusError(status: number, message: string, field?: string): { status_code: number; body: string } {
  const errors = field ? { errors: { [field]: [message] } } : {};
  return { status_code: status, body: JSON.stringify({ success: false, message, ...errors }) };
}

/** The form field a refused file is shown under, as the multipart forms' 422 names it. */
const FIELD_OF_PURPOSE: Readonly<Record<UploadPurpose, string>> = {
  submission: 'attachments',
  site_update: 'photos',
};

/** A copy of an upload's bytes in storage/tmp (one path for both stores), for the checks that read a file. */
export async function copyToTmp(
  config: Pick<Config, 'storageDir'>,
  store: DataStore,
  id: string,
): Promise<string> {
  const tmpDir = storageLayout(config.storageDir).tmpDir;
  await mkdir(tmpDir, { recursive: true });
  const target = path.join(tmpDir, `tus-${randomBytes(12).toString('hex')}`);
  try {
    const source = await (store as DataStore & { read(id: string): Readable | Promise<Readable> }).read(id);
    await pipeline(source, createWriteStream(target, { flags: 'wx' }));
    return target;
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

function metadataOf(req: Request): Record<string, string | null> {
  const header = req.headers['upload-metadata'];
  if (header === undefined) return {};
  try {
    return Metadata.parse(String(header));
  } catch {
    throw new AppError(400, uploadMessages.badMetadata);
  }
}

export function resumableUploads(deps: ResumableUploadsDeps): RequestHandler {
  const { config, db, checks } = deps;
  const limit = rateLimit(config, 'submissions');
  const sitesWrite = requireAccess({ config, db }, 'sitesWrite');

  const server = uploadStoreFor(config).then(
    (datastore) =>
      new Server({
        path: UPLOADS_PATH,
        datastore,
        // A relative Location: right behind any proxy, whatever Host it passes on.
        relativeLocation: true,
        locker: sharedLocker(config),
        // Backstop of the checks below; the bytes of a PATCH are bounded by Upload-Length.
        maxSize: Math.max(...Object.values(PURPOSE_MAX_BYTES)),
        onUploadCreate: async (_req, upload) => {
          if (upload.sizeIsDeferred) throw tusError(400, uploadMessages.lengthRequired);
          return {};
        },
        onUploadFinish: async (_req, upload) => {
          await judgeFinished(datastore, upload);
          return {};
        },
      }),
  );

  /** The bytes of a finished upload, judged; refused: deleted, and the answer names the file. */
  const judgeFinished = async (datastore: DataStore, upload: Upload): Promise<void> => {
    const purpose = upload.metadata?.purpose;
    const fileName = (upload.metadata?.filename ?? '').normalize('NFC');
    if (!isUploadPurpose(purpose)) throw tusError(400, uploadMessages.unknownPurpose);
    const copy = await copyToTmp(config, datastore, upload.id);
    try {
      const refusal = await checks[purpose](fileName, copy);
      if (refusal) {
        await datastore.remove(upload.id);
        throw tusError(422, refusal, FIELD_OF_PURPOSE[purpose]);
      }
    } finally {
      await rm(copy, { force: true });
    }
    await recordFinished(db, { uploadId: upload.id, purpose, fileName, size: upload.offset });
  };

  /** The checks of a creation, before @tus/server stores anything. */
  const beforeCreation = async (req: Request, res: Response): Promise<void> => {
    const metadata = metadataOf(req);
    const purpose = metadata.purpose;
    if (!isUploadPurpose(purpose)) throw new AppError(400, uploadMessages.unknownPurpose);
    const fileName = metadata.filename;
    if (!fileName) throw new AppError(400, uploadMessages.missingName);
    if (purpose === 'site_update') await runGuard(sitesWrite, req, res);
    else {
      // Creating counts nothing (the form that takes the files does), but an address past
      // its submissions' limit stores nothing more.
      const answer = await limit.take(clientAddress(req));
      if (!answer.granted)
        throw new TooManyRequestsError(submissionMessages.tooManySubmissions, answer.retryAfterSeconds);
      await answer.slot.release();
    }
    const length = Number(req.headers['upload-length']);
    if (req.headers['upload-length'] !== undefined && length > PURPOSE_MAX_BYTES[purpose])
      throw new PayloadTooLargeError(uploadMessages.tooLarge(fileName, PURPOSE_MAX_BYTES[purpose]));
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== UPLOADS_PATH && !req.path.startsWith(`${UPLOADS_PATH}/`)) return next();
    if (req.method === 'POST') {
      try {
        await beforeCreation(req, res);
      } catch (error) {
        // A creation-with-upload's body is not wanted: drained within bounds, then closed.
        closeAfterAnswer(req, res);
        return next(error);
      }
    }
    await (await server).handle(req, res);
  };
}

function runGuard(guard: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    Promise.resolve(guard(req, res, (error?: unknown) => (error ? reject(error) : resolve()))).catch(reject);
  });
}

/** The sweep of expired uploads: unfinished ones by the store, with their bytes. */
export async function cleanUpExpired(config: Config): Promise<number> {
  const datastore = await uploadStoreFor(config);
  return datastore.deleteExpired();
}
