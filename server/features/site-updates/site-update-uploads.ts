import type { Request } from 'express';
import { imageMessages } from '#shared/schemas/images';
import { siteUpdateMessages } from '#shared/schemas/site-update';
import { SITE_UPDATE_PHOTOS_MAX } from '#shared/site-phases';
import type { FieldErrors } from '#server/errors';
import { addError } from '#server/http/form-input';
import { filesOf, type FileField } from '#server/http/uploads';
import { looksLikeImage } from '#server/images/admin-images';

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
