import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';
import { imageMessages } from '#shared/schemas/images';

/**
 * The back office's one check of a chosen image before upload (product rules, Validation and
 * Limits and constants): an image type, at most ADMIN_IMAGE_MAX_BYTES. Answers the message to
 * show, or undefined. Every picker uses it (ImageInput, the product gallery, the project
 * images, the diagnostics test upload); the server checks the bytes again.
 */
export function imageFileProblem(
  file: Pick<File, 'type' | 'size'>,
  maxBytes: number = ADMIN_IMAGE_MAX_BYTES,
): string | undefined {
  if (!file.type.startsWith('image/')) return imageMessages.notAnImage;
  if (file.size > maxBytes) return imageMessages.tooLarge;
  return undefined;
}
