import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Pictures made on the spot for the tests: one colour, the size the test needs, encoded
 * by sharp; and a PNG that only claims a size (a decompression bomb's header).
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface SolidImage {
  width?: number;
  height?: number;
  color?: Rgb;
  /** Given: four channels with this opacity (0 to 1); absent: three channels. */
  alpha?: number;
}

/** A plain picture, 800 x 500 brick red unless told otherwise, for sharp to encode. */
export function solidImage({
  width = 800,
  height = 500,
  color = { r: 180, g: 90, b: 30 },
  alpha,
}: SolidImage = {}): sharp.Sharp {
  const background = alpha === undefined ? color : { ...color, alpha };
  return sharp({ create: { width, height, channels: alpha === undefined ? 3 : 4, background } });
}

export const jpeg = (image?: SolidImage): Promise<Buffer> => solidImage(image).jpeg().toBuffer();
export const png = (image?: SolidImage): Promise<Buffer> => solidImage(image).png().toBuffer();

/** A PNG chunk: length, type, data, CRC-32 over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let crc = 0xffffffff;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/** A tiny, well-formed PNG whose header claims width x height RGB pixels. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
