import sharp from 'sharp';
import { detectImageType } from './detect-type';
import { ImageRejectedError } from './image-errors';

/**
 * Any image above this many pixels is refused from its header, before a single pixel is
 * decoded: a 1 KB PNG may claim 50000 x 50000 and would otherwise cost gigabytes.
 * 40 MP is above any phone camera in use and far below what would exhaust the server.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Widest stored file: the fallback and the largest WebP variant. */
export const MAX_STORED_WIDTH = 1280;

export interface DecodedImage {
  /** 8-bit sRGB pixels, upright, at most MAX_STORED_WIDTH wide; no metadata survives. */
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
  /** True only when some pixel is actually transparent (an opaque alpha channel is dropped). */
  hasAlpha: boolean;
}

// sharp's wording for limitInputPixels; it is checked on the header, before decoding.
const PIXEL_LIMIT_MESSAGE = /exceeds pixel limit/i;

function isFullyOpaque(data: Buffer): boolean {
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] !== 255) return false;
  }
  return true;
}

/**
 * Checks the bytes, then decodes once: EXIF orientation applied, shrunk to the stored
 * width (never enlarged), converted to sRGB. Every encoder works from these raw pixels,
 * so a large upload is decoded a single time.
 */
export async function decodeForStorage(input: Buffer): Promise<DecodedImage> {
  if (detectImageType(input) === null) throw new ImageRejectedError('NOT_AN_IMAGE');
  try {
    // failOn 'error': camera files with harmless warnings pass, truncated files do not.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const channels = info.channels === 4 ? 4 : 3;
    return {
      data,
      width: info.width,
      height: info.height,
      channels,
      hasAlpha: channels === 4 && !isFullyOpaque(data),
    };
  } catch (error) {
    if (error instanceof Error && PIXEL_LIMIT_MESSAGE.test(error.message)) {
      throw new ImageRejectedError('TOO_MANY_PIXELS', { cause: error });
    }
    throw new ImageRejectedError('NOT_AN_IMAGE', { cause: error });
  }
}
