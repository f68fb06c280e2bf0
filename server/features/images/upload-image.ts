import { readFile } from 'node:fs/promises';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ValidationError } from '#server/errors';
import { recordActivity, type Actor } from '#server/features/activity';
import { parseInput } from '#server/http/parse-input';
import { filesOf } from '#server/http/uploads';
import { discardImages } from '#server/images/admin-images';
import { ImageRejectedError } from '#server/images/image-errors';
import { processImage } from '#server/images/pipeline';
import { IMAGE_KINDS, type StorageLayout } from '#server/storage/layout';
import { imageMessages } from './image-messages';

export const UPLOAD_FIELD = 'image';

/**
 * The optional `type` field names the folder (product rules, Runtime: folders are the
 * product rules' kinds); absent or empty means `misc`, the product rules' fallback kind. Other fields are
 * ignored.
 */
const uploadFieldsSchema = z.object({
  type: z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? undefined : value),
    z
      .enum(IMAGE_KINDS, {
        error: `${imageMessages.kindInvalid} Types acceptés : ${IMAGE_KINDS.join(', ')}.`,
      })
      .default('misc'),
  ),
});

export interface UploadedImage {
  /** Relative to storage/app/public, as image columns hold it. */
  path: string;
  /** Where the browser finds it (the public storage link, product rules, Runtime). */
  url: string;
}

/**
 * POST /upload-image (product rules, API: multipart field `image`, answers path and url).
 * The size limit (413) is multer's, before this runs; here the type field is checked,
 * then the bytes go through the one image pipeline (JPEG/PNG/WebP by content, pixel
 * limit, re-encoded with variants). The temp file is removed by the multipart parser.
 */
export async function uploadImage(
  actor: Actor,
  req: Request,
  { db, layout }: { db: Knex; layout: StorageLayout },
): Promise<UploadedImage> {
  const { type } = parseInput(uploadFieldsSchema, req.body);
  const [file] = filesOf(req, UPLOAD_FIELD);
  if (!file) throw new ValidationError({ [UPLOAD_FIELD]: [imageMessages.required] }, imageMessages.required);
  let uploaded: UploadedImage;
  try {
    const stored = await processImage(await readFile(file.path), type, layout);
    uploaded = { path: stored.path, url: `/storage/${stored.path}` };
  } catch (error) {
    // Same answer as any 422 of a form: the message and the field it concerns.
    if (error instanceof ImageRejectedError)
      throw new ValidationError({ [UPLOAD_FIELD]: [error.message] }, error.message);
    throw error;
  }
  // No row holds the file: its line in the activity log is the write. A file nobody can
  // trace is not kept: a failed record takes the new file away again.
  try {
    await recordActivity(db, actor, {
      action: 'create',
      entity: 'image',
      label: uploaded.path,
      changes: { image: [null, uploaded.path], type: [null, type] },
    });
  } catch (error) {
    await discardImages([uploaded.path], layout, req.log);
    throw error;
  }
  return uploaded;
}
