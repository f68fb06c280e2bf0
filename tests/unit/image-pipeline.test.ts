import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageVariants } from '#shared/image-variants';
import { copyImage } from '#server/images/copy-image';
import { deleteImage } from '#server/images/delete-image';
import { detectImageType } from '#server/images/detect-type';
import { ImagePathError, ImageRejectedError } from '#server/images/image-errors';
import { processImage } from '#server/images/pipeline';
import { placeFiles } from '#server/storage/place-files';
import { ensureStorageLayout, storageLayout, type StorageLayout } from '#server/storage/layout';
import { pngClaiming, solidImage } from '../helpers/images';

let workDir: string;
let layout: StorageLayout;

beforeEach(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'image-pipeline-'));
  layout = storageLayout(path.join(workDir, 'storage'));
  ensureStorageLayout(layout);
});

afterEach(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function filesIn(kind: 'products' | 'projects' | 'misc'): string[] {
  return readdirSync(layout.imageDir(kind)).sort();
}

/** Orange, three channels; with an alpha, four. */
const solid = (width: number, height: number, alpha?: number) =>
  solidImage({ width, height, color: { r: 200, g: 120, b: 40 }, alpha });

async function rejectionCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).status).toBe(422);
    return (error as ImageRejectedError).code;
  }
  throw new Error('expected the image to be refused');
}

describe('imageVariants', () => {
  it('names the four WebP widths beside the fallback, keeping the folder', () => {
    expect(imageVariants('products/k3f9x2.jpg')).toEqual([
      { width: 320, path: 'products/k3f9x2-320.webp' },
      { width: 640, path: 'products/k3f9x2-640.webp' },
      { width: 960, path: 'products/k3f9x2-960.webp' },
      { width: 1280, path: 'products/k3f9x2-1280.webp' },
    ]);
  });
});

describe('detectImageType', () => {
  it('recognises JPEG, PNG and WebP by their bytes and nothing else', async () => {
    expect(detectImageType(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await solid(8, 8).png().toBuffer())).toBe('png');
    expect(detectImageType(await solid(8, 8).webp().toBuffer())).toBe('webp');
    expect(detectImageType(await solid(8, 8).gif().toBuffer())).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage refuses unusable input and writes nothing', () => {
  it('refuses a text file', async () => {
    expect(
      await rejectionCode(processImage(Buffer.from('bonjour, je ne suis pas une image'), 'products', layout)),
    ).toBe('NOT_AN_IMAGE');
    expect(filesIn('products')).toEqual([]);
  });

  it('refuses a GIF', async () => {
    const gif = await solid(40, 30).gif().toBuffer();
    expect(await rejectionCode(processImage(gif, 'products', layout))).toBe('NOT_AN_IMAGE');
    expect(filesIn('products')).toEqual([]);
  });

  it('refuses a truncated PNG', async () => {
    const png = await solid(400, 300).png().toBuffer();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect(detectImageType(truncated)).toBe('png');
    expect(await rejectionCode(processImage(truncated, 'products', layout))).toBe('NOT_AN_IMAGE');
    expect(filesIn('products')).toEqual([]);
  });

  it('refuses a PNG header claiming 50000 x 50000 from the header, without decoding', async () => {
    // If it were decoded, the 64 zero bytes of pixel data would fail as NOT_AN_IMAGE instead.
    expect(await rejectionCode(processImage(pngClaiming(50_000, 50_000), 'products', layout))).toBe(
      'TOO_MANY_PIXELS',
    );
    expect(filesIn('products')).toEqual([]);
  });

  it("applies its own 40 MP limit, well below sharp's default of 268 MP", async () => {
    expect(await rejectionCode(processImage(pngClaiming(8_000, 6_000), 'products', layout))).toBe(
      'TOO_MANY_PIXELS',
    );
  });
});

describe('processImage stores a clean image', () => {
  it('applies the EXIF orientation and strips the metadata', async () => {
    const rotated = await solid(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(rotated).metadata()).exif).toBeDefined();

    const { path: relPath } = await processImage(rotated, 'products', layout);
    const meta = await sharp(path.join(layout.publicDir, relPath)).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('writes a 1280 px fallback and every variant at its width under a random name', async () => {
    const { path: relPath } = await processImage(
      await solid(1600, 1000).jpeg().toBuffer(),
      'projects',
      layout,
    );
    expect(relPath).toMatch(/^projects\/[a-z0-9]{16}\.jpg$/);

    const fallback = await sharp(path.join(layout.publicDir, relPath)).metadata();
    expect(fallback.width).toBe(1280);
    expect(fallback.isProgressive).toBe(true);
    for (const variant of imageVariants(relPath)) {
      const meta = await sharp(path.join(layout.publicDir, variant.path)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
    }
    // Exactly the fallback and its four variants: no temporary file left behind.
    expect(filesIn('projects')).toHaveLength(1 + IMAGE_WIDTHS.length);
  });

  it('never enlarges a small picture', async () => {
    const { path: relPath } = await processImage(await solid(500, 250).png().toBuffer(), 'misc', layout);
    const widths = await Promise.all(
      imageVariants(relPath).map(
        async (v) => (await sharp(path.join(layout.publicDir, v.path)).metadata()).width,
      ),
    );
    expect(widths).toEqual([320, 500, 500, 500]);
  });

  it('keeps transparency in a PNG fallback and drops an alpha channel that is opaque everywhere', async () => {
    const transparent = await processImage(await solid(300, 200, 0.4).png().toBuffer(), 'misc', layout);
    expect(transparent.path).toMatch(/\.png$/);
    expect((await sharp(path.join(layout.publicDir, transparent.path)).metadata()).hasAlpha).toBe(true);

    const opaque = await processImage(await solid(300, 200, 1).png().toBuffer(), 'misc', layout);
    expect(opaque.path).toMatch(/\.jpg$/);
  });
});

describe('deleteImage and copyImage', () => {
  it('refuses a path leaving storage/app/public and touches nothing', async () => {
    const outside = path.join(layout.root, 'app', 'x.jpg');
    writeFileSync(outside, 'keep me');
    await expect(deleteImage('../x.jpg', layout)).rejects.toBeInstanceOf(ImagePathError);
    await expect(deleteImage('products/../../x.jpg', layout)).rejects.toBeInstanceOf(ImagePathError);
    await expect(deleteImage(outside, layout)).rejects.toBeInstanceOf(ImagePathError);
    expect(existsSync(outside)).toBe(true);
  });

  it('removes the fallback and all variants of one image, and only those', async () => {
    const kept = await processImage(await solid(700, 400).jpeg().toBuffer(), 'products', layout);
    const removed = await processImage(await solid(700, 400).jpeg().toBuffer(), 'products', layout);
    await deleteImage(removed.path, layout);

    const expectedLeft = [kept.path, ...imageVariants(kept.path).map((v) => v.path)].map((p) =>
      path.basename(p),
    );
    expect(filesIn('products')).toEqual(expectedLeft.sort());
  });

  it('copies an image with all its variants under a fresh name', async () => {
    const original = await processImage(await solid(700, 400).jpeg().toBuffer(), 'products', layout);
    const copy = await copyImage(original.path, 'misc', layout);
    expect(copy.path).not.toBe(original.path);
    expect(copy.path.startsWith('misc/')).toBe(true);
    for (const p of [copy.path, ...imageVariants(copy.path).map((v) => v.path)]) {
      expect(existsSync(path.join(layout.publicDir, p))).toBe(true);
    }
  });
});

describe('placeFiles', () => {
  it('removes everything it wrote when one file fails', async () => {
    const dir = layout.imageDir('misc');
    const failure = placeFiles([
      { target: path.join(dir, 'a.jpg'), write: (tmp) => writeFile(tmp, 'a') },
      { target: path.join(dir, 'b.webp'), write: (tmp) => writeFile(tmp, 'b') },
      {
        target: path.join(dir, 'c.webp'),
        write: async (tmp) => {
          await writeFile(tmp, 'c');
          throw new Error('disque plein');
        },
      },
    ]);
    await expect(failure).rejects.toThrow('disque plein');
    expect(filesIn('misc')).toEqual([]);
  });
});
