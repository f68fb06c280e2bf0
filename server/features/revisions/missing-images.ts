import { storedImageKeys } from '#server/images/image-paths';
import type { StorageLayout } from '#server/storage/layout';

/**
 * Whether a version's images are all still in the storage. They should be (a kept version
 * holds its images, docs/decisions/0040-revisions.md), but a file removed by hand or a
 * storage restored from an older backup must not give an item a broken picture: its
 * restore is refused instead.
 */
export async function imagesStored(layout: StorageLayout, images: readonly string[]): Promise<boolean> {
  for (const image of images) {
    let key: string | undefined;
    try {
      [key] = storedImageKeys(image, layout);
    } catch {
      return false;
    }
    if (!key || (await layout.files.read(key, 1)) === null) return false;
  }
  return true;
}
