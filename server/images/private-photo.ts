import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, type ImageWidth } from '#shared/image-variants';
import { decodeForStorage } from './image-decode';
import { encodeForStorage } from './image-encode';
import { placeFiles } from './place-files';
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

/** Every file of a stored photo, absolute, narrowest first. */
export function photoFiles(dir: string, name: string): string[] {
  return IMAGE_WIDTHS.map((width) => path.join(dir, photoFileName(name, width)));
}

export async function processPrivatePhoto(input: Buffer, dir: string): Promise<StoredPhoto> {
  const decoded = await decodeForStorage(input);
  const encoded = await encodeForStorage(decoded);
  const name = randomName();
  await placeFiles(
    encoded.variants.map((variant) => ({
      target: path.join(dir, photoFileName(name, variant.width)),
      write: (tmp: string) => writeFile(tmp, variant.data, { flag: 'wx' }),
    })),
  );
  return { name, width: decoded.width, height: decoded.height };
}
