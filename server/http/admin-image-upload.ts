import type { RequestHandler } from 'express';
import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';
import { imageMessages } from '#shared/schemas/images';
import type { StorageLayout } from '#server/storage/layout';
import { multipart, type FileField } from './uploads';

/**
 * The multipart parser of the back office's image uploads (offer, product, promotion and
 * project forms, POST /upload-image): at most 2 MB a file (product rules, Limits and constants), refused with
 * 413 and the product rules' message, whose words are the offer form's (product rules, Validation).
 * Each field says its own too-many answer.
 */
export function adminImageUpload(layout: StorageLayout, files: FileField[]): RequestHandler {
  return multipart(layout, {
    files,
    maxFileSize: ADMIN_IMAGE_MAX_BYTES,
    tooLargeMessage: imageMessages.tooLarge,
  });
}
