import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';

/**
 * A phone's camera makes photos of 3 to 6 MB, over the back office's 2 MB image limit, and
 * a building site's connection is slow. The server keeps at most 1280 px anyway, so a photo
 * over the limit is redrawn in the browser (orientation applied) at 2048 px on its long
 * side, then smaller, as a JPEG, until it fits: the limit's message only remains for a
 * photo that still does not. A canvas copies pixels only, so the copy sent carries no EXIF
 * (the GPS position stays on the phone). Anything the browser cannot decode is returned
 * as it is, for the usual checks to refuse.
 */
const SIDES = [2048, 1600, 1280];
const QUALITY = 0.82;

export async function shrinkPhoto(file: File, maxBytes = ADMIN_IMAGE_MAX_BYTES): Promise<File> {
  if (file.size <= maxBytes || !file.type.startsWith('image/') || typeof createImageBitmap !== 'function')
    return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    for (const side of SIDES) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
      if (blob && blob.size <= maxBytes) {
        const name = `${file.name.replace(/\.[^.]*$/, '')}.jpg`;
        return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
    return file;
  } finally {
    bitmap.close();
  }
}
