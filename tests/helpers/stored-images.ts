import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { imageVariants } from '#shared/image-variants';
import type { StorageLayout } from '#server/storage/layout';

/**
 * Checks on the files an admin upload leaves on disk. The layout is asked for when a check
 * runs, since it is made in beforeAll:
 *
 *   const { expectStored, expectGone, expectTmpEmpty } = storedImageChecks(() => layout);
 */
export function storedImageChecks(layoutOf: () => StorageLayout) {
  /** The fallback and every WebP variant of a stored image, as absolute paths. */
  const storedFiles = (image: string) =>
    [image, ...imageVariants(image).map((v) => v.path)].map((p) => path.join(layoutOf().publicDir, p));

  return {
    expectStored(image: string): void {
      for (const file of storedFiles(image)) expect(existsSync(file), file).toBe(true);
    },
    expectGone(image: string): void {
      for (const file of storedFiles(image)) expect(existsSync(file), file).toBe(false);
    },
    /**
     * Moved to the trash (docs/decisions/0039-trash.md): gone from storage/app/public, every
     * file under storage/app/trash/public instead.
     */
    expectTrashed(image: string): void {
      for (const file of storedFiles(image)) expect(existsSync(file), file).toBe(false);
      const aside = path.join(layoutOf().root, 'app', 'trash', 'public');
      for (const file of [image, ...imageVariants(image).map((v) => v.path)])
        expect(existsSync(path.join(aside, file)), file).toBe(true);
    },
    /** The multipart parser removes its temp files when the response closes: give it a moment. */
    async expectTmpEmpty(): Promise<void> {
      const { tmpDir } = layoutOf();
      for (let i = 0; i < 50 && readdirSync(tmpDir).length > 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(readdirSync(tmpDir)).toEqual([]);
    },
  };
}
