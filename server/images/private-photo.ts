import { IMAGE_WIDTHS, type ImageWidth } from '#shared/image-variants';
import { decodeForStorage } from './image-decode';
import { encodeForStorage } from './image-encode';
import type { FileStore } from '#server/storage/file-store';
import { randomName } from './random-name';

/**
 * A private photo (site updates): the same pipeline as every stored image (bytes checked,
 * pixel cap, orientation applied, raw pixels re-encoded so no EXIF, GPS, ICC or XMP
 * survives), but only the WebP variants are written, as `{name}-{width}.webp` in the given
 * private folder. No JPEG fallback: nothing serves it, and every phone browser reads WebP.
 */
export interface StoredPhoto {
  /** 16 lower-case letters and digits, server-generated. */
  name: string;
  /** Of the widest variant (at most 1280, never enlarged). */
  width: number;
  height: number;
}

export function photoFileName(name: string, width: ImageWidth): string {
  return `${name}-${width}.webp`;
}

/** The storage keys of every file of a stored photo under a folder's prefix, narrowest first. */
export function photoKeys(prefix: string, name: string): string[] {
  return IMAGE_WIDTHS.map((width) => `${prefix}${photoFileName(name, width)}`);
}

/** Stores the photo's variants under `prefix` (server/storage/keys.ts's sitePrefix). */
export async function processPrivatePhoto(
  input: Buffer,
  files: FileStore,
  prefix: string,
): Promise<StoredPhoto> {
  const decoded = await decodeForStorage(input);
  const encoded = await encodeForStorage(decoded);
  const name = randomName();
  await files.putAll(
    encoded.variants.map((variant) => ({
      key: `${prefix}${photoFileName(name, variant.width)}`,
      data: variant.data,
    })),
  );
  return { name, width: decoded.width, height: decoded.height };
}
