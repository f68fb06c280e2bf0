import { encodeSmall, smallEnough, type ShrinkOutput } from './shrink-steps';

/**
 * The photo's decoding and encoding off the main thread (client/lib/shrink-photo.ts): a
 * 12-megapixel photo takes a phone a second or more, during which the form keeps
 * answering. Answers `{ blob }`, `{ blob: null }` when the photo is left as it is, or
 * `{ error }` when the browser cannot decode it.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<{ file: File; output?: ShrinkOutput }>) => void) | null;
  postMessage(message: unknown): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  void shrink(event.data.file, event.data.output).then(
    (blob) => scope.postMessage({ blob }),
    (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
};

async function shrink(file: File, output?: ShrinkOutput): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    if (smallEnough(bitmap.width, bitmap.height, file.size)) return null;
    return await encodeSmall(
      bitmap,
      (width, height) => {
        const canvas = new OffscreenCanvas(width, height);
        return {
          width,
          height,
          draw: (source) => canvas.getContext('2d')?.drawImage(source, 0, 0, width, height),
          encode: (type, quality) => canvas.convertToBlob({ type, quality }).catch(() => null),
        };
      },
      output,
    );
  } finally {
    bitmap.close();
  }
}
