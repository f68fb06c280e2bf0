import { IMAGE_WIDTHS, type ImageWidth } from '#shared/image-variants';

/**
 * A photo's file name in a URL: the 16-character server-generated name, a variant width and
 * `.webp`, nothing else (no dots, slashes or encodings to play with): anything else is a
 * 404 before any lookup.
 */
const PHOTO_FILE = /^([a-z0-9]{16})-(\d{3,4})\.webp$/;

export interface PhotoFile {
  name: string;
  width: ImageWidth;
}

export function parsePhotoFile(file: string): PhotoFile | null {
  const match = PHOTO_FILE.exec(file);
  if (!match) return null;
  const width = Number(match[2]);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  return { name: match[1]!, width: width as ImageWidth };
}
