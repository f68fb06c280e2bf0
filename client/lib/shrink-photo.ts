import { encodeSmall, smallEnough, type ShrinkOutput } from './shrink-steps';

/**
 * Makes a phone's photo small before it leaves the browser (docs/decisions/0046-site-updates-offline.md):
 * decoded with its orientation applied, re-encoded at most 2,560 px on its long side,
 * WebP where supported or JPEG, quality 0.85 (lower only when it still weighs more than
 * 1.2 MB), in a Web Worker with an OffscreenCanvas, or on the main thread's canvas where
 * the browser has none. A photo already that small, or one the browser cannot decode, is
 * returned as it is, for the usual checks. A canvas copies pixels only: the copy carries no
 * EXIF (no GPS position); the server's pipeline re-encodes and strips metadata anyway.
 *
 * Loaded by the back office's forms (its bundle), and by the project request form only
 * when a visitor sends a JPEG (a chunk of its own, `output: 'jpeg'`: the attachments take
 * no WebP), never with a public page's first script (docs/decisions/0048-visitor-photos-shrunk.md).
 */
export async function shrinkPhoto(file: File, output: ShrinkOutput = 'webp-or-jpeg'): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  let blob: Blob | null;
  try {
    blob =
      typeof Worker === 'function' && typeof OffscreenCanvas === 'function'
        ? await inWorker(file, output)
        : await onMainThread(file, output);
  } catch {
    return file;
  }
  if (!blob || blob.size >= file.size) return file;
  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
  const name = `${file.name.replace(/\.[^.]*$/, '')}.${extension}`;
  return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
}

function inWorker(file: File, output: ShrinkOutput): Promise<Blob | null> {
  const worker = new Worker(new URL('./shrink-photo.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Blob | null>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ blob?: Blob | null; error?: string }>) =>
      event.data.error === undefined ? resolve(event.data.blob ?? null) : reject(new Error(event.data.error));
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ file, output });
  }).finally(() => worker.terminate());
}

async function onMainThread(file: File, output: ShrinkOutput): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    if (smallEnough(bitmap.width, bitmap.height, file.size)) return null;
    return await encodeSmall(
      bitmap,
      (width, height) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        return {
          width,
          height,
          draw: (source) => canvas.getContext('2d')?.drawImage(source, 0, 0, width, height),
          encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)),
        };
      },
      output,
    );
  } finally {
    bitmap.close();
  }
}
