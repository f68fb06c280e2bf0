import { open } from 'node:fs/promises';

/**
 * Uploads are judged by their bytes, never by their name or declared type (product rules,
 * "Security"). Only the three formats the pipeline accepts are recognised; everything
 * else (GIF, SVG, HEIC, PDF, text...) is null.
 */
export type DetectedImageType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(buffer: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (buffer.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => buffer[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

export function detectImageType(buffer: Uint8Array): DetectedImageType | null {
  // JPEG: SOI marker followed by the start of another marker.
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buffer, PNG_SIGNATURE)) return 'png';
  // WebP: a RIFF container whose form type is WEBP.
  if (startsWith(buffer, ascii('RIFF')) && startsWith(buffer, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Enough bytes for every signature above (WebP's form type ends at byte 12). */
const SIGNATURE_BYTES = 16;

/** detectImageType on the first bytes of a file on disk (an upload, a stored image). */
export async function detectImageFile(filePath: string): Promise<DetectedImageType | null> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SIGNATURE_BYTES, 0);
    return detectImageType(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
