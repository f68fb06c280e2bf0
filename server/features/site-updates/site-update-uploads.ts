import type { Request } from 'express';
import { imageMessages } from '#shared/schemas/images';
import { siteUpdateMessages } from '#shared/schemas/site-update';
import { SITE_UPDATE_PHOTOS_MAX } from '#shared/site-phases';
import type { FieldErrors } from '#server/errors';
import { addError } from '#server/http/form-input';
import { filesOf, type FileField } from '#server/http/uploads';
import { looksLikeImage } from '#server/images/admin-images';
import { detectImageFile } from '#server/images/detect-type';
import type { TakenFile } from '#server/features/resumable-uploads';

/**
 * The files of a site-update form: `photos[]` (a bare `photos` too), at most 10 per
 * request, 2 MB each like every back-office image (the multipart parser refuses more, with
 * the image messages). Error maps name the field `photos`.
 */
export const PHOTOS_FIELD = 'photos';
const FILE_FIELDS = [`${PHOTOS_FIELD}[]`, PHOTOS_FIELD];

const TOO_MANY = { field: PHOTOS_FIELD, message: siteUpdateMessages.tooManyPhotos };

export const SITE_UPDATE_FILE_FIELDS: FileField[] = FILE_FIELDS.map((name) => ({
  name,
  maxCount: SITE_UPDATE_PHOTOS_MAX,
  tooMany: TOO_MANY,
}));

export interface SiteUpdateUploads {
  files: Express.Multer.File[];
  errors: FieldErrors;
}

export async function readSiteUpdateUploads(req: Request): Promise<SiteUpdateUploads> {
  const files = FILE_FIELDS.flatMap((field) => filesOf(req, field));
  const errors: FieldErrors = {};
  if (files.length > SITE_UPDATE_PHOTOS_MAX) addError(errors, PHOTOS_FIELD, siteUpdateMessages.tooManyPhotos);
  for (const file of files) {
    if (!(await looksLikeImage(file))) addError(errors, PHOTOS_FIELD, imageMessages.notAnImage);
  }
  return { files, errors };
}

/**
 * A photo sent as a resumable upload (server/features/resumable-uploads), judged when its
 * last byte arrives by the same rule as a multipart photo: image bytes.
 */
export async function checkUploadedPhoto(fileName: string, filePath: string): Promise<string | null> {
  return (await detectImageFile(filePath)) ? null : `"${fileName}" : ${imageMessages.notAnImage}`;
}

/** A taken upload as the form's own files are, so the service stores both alike. */
export function asPhotoFile(file: TakenFile): Express.Multer.File {
  return {
    fieldname: `${PHOTOS_FIELD}[]`,
    originalname: file.originalName,
    path: file.path,
    size: file.size,
    encoding: '7bit',
    mimetype: 'application/octet-stream',
    destination: '',
    filename: '',
  } as Express.Multer.File;
}
