import sharp from 'sharp';
import { copyImage } from '#server/images/copy-image';
import { deleteImage } from '#server/images/delete-image';
import { processImage } from '#server/images/pipeline';
import type { ImageKind, StorageLayout } from '#server/storage/layout';
import { DRAWINGS, type DrawingName } from './drawings/registry';
import { IMAGE_CONCURRENCY, mapLimit } from './map-limit';

export interface ImageRequest {
  drawing: DrawingName;
  kind: ImageKind;
}

/**
 * Turns drawings into stored images. Every picture goes through processImage, exactly
 * like an upload, so its WebP variants exist; each call stores a new copy, so every row
 * owns its files. Remembers what it wrote, so a seeding step that fails can remove them.
 */
export class DemoImages {
  private readonly written: string[] = [];

  constructor(private readonly layout: StorageLayout) {}

  /** Renders a drawing to PNG: lossless, the pipeline does the only lossy encoding. */
  private async render(name: DrawingName): Promise<Buffer> {
    const { svg } = DRAWINGS[name]();
    return sharp(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();
  }

  /**
   * Stores one image per request, in order. A drawing asked twice for the same kind is
   * encoded once and copied for the second row: same files, half the work.
   */
  async storeAll(requests: readonly ImageRequest[]): Promise<string[]> {
    const key = (r: ImageRequest) => `${r.kind}/${r.drawing}`;
    const unique = [...new Map(requests.map((r) => [key(r), r])).values()];
    const encoded = await mapLimit(unique, IMAGE_CONCURRENCY, async (request) => {
      const { path } = await processImage(await this.render(request.drawing), request.kind, this.layout);
      this.written.push(path);
      return path;
    });
    const first = new Map(unique.map((r, i) => [key(r), encoded[i]!]));
    const used = new Set<string>();
    const results: string[] = [];
    for (const request of requests) {
      const path = first.get(key(request))!;
      if (!used.has(path)) {
        used.add(path);
        results.push(path);
      } else {
        results.push((await this.copyAll([{ from: path, kind: request.kind }]))[0]!);
      }
    }
    return results;
  }

  /** New files (fallback and variants) for an image already stored: cheap reuse. */
  async copyAll(requests: readonly { from: string; kind: ImageKind }[]): Promise<string[]> {
    // Copies are disk-bound, not CPU-bound: more of them may run at once.
    return mapLimit(requests, 16, async (request) => {
      const { path } = await copyImage(request.from, request.kind, this.layout);
      this.written.push(path);
      return path;
    });
  }

  /** A checkpoint: images written after it are the ones `discardSince` removes. */
  mark(): number {
    return this.written.length;
  }

  async discardSince(mark: number): Promise<void> {
    const paths = this.written.splice(mark);
    await Promise.all(paths.map((path) => deleteImage(path, this.layout)));
  }
}
