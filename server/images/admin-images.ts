import { readFile } from 'node:fs/promises';
import { ValidationError } from '#server/errors';
import type { ImageKind, StorageLayout } from '#server/storage/layout';
import { deleteImage } from './delete-image';
import { storedImageKeys } from './image-paths';
import { detectImageFile } from './detect-type';
import { ImageRejectedError } from './image-errors';
import { processImage } from './pipeline';

/**
 * Images sent with an admin form (offers, products, promotions, projects): sniffed with the
 * other fields, stored through the one image pipeline, all or nothing, and removed again
 * when the row they were for is not written (conventions: files are kept only once the row
 * is committed). The upload itself is parsed by http/admin-image-upload.ts.
 */

/**
 * Whether an upload starts like a JPEG, PNG or WebP: checked with the other fields, so a
 * text file named .jpg is reported in the same answer as a too-short title. The pipeline
 * still decodes it fully before anything is stored.
 */
export async function looksLikeImage(file: Express.Multer.File): Promise<boolean> {
  return (await detectImageFile(file.path)) !== null;
}

export interface Upload {
  file: Express.Multer.File;
  /** The form field it came with, named in a 422 if the pipeline refuses it. */
  field: string;
}

/**
 * Stores the uploads one after the other (one decoded image in memory at a time) and
 * answers their stored paths, in order. If one is refused (422 naming its field) or
 * anything fails, those already stored are removed before the error goes on.
 */
export async function storeUploads(
  uploads: readonly Upload[],
  kind: ImageKind,
  layout: StorageLayout,
): Promise<string[]> {
  const stored: string[] = [];
  try {
    for (const { file, field } of uploads) {
      try {
        stored.push((await processImage(await readFile(file.path), kind, layout)).path);
      } catch (error) {
        if (error instanceof ImageRejectedError) throw new ValidationError({ [field]: [error.message] });
        throw error;
      }
    }
    return stored;
  } catch (error) {
    await discardImages(stored, layout);
    throw error;
  }
}

/** Where a failed clean-up is reported (the request's logger). */
export interface CleanupLog {
  warn(details: object, message: string): void;
}

/**
 * Removes stored images (fallback and variants). Called after a commit for the images a
 * row no longer uses, and after a failed write for the images just stored: a file that
 * cannot be removed is logged, never turned into a failure of a write that succeeded.
 */
export async function discardImages(
  paths: readonly (string | null | undefined)[],
  layout: StorageLayout,
  log?: CleanupLog,
): Promise<void> {
  const results = await Promise.allSettled(
    paths.filter((p): p is string => !!p).map((p) => deleteImage(p, layout)),
  );
  for (const result of results) {
    if (result.status === 'rejected') log?.warn({ err: result.reason }, 'image non supprimée');
  }
}

/**
 * Called before a delete touches the row: when the folders of these images refuse writes
 * (read-only or broken storage), the delete stops with a 503 and leaves both the row and
 * its files, instead of removing the row and leaving files nothing names any more
 * (docs/decisions/0012-shutdown-order-and-honest-faults.md).
 */
export async function ensureDiscardable(
  paths: readonly (string | null | undefined)[],
  layout: StorageLayout,
): Promise<void> {
  const folders = new Set<string>();
  for (const relPath of paths) {
    if (!relPath) continue;
    try {
      for (const key of storedImageKeys(relPath, layout)) folders.add(key.slice(0, key.lastIndexOf('/') + 1));
    } catch {
      // Not a stored image path: discardImages logs it, there is no folder to check.
    }
  }
  await layout.files.ensureWritable([...folders], { missingOk: true });
}

/** The one optional image of a row (promotions, testimonials), as its form sends it. */
export interface OptionalImage {
  /** The file sent, if any, and the form field it came with. */
  file: Express.Multer.File | undefined;
  field: string;
  /** The form asked to take the stored image away (a new file replaces it anyway). */
  remove?: boolean;
  /** The image the row names now (an update); absent on a creation. */
  current?: string | null;
}

/**
 * Writes a row with its one optional image, files following the row: the new file is
 * stored first; `write` receives the image column's next value (the new path, null when
 * the image is taken away, undefined when it stays); if `write` fails the new file is
 * removed, and once it succeeded the image the row no longer names is.
 */
export async function writeWithOptionalImage<T>(
  image: OptionalImage,
  kind: ImageKind,
  layout: StorageLayout,
  write: (next: string | null | undefined) => Promise<T>,
  log?: CleanupLog,
): Promise<T> {
  const [stored] = await storeUploads(
    image.file ? [{ file: image.file, field: image.field }] : [],
    kind,
    layout,
  );
  const next = stored ?? (image.remove ? null : undefined);
  let result: T;
  try {
    result = await write(next);
  } catch (error) {
    await discardImages([stored], layout, log);
    throw error;
  }
  if (next !== undefined) await discardImages([image.current], layout, log);
  return result;
}
