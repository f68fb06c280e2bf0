import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureStorageLayout, storageLayout } from '#server/storage/layout';
import { sweepSitePhotoLeftovers } from '#server/storage/sweep-tmp';

/** The start-up sweep of the site-photo folders: a killed upload's temporary files go, photos stay. */
describe('sweepSitePhotoLeftovers', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('removes placement leftovers in every request folder and keeps the photos', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'chantiers-'));
    roots.push(root);
    const layout = storageLayout(path.join(root, 'storage'));
    ensureStorageLayout(layout);
    const dir = layout.siteDir(7);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'abcdefghij012345-320.webp'), 'photo');
    writeFileSync(path.join(dir, '.abcdefghij012345-640.webp.0123456789ab.tmp'), 'à moitié');

    expect(await sweepSitePhotoLeftovers(layout)).toEqual([
      path.join('7', '.abcdefghij012345-640.webp.0123456789ab.tmp'),
    ]);
    expect(readdirSync(dir)).toEqual(['abcdefghij012345-320.webp']);
  });

  it('answers nothing when the folder does not exist yet', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'chantiers-'));
    roots.push(root);
    expect(await sweepSitePhotoLeftovers(storageLayout(path.join(root, 'absent')))).toEqual([]);
  });
});
