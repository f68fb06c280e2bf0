import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '#server/config';
import { ServiceUnavailableError } from '#server/errors';
import type { FileStore, FileToStore, OpenedFile, StoredFileInfo } from './file-store';

/**
 * The `s3` driver (docs/decisions/0024-object-storage.md): every file an object of one
 * bucket of any S3-compatible service (AWS, MinIO, Cloudflare R2, Backblaze B2), under the
 * same keys as the local folders. The bucket stays private: objects are read by the app
 * and answered by it, never through a public address of the bucket.
 *
 * A bucket that does not answer, refuses the credentials or fails a request is a storage
 * outage: ServiceUnavailableError('storage'), a 503 with Retry-After, like a read-only
 * disk (docs/decisions/0012-shutdown-order-and-honest-faults.md). A missing object is not
 * an error (null, or nothing to remove).
 */

/** A request that hangs costs at most this (a slow download keeps its socket while bytes flow). */
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  dwg: 'image/vnd.dwg',
};

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

function unavailable(error: unknown): ServiceUnavailableError {
  return Object.assign(new ServiceUnavailableError('storage'), { cause: error });
}

export function s3Client(config: S3StorageConfig): S3Client {
  // The SDK warns on every start of a Node below 22 about its releases of 2027; the
  // lockfile pins this one, and moving Node is the project's decision, not a log line's.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the API demands them: the SDK's default since 2025 sends a
    // stream as aws-chunked with a trailing CRC, which several S3-compatible services (and
    // s3rver, the tests' server) store as the object's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

export interface S3FileStore extends FileStore {
  readonly driver: 's3';
  /** For the diagnostic and readiness: the bucket answers, and takes a write and a delete. */
  check(): Promise<{ reachable: boolean; writable: boolean; error: string | null }>;
}

export function s3FileStore(config: S3StorageConfig, client: S3Client = s3Client(config)): S3FileStore {
  const Bucket = config.bucket;

  async function send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async function put(file: FileToStore): Promise<void> {
    const ContentType = contentTypeOf(file.key);
    if ('data' in file) {
      await client.send(new PutObjectCommand({ Bucket, Key: file.key, Body: file.data, ContentType }));
      return;
    }
    const { size } = await stat(file.fromFile);
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: file.key,
        Body: createReadStream(file.fromFile),
        ContentLength: size,
        ContentType,
      }),
    );
  }

  async function removeKeys(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const answer = await send(() =>
        client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        ),
      );
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) throw unavailable(new Error(`${failed[0]!.Key}: ${failed[0]!.Code}`));
    }
  }

  async function list(prefix: string): Promise<StoredFileInfo[]> {
    const found: StoredFileInfo[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await send(() =>
        client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })),
      );
      for (const object of page.Contents ?? [])
        if (object.Key)
          found.push({ key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) });
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * A probe object written then removed: what an upload and a delete do. The delete is
   * sent even when the put failed: a put that timed out may still have been stored, and a
   * refused probe must leave nothing in the bucket. The put's error is the one reported.
   */
  async function probeWrite(): Promise<void> {
    const Key = `private/.probe-${randomBytes(6).toString('hex')}`;
    let putError: unknown = null;
    try {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok' }));
    } catch (error) {
      putError = error ?? new Error('PutObject refusé');
    }
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (putError === null) throw error;
    }
    if (putError !== null) throw putError;
  }

  return {
    driver: 's3',

    async putAll(files) {
      const results = await Promise.allSettled(files.map(put));
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failure) {
        const stored = files.filter((_, i) => results[i]!.status === 'fulfilled').map((f) => f.key);
        await removeKeys(stored).catch(() => undefined);
        throw unavailable(failure.reason);
      }
      // Uploaded: the temporary files are not needed any more (the local driver moved them).
      await Promise.all(
        files.map((file) => ('fromFile' in file ? rm(file.fromFile, { force: true }) : undefined)),
      );
    },

    async open(key): Promise<OpenedFile | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: answer.Body as Readable,
          size: answer.ContentLength ?? 0,
          modified: answer.LastModified ?? new Date(0),
          etag: answer.ETag ?? null,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
    },

    async read(key, length) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(length !== undefined ? { Range: `bytes=0-${Math.max(0, length - 1)}` } : {}),
          }),
        );
        const bytes = Buffer.from(await answer.Body!.transformToByteArray());
        return length === undefined ? bytes : bytes.subarray(0, length);
      } catch (error) {
        if (isNotFound(error)) return null;
        // An empty object asked for a range answers 416: it has no first bytes.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
          return Buffer.alloc(0);
        throw unavailable(error);
      }
    },

    list,

    remove: removeKeys,

    async removeAll(prefix) {
      await removeKeys((await list(prefix)).map((file) => file.key));
    },

    async ensureWritable() {
      // One bucket, one set of rights: a probe anywhere tells for every prefix.
      await send(probeWrite);
    },

    localPath: () => null,

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        return { reachable: false, writable: false, error: describe(error) };
      }
      try {
        await probeWrite();
        return { reachable: true, writable: true, error: null };
      } catch (error) {
        return { reachable: true, writable: false, error: describe(error) };
      }
    },
  };
}

/** The SDK's error name and HTTP status, never a signed URL or a key. */
function describe(error: unknown): string {
  if (error instanceof S3ServiceException)
    return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`;
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? (error as Error).name ?? 'erreur inconnue';
}
