import type { Request } from 'express';
import { imageMessages } from '#shared/schemas/images';
import { GALLERY_MAX, productMessages, productSchema, type ProductInput } from '#shared/schemas/product';
import type { FieldErrors } from '#server/errors';
import { addError, parseForm, withAliases } from '#server/http/form-input';
import { filesOf, type FileField } from '#server/http/uploads';
import { looksLikeImage } from '#server/images/admin-images';

/**
 * The product form as it arrives (product rules, API, form data): fields read by the shared
 * schema, files `image` (one) and `gallery[]` (up to 6; `gallery` without brackets too).
 * A file whose bytes are no image is reported in the same 422 as the field errors.
 */
const GALLERY_TOO_MANY = { field: 'gallery', message: productMessages.galleryTooMany };

export const PRODUCT_FILE_FIELDS: FileField[] = [
  { name: 'image', maxCount: 1, tooMany: { field: 'image', message: productMessages.imageTooMany } },
  { name: 'gallery[]', maxCount: GALLERY_MAX, tooMany: GALLERY_TOO_MANY },
  { name: 'gallery', maxCount: GALLERY_MAX, tooMany: GALLERY_TOO_MANY },
];

/** The detail sample of product rules, Entities spells these in camelCase. */
const ALIASES = { oldPrice: 'old_price', longDescription: 'long_description' };

export interface ProductUploads {
  image?: Express.Multer.File;
  gallery: Express.Multer.File[];
}

export interface ProductForm {
  input: ProductInput;
  uploads: ProductUploads;
}

export async function readProductForm(req: Request): Promise<ProductForm> {
  const uploads: ProductUploads = {
    image: filesOf(req, 'image')[0],
    gallery: [...filesOf(req, 'gallery[]'), ...filesOf(req, 'gallery')],
  };
  const fileErrors: FieldErrors = {};
  if (uploads.image && !(await looksLikeImage(uploads.image)))
    addError(fileErrors, 'image', imageMessages.notAnImage);
  for (const file of uploads.gallery) {
    if (!(await looksLikeImage(file))) addError(fileErrors, 'gallery', imageMessages.notAnImage);
  }
  if (uploads.gallery.length > GALLERY_MAX) addError(fileErrors, 'gallery', productMessages.galleryTooMany);
  return { input: parseForm(productSchema, withAliases(req.body, ALIASES), fileErrors), uploads };
}
