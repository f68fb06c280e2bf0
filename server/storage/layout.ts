import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { FileStore } from './file-store';
import { localFileStore } from './local-file-store';

/**
 * Where files live under STORAGE_DIR (product rules, Runtime):
 *   app/public/<kind>/   public images, one folder per kind, served at /storage/...
 *   app/private/         never served statically:
 *     submissions/<id>/  a submission's attachments
 *     sites/<id>/        the photos of its site updates, served only under its tracking
 *                        link (docs/product-rules.md, "Site updates")
 *   tmp/                 multer's upload folder, on the same filesystem so a finished
 *                        upload is moved into place with a rename, never copied
 * and `public/storage` -> `storage/app/public`, the "public storage link" that the system
 * diagnostic reports and 'Réparer le stockage' recreates.
 */
export const IMAGE_KINDS = ['parcelle', 'fleet', 'bien', 'misc', 'products', 'projects', 'promotions', 'testimonials'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export interface StorageLayout {
  root: string;
  publicDir: string;
  privateDir: string;
  submissionsDir: string;
  /** Private folder of one submission's attachments. */
  submissionDir(submissionId: number): string;
  sitesDir: string;
  /** Private folder of the photos of one submission's site updates. */
  siteDir(submissionId: number): string;
  tmpDir: string;
  /** The `public/storage` link, next to the storage folder. */
  publicLink: string;
  imageDir(kind: ImageKind): string;
  /**
   * Where the stored files really are (docs/decisions/0024-object-storage.md): these
   * folders by default, a bucket with STORAGE_DRIVER=s3 (server/storage/storage-for.ts).
   * Only storage/tmp is always on this disk.
   */
  files: FileStore;
}

export function storageLayout(storageDir: string, files?: FileStore): StorageLayout {
  const root = path.resolve(storageDir);
  const publicDir = path.join(root, 'app', 'public');
  const privateDir = path.join(root, 'app', 'private');
  return {
    root,
    publicDir,
    privateDir,
    submissionsDir: path.join(privateDir, 'submissions'),
    submissionDir: (submissionId) => path.join(privateDir, 'submissions', String(submissionId)),
    sitesDir: path.join(privateDir, 'sites'),
    siteDir: (submissionId) => path.join(privateDir, 'sites', String(submissionId)),
    tmpDir: path.join(root, 'tmp'),
    publicLink: path.join(path.dirname(root), 'public', 'storage'),
    imageDir: (kind) => path.join(publicDir, kind),
    files: files ?? localFileStore(path.join(root, 'app')),
  };
}

export interface LinkState {
  exists: boolean;
  isSymlink: boolean;
  target: string | null;
}

export function inspectPublicLink(layout: StorageLayout): LinkState {
  if (!existsSync(layout.publicLink)) {
    // A dangling symlink is not "existing" but still occupies the name.
    try {
      const stat = lstatSync(layout.publicLink);
      return { exists: false, isSymlink: stat.isSymbolicLink(), target: readlinkSync(layout.publicLink) };
    } catch {
      return { exists: false, isSymlink: false, target: null };
    }
  }
  const stat = lstatSync(layout.publicLink);
  return {
    exists: true,
    isSymlink: stat.isSymbolicLink(),
    target: stat.isSymbolicLink() ? readlinkSync(layout.publicLink) : null,
  };
}

/**
 * Creates every folder under the storage folder, and nothing outside it: what a restore
 * needs (it writes only into the configured database and STORAGE_DIR; the public link is
 * the server's to make at its start).
 */
export function ensureStorageFolders(layout: StorageLayout): void {
  for (const dir of [layout.publicDir, layout.privateDir, layout.submissionsDir, layout.sitesDir, layout.tmpDir]) {
    mkdirSync(dir, { recursive: true });
  }
  for (const kind of IMAGE_KINDS) mkdirSync(layout.imageDir(kind), { recursive: true });
}

/**
 * Creates every folder and the public link, which sits beside the storage folder
 * (`public/storage`). Idempotent: boot and storage repair both call it.
 */
export function ensureStorageLayout(layout: StorageLayout): void {
  ensureStorageFolders(layout);

  const link = inspectPublicLink(layout);
  const wanted = path.relative(path.dirname(layout.publicLink), layout.publicDir);
  const pointsRight = link.isSymlink && link.target !== null &&
    path.resolve(path.dirname(layout.publicLink), link.target) === layout.publicDir;
  if (link.exists && pointsRight) return;
  if (link.isSymlink) rmSync(layout.publicLink, { force: true });
  else if (link.exists) return; // a real folder stands there: leave the operator's data alone
  mkdirSync(path.dirname(layout.publicLink), { recursive: true });
  symlinkSync(wanted, layout.publicLink, 'dir');
}
