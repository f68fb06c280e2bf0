import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '#server/config';
import { listPartsMiddleware } from './s3-list-parts';

/**
 * A real S3-protocol server for the tests of STORAGE_DRIVER=s3 (docs/decisions/0024-object-storage.md):
 * s3rver on 127.0.0.1, a free port, its objects in a temp folder, one empty bucket. The
 * app talks to it through @aws-sdk/client-s3 exactly as it would to AWS or MinIO: signed
 * requests over HTTP, path-style addresses. `env` is what a test gives testConfig.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  /** The same, as loadConfig reads it, for a store made without a whole configuration. */
  settings: S3StorageConfig;
  close(): Promise<void>;
}

/** s3rver's fixed credentials (it checks the signature against them). */
const KEY = 'S3RVER';

export async function startS3TestServer(bucket = 'edifier-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'edifier-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // Before s3rver's own middleware (Koa composes the list when the server starts).
  const koa = server as unknown as {
    middleware: unknown[];
    store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
  };
  koa.middleware.unshift(
    listPartsMiddleware((name) => koa.store.getResourcePath(name, undefined, 'uploads')),
  );
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    settings: {
      driver: 's3',
      endpoint,
      region: 'us-east-1',
      bucket,
      credentials: { accessKeyId: KEY, secretAccessKey: KEY },
      forcePathStyle: true,
    },
    /** Stops the server (a test may do it to see the bucket gone) and removes its objects. */
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
