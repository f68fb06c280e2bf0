import { readFile } from 'node:fs/promises';
import { ValidationError } from '#server/errors';
import type { CleanupLog } from '#server/images/admin-images';
import { ImageRejectedError } from '#server/images/image-errors';
import { photoKeys, processPrivatePhoto, type StoredPhoto } from '#server/images/private-photo';
import { sitePrefix } from '#server/storage/keys';
import type { StorageLayout } from '#server/storage/layout';
import { PHOTOS_FIELD } from './site-update-uploads';

/**
 * Site photos in storage, under private/sites/{submissionId}/ (never under public/, so nothing serves them but their tracking link's route). Stored one after the
 * other (one decoded photo in memory at a time), all or nothing.
 */
export async function storeSitePhotos(
  files: readonly Express.Multer.File[],
  submissionId: number,
  layout: StorageLayout,
): Promise<StoredPhoto[]> {
  if (files.length === 0) return [];
  const prefix = sitePrefix(submissionId);
  const stored: StoredPhoto[] = [];
  return discardingOnFailure(stored, submissionId, layout, async () => {
    for (const file of files) {
      try {
        stored.push(await processPrivatePhoto(await readFile(file.path), layout.files, prefix));
      } catch (error) {
        if (error instanceof ImageRejectedError)
          throw new ValidationError({ [PHOTOS_FIELD]: [error.message] });
        throw error;
      }
    }
    return stored;
  });
}

/**
 * Runs `work` (storing the photos, or the write that records them); if it fails, the photos
 * in `stored` by then are removed before the failure goes on: all or nothing.
 */
export async function discardingOnFailure<T>(
  stored: readonly StoredPhoto[],
  submissionId: number,
  layout: StorageLayout,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardSitePhotos(
      stored.map((photo) => photo.name),
      submissionId,
      layout,
    );
    throw error;
  }
}

/** Removes every variant of these photos; a file that resists is logged, never a failure of a write that succeeded. */
export async function discardSitePhotos(
  names: readonly string[],
  submissionId: number,
  layout: StorageLayout,
  log?: CleanupLog,
): Promise<void> {
  const prefix = sitePrefix(submissionId);
  const results = await Promise.allSettled(names.map((name) => layout.files.remove(photoKeys(prefix, name))));
  for (const result of results) {
    if (result.status === 'rejected') log?.warn({ err: result.reason }, 'photo de chantier non supprimée');
  }
}
