import { imageVariants } from '#shared/image-variants';
import type { ImageKind, StorageLayout } from '#server/storage/layout';
import { decodeForStorage } from './image-decode';
import { encodeForStorage } from './image-encode';
import { storedImagePath } from './image-paths';
import { publicKey } from '#server/storage/keys';
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
  const variantData = new Map(encoded.variants.map((v) => [v.width, v.data]));
  const files = [
    { relPath, data: encoded.fallback },
    ...imageVariants(relPath).map((v) => ({ relPath: v.path, data: variantData.get(v.width)! })),
  ];
  await layout.files.putAll(files.map((file) => ({ key: publicKey(file.relPath), data: file.data })));
  return { path: relPath };
}
