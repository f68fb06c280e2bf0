import type { Config, S3StorageConfig } from '#server/config';
import type { FileStore } from './file-store';
import { storageLayout, type StorageLayout } from './layout';
import type { S3FileStore } from './s3-file-store';

/**
 * The storage of a configuration: its folders (storage/tmp for uploads) and its FileStore,
 * by STORAGE_DRIVER. One s3 store per process and bucket (one pool of connections), its
 * SDK loaded on first use only: the default local site never pays for it at start-up.
 */
export interface BucketStore extends S3FileStore {
  /** 'http://127.0.0.1:9000 / edifier': what the diagnostic may show (never a key). */
  readonly label: string;
}

const s3Stores = new Map<string, BucketStore>();

function lazyS3Store(settings: S3StorageConfig): BucketStore {
  let loaded: Promise<S3FileStore> | null = null;
  const store = () => (loaded ??= import('./s3-file-store').then((m) => m.s3FileStore(settings)));
  return {
    driver: 's3',
    label: `${settings.endpoint ?? `s3.${settings.region}.amazonaws.com`} / ${settings.bucket}`,
    putAll: async (files) => (await store()).putAll(files),
    open: async (key) => (await store()).open(key),
    read: async (key, length) => (await store()).read(key, length),
    list: async (prefix) => (await store()).list(prefix),
    remove: async (keys) => (await store()).remove(keys),
    removeAll: async (prefix) => (await store()).removeAll(prefix),
    ensureWritable: async (prefixes, options) => (await store()).ensureWritable(prefixes, options),
    localPath: () => null,
    check: async () => (await store()).check(),
  };
}

export function fileStoreFor(config: Pick<Config, 'storageDir' | 'storage'>): FileStore {
  const settings = config.storage;
  if (settings.driver === 'local') return storageLayout(config.storageDir).files;
  const id = JSON.stringify(settings);
  let known = s3Stores.get(id);
  if (!known) {
    known = lazyS3Store(settings);
    s3Stores.set(id, known);
  }
  return known;
}

export function storageFor(config: Pick<Config, 'storageDir' | 'storage'>): StorageLayout {
  return storageLayout(config.storageDir, fileStoreFor(config));
}

/** The s3 store's own checks (diagnostic, readiness); null on the local driver. */
export function bucketOf(store: FileStore): BucketStore | null {
  return store.driver === 's3' ? (store as BucketStore) : null;
}
