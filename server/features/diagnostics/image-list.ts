import type { StorageLayout } from '#server/storage/layout';
import { storedImageFiles } from './image-inventory';

/** Product rules, Entities. */
export interface ImageRecord {
  /** Where the browser finds it: the public storage link (product rules, Runtime). */
  url: string;
  /** Relative to storage/app/public, as image columns hold it. */
  path: string;
  /** Bytes. */
  size: number;
  /** Unix seconds (the screen multiplies by 1000, product rules, Limits and constants). */
  last_modified: number;
}

export interface ImageList {
  images: ImageRecord[];
  /** Every stored image, also those beyond the limit. */
  total: number;
  /** At most this many records are answered, the newest. */
  limit: number;
}

/**
 * GET /diagnostic/images: the stored images (fallback files, not their WebP variants),
 * newest first. The large demo seed holds thousands: the screen renders a preview per
 * card, so the answer is capped and says how many there are in all.
 */
export const IMAGE_LIST_LIMIT = 500;

export async function imageList(layout: StorageLayout, limit = IMAGE_LIST_LIMIT): Promise<ImageList> {
  const files = await storedImageFiles(layout.files);
  return {
    images: files.slice(0, limit).map((file) => ({
      url: `/storage/${file.path}`,
      path: file.path,
      size: file.size,
      last_modified: Math.floor(file.modifiedMs / 1000),
    })),
    total: files.length,
    limit,
  };
}
