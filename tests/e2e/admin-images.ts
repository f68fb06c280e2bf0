import sharp from 'sharp';

/** A file for Playwright's setInputFiles. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A real JPEG (the server checks the bytes and re-encodes with sharp). `noisy` makes it
 * large (random pixels do not compress), for uploads slow enough to watch the progress bar.
 */
export async function jpegFile(
  name: string,
  options: { width?: number; height?: number; noisy?: boolean; colour?: string } = {},
): Promise<UploadFile> {
  const width = options.width ?? 320;
  const height = options.height ?? 240;
  const image = options.noisy
    ? sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
        raw: { width, height, channels: 3 },
      })
    : sharp({ create: { width, height, channels: 3, background: options.colour ?? '#c0662b' } });
  return { name, mimeType: 'image/jpeg', buffer: await image.jpeg({ quality: 95 }).toBuffer() };
}
