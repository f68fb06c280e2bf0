import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { Config } from '#server/config';
import { storageLayout } from '#server/storage/layout';

/**
 * Where the bytes of resumable uploads wait, by STORAGE_DRIVER (docs/decisions/0045-resumable-uploads.md):
 * `local`, @tus/file-store under storage/uploads (on the same disk as the final folders,
 * outside storage/tmp, which each start empties); `s3`, @tus/s3-store in the bucket (objects named by the upload's 32 hex digits, apart
 * from the `public/` and `private/` keys), so that an
 * upload started on one instance goes on from another. One store per process and setting
 * (the S3 client is a pool of connections), its SDK loaded only with the s3 driver.
 */
type UploadStoreConfig = Pick<Config, 'storageDir' | 'storage' | 'uploadExpiryHours'>;

const stores = new Map<string, Promise<DataStore>>();

/**
 * Not under storage/tmp: the start-up sweeps that folder empty, and an upload must survive
 * a restart to be resumed after it.
 */
export function uploadsDir(config: Pick<Config, 'storageDir'>): string {
  return path.join(storageLayout(config.storageDir).root, 'uploads');
}

async function createStore(config: UploadStoreConfig): Promise<DataStore> {
  const expirationPeriodInMilliseconds = Math.round(config.uploadExpiryHours * 3_600_000);
  const settings = config.storage;
  if (settings.driver === 'local')
    return new FileStore({ directory: uploadsDir(config), expirationPeriodInMilliseconds });
  const { S3Store } = await import('@tus/s3-store');
  // The upload's parts are S3's own multipart upload: 5 MiB is the smallest part S3 takes.
  return new S3Store({
    partSize: 5 * 1024 * 1024,
    expirationPeriodInMilliseconds,
    s3ClientConfig: {
      bucket: settings.bucket,
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      forcePathStyle: settings.forcePathStyle,
      // As the file store's client (server/storage/s3-file-store.ts): without it the SDK sends
      // each part as aws-chunked with a trailing checksum, and S3-compatible services that do
      // not decode it (s3rver among them) keep the framing as the part's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
}

export function uploadStoreFor(config: UploadStoreConfig): Promise<DataStore> {
  const id = JSON.stringify([config.storageDir, config.storage, config.uploadExpiryHours]);
  let store = stores.get(id);
  if (!store) {
    store = createStore(config);
    stores.set(id, store);
  }
  return store;
}
