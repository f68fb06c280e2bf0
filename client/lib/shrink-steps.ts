/**
 * How a photo is made small before it leaves the browser (client/lib/shrink-photo.ts):
 * at most 2,560 px on its long side, quality 0.85, WebP where the browser encodes it, JPEG
 * otherwise. A photo whose bytes are still over the budget (a very detailed one) is
 * encoded again, lower, until it fits: a 6 MB camera photo sends at most 1.2 MB. Shared by
 * the worker and the main thread's fallback, so both make the same file.
 */
export const SHRINK_LONG_SIDE = 2560;
export const SHRINK_QUALITY = 0.85;
/** 1.2 MB, less room for the other fields of the multipart body. */
export const SHRINK_MAX_BYTES = 1_200_000 - 16_384;

export const SHRINK_STEPS: ReadonlyArray<{ side: number; quality: number }> = [
  { side: SHRINK_LONG_SIDE, quality: SHRINK_QUALITY },
  { side: SHRINK_LONG_SIDE, quality: 0.72 },
  { side: 2048, quality: 0.72 },
  { side: 1600, quality: 0.7 },
  { side: 1280, quality: 0.65 },
];

/** Already small enough: sent as it is (the server's pipeline re-encodes and strips it anyway). */
export function smallEnough(width: number, height: number, bytes: number): boolean {
  return Math.max(width, height) <= SHRINK_LONG_SIDE && bytes <= SHRINK_MAX_BYTES;
}

export function scaledSize(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A canvas of either kind, reduced to what the steps need. */
export interface DrawSurface {
  width: number;
  height: number;
  draw(bitmap: ImageBitmap): void;
  encode(type: string, quality: number): Promise<Blob | null>;
}

/** What the file may become: the back office takes WebP; a visitor's attachments only JPEG. */
export type ShrinkOutput = 'webp-or-jpeg' | 'jpeg';

/**
 * Encodes the bitmap along the steps until one fits the budget; the last one otherwise.
 * WebP when allowed and the browser's encoder gives WebP back (Safari answers PNG for it), else JPEG.
 */
export async function encodeSmall(
  bitmap: ImageBitmap,
  surfaceOf: (width: number, height: number) => DrawSurface,
  output: ShrinkOutput = 'webp-or-jpeg',
): Promise<Blob | null> {
  let type = output === 'jpeg' ? 'image/jpeg' : 'image/webp';
  let last: Blob | null = null;
  for (const step of SHRINK_STEPS) {
    const size = scaledSize(bitmap.width, bitmap.height, step.side);
    const surface = surfaceOf(size.width, size.height);
    surface.draw(bitmap);
    let blob = await surface.encode(type, step.quality);
    if (!blob || blob.type !== type) {
      type = 'image/jpeg';
      blob = await surface.encode(type, step.quality);
    }
    if (!blob) return last;
    last = blob;
    if (blob.size <= SHRINK_MAX_BYTES) return blob;
  }
  return last;
}
