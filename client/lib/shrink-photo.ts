import { encodeSmall, smallEnough } from './shrink-steps';

/**
 * Makes a phone's photo small before it leaves the browser (docs/decisions/0046-site-updates-offline.md):
 * decoded with its orientation applied, re-encoded at most 2,560 px on its long side,
 * WebP where supported or JPEG, quality 0.85 (lower only when it still weighs more than
 * 1.2 MB), in a Web Worker with an OffscreenCanvas, or on the main thread's canvas where
 * the browser has none. A photo already that small, or one the browser cannot decode, is
 * returned as it is, for the usual checks. A canvas copies pixels only: the copy carries no
 * EXIF (no GPS position); the server's pipeline re-encodes and strips metadata anyway.
 *
 * Loaded only by the back office's forms (its bundle), never by a public page's.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  let blob: Blob | null;
  try {
    blob =
      typeof Worker === 'function' && typeof OffscreenCanvas === 'function'
        ? await inWorker(file)
        : await onMainThread(file);
  } catch {
    return file;
  }
  if (!blob || blob.size >= file.size) return file;
  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
  const name = `${file.name.replace(/\.[^.]*$/, '')}.${extension}`;
  return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
}

function inWorker(file: File): Promise<Blob | null> {
  const worker = new Worker(new URL('./shrink-photo.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Blob | null>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ blob?: Blob | null; error?: string }>) =>
      event.data.error === undefined ? resolve(event.data.blob ?? null) : reject(new Error(event.data.error));
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ file });
  }).finally(() => worker.terminate());
}

async function onMainThread(file: File): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    if (smallEnough(bitmap.width, bitmap.height, file.size)) return null;
    return await encodeSmall(bitmap, (width, height) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      return {
        width,
        height,
        draw: (source) => canvas.getContext('2d')?.drawImage(source, 0, 0, width, height),
        encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)),
      };
    });
  } finally {
    bitmap.close();
  }
}
