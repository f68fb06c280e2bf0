import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { imageVariants } from '#shared/image-variants';
import type { ImageKind, StorageLayout } from '#server/storage/layout';
import { decodeForStorage } from './image-decode';
import { encodeForStorage } from './image-encode';
import { storedImagePath } from './image-paths';
import { placeFiles } from './place-files';
import { randomName } from './random-name';

export interface StoredImage {
  /** Relative to storage/app/public, e.g. `products/k3f9x2.jpg`; what image columns hold. */
  path: string;
}

/**
 * The one way an image enters storage (product rules, Security): bytes checked, pixel count
 * capped before decoding, EXIF orientation applied, metadata stripped, a fallback at most
 * 1280 px wide (JPEG, or PNG when transparent) plus WebP variants for every IMAGE_WIDTHS
 * entry, all under a server-generated name. Throws ImageRejectedError for unusable input.
 */
export async function processImage(
  input: Buffer,
  kind: ImageKind,
  layout: StorageLayout,
): Promise<StoredImage> {
  const encoded = await encodeForStorage(await decodeForStorage(input));
  const relPath = storedImagePath(kind, `${randomName()}.${encoded.extension}`);
  const dir = layout.imageDir(kind);
  const variantData = new Map(encoded.variants.map((v) => [v.width, v.data]));
  const files = [
    { relPath, data: encoded.fallback },
    ...imageVariants(relPath).map((v) => ({ relPath: v.path, data: variantData.get(v.width)! })),
  ];
  await placeFiles(
    files.map((file) => ({
      target: path.join(dir, path.basename(file.relPath)),
      write: (tmp: string) => writeFile(tmp, file.data, { flag: 'wx' }),
    })),
  );
  return { path: relPath };
}
