import type { Readable } from 'node:stream';

/**
 * Every stored file of the site goes through one FileStore (docs/decisions/0024-object-storage.md):
 * public images and their variants, private attachments, site photos. Keys are paths
 * relative to storage/app with forward slashes, the same whatever the driver
 * (server/storage/keys.ts builds them):
 *   public/<kind>/<file>             public images
 *   private/submissions/<id>/<file>  a submission's attachments
 *   private/sites/<id>/<file>        the photos of its site updates
 * Two drivers: `local` (files under STORAGE_DIR/app, the default) and `s3` (objects in an
 * S3-compatible bucket, shared by several instances). Uploads always land in storage/tmp
 * first (multer) and are then put into the store.
 */
export interface StoredFileInfo {
  key: string;
  size: number;
  modified: Date;
}

export interface OpenedFile {
  /** The bytes; destroying it closes the file or the connection. */
  body: Readable;
  size: number;
  modified: Date;
  /** The object's ETag, quotes included (S3); null on the local driver. */
  etag: string | null;
}

export type FileToStore =
  | { key: string; data: Buffer }
  /** A file on disk (an upload in storage/tmp): consumed, moved or uploaded then removed. */
  | { key: string; fromFile: string };

export interface FileStore {
  readonly driver: 'local' | 's3';
  /** Stores every file or none: on failure, those already stored are removed again. */
  putAll(files: readonly FileToStore[]): Promise<void>;
  /** Null when there is no such file. */
  open(key: string): Promise<OpenedFile | null>;
  /** The first `length` bytes (all when absent); null when there is no such file. */
  read(key: string, length?: number): Promise<Buffer | null>;
  /** Every file whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<StoredFileInfo[]>;
  /** Missing files are not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every file under `prefix` (a folder: ends with '/', or '' for everything). */
  removeAll(prefix: string): Promise<void>;
  /**
   * Throws ServiceUnavailableError('storage') when writes under these prefixes would fail
   * (a read-only folder, an unreachable or read-only bucket). `missingOk`: a local folder
   * that does not exist holds nothing to delete, so it passes.
   */
  ensureWritable(prefixes: readonly string[], options?: { missingOk?: boolean }): Promise<void>;
  /** The file's absolute path on the local driver (served with sendFile), null on s3. */
  localPath(key: string): string | null;
}
