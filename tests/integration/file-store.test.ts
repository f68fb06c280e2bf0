import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#server/errors';
import type { FileStore } from '#server/storage/file-store';
import { localFileStore } from '#server/storage/local-file-store';
import { s3FileStore } from '#server/storage/s3-file-store';
import { startS3TestServer } from '../helpers/s3-test-server';

/**
 * The one storage suite, run on both drivers (docs/decisions/0024-object-storage.md): the
 * local folder, and a real S3-protocol server (s3rver) on 127.0.0.1 reached through
 * @aws-sdk/client-s3. No database: these are the store's own promises.
 */
interface Driver {
  name: string;
  open(): Promise<{ store: FileStore; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local',
    async open() {
      const root = mkdtempSync(path.join(tmpdir(), 'edifier-store-'));
      return {
        store: localFileStore(path.join(root, 'app')),
        close: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3 (s3rver)',
    async open() {
      const server = await startS3TestServer();
      return { store: s3FileStore(server.settings), close: () => server.close() };
    },
  },
];

async function text(store: FileStore, key: string): Promise<string | null> {
  const opened = await store.open(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe.each(drivers)('file store on $name', (driver) => {
  let store: FileStore;
  let close: () => Promise<void>;
  const scratch = mkdtempSync(path.join(tmpdir(), 'edifier-upload-'));

  beforeAll(async () => {
    ({ store, close } = await driver.open());
  });
  afterAll(async () => {
    await close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('stores bytes and gives them back whole, by range and with their size', async () => {
    await store.putAll([
      { key: 'public/products/a1.jpg', data: Buffer.from('image-a1') },
      { key: 'public/products/a1-320.webp', data: Buffer.from('variant') },
    ]);
    expect(await text(store, 'public/products/a1.jpg')).toBe('image-a1');
    expect((await store.read('public/products/a1.jpg'))?.toString()).toBe('image-a1');
    expect((await store.read('public/products/a1.jpg', 5))?.toString()).toBe('image');
    const opened = await store.open('public/products/a1-320.webp');
    expect(opened?.size).toBe(7);
    expect(opened?.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    opened?.body.destroy();
  });

  it('answers null for a file that is not there', async () => {
    expect(await store.open('public/products/absent.jpg')).toBeNull();
    expect(await store.read('public/products/absent.jpg', 16)).toBeNull();
  });

  it('takes an upload from a temp file and consumes it', async () => {
    const upload = path.join(scratch, 'upload-1');
    writeFileSync(upload, '%PDF-1.4 plan');
    await store.putAll([{ key: 'private/submissions/7/plan.pdf', fromFile: upload }]);
    expect(existsSync(upload)).toBe(false);
    expect(await text(store, 'private/submissions/7/plan.pdf')).toBe('%PDF-1.4 plan');
  });

  it('stores all or nothing: one file that fails leaves none of the others', async () => {
    await expect(
      store.putAll([
        { key: 'private/submissions/8/a.pdf', data: Buffer.from('a') },
        { key: 'private/submissions/8/b.pdf', fromFile: path.join(scratch, 'never-uploaded') },
      ]),
    ).rejects.toThrow();
    expect(await store.list('private/submissions/8/')).toEqual([]);
  });

  it('lists a prefix in key order, and only it', async () => {
    await store.putAll([
      { key: 'private/sites/3/b-320.webp', data: Buffer.from('bb') },
      { key: 'private/sites/3/a-320.webp', data: Buffer.from('a') },
      { key: 'private/sites/30/c-320.webp', data: Buffer.from('c') },
    ]);
    const listed = await store.list('private/sites/3/');
    expect(listed.map((f) => [f.key, f.size])).toEqual([
      ['private/sites/3/a-320.webp', 1],
      ['private/sites/3/b-320.webp', 2],
    ]);
    expect((await store.list('')).map((f) => f.key)).toContain('public/products/a1.jpg');
  });

  it('removes files (absent ones too) and whole folders, leaving the neighbours', async () => {
    await store.remove(['private/sites/3/a-320.webp', 'private/sites/3/never.webp']);
    expect((await store.list('private/sites/3/')).map((f) => f.key)).toEqual(['private/sites/3/b-320.webp']);
    await store.removeAll('private/sites/3/');
    expect(await store.list('private/sites/3/')).toEqual([]);
    expect((await store.list('private/sites/30/')).map((f) => f.key)).toEqual([
      'private/sites/30/c-320.webp',
    ]);
  });

  it('says it takes writes, without leaving its probe behind', async () => {
    const before = (await store.list('')).map((f) => f.key);
    await store.ensureWritable(['public/', 'private/submissions/']);
    expect((await store.list('')).map((f) => f.key)).toEqual(before);
  });
});

describe('file store on s3 when the bucket does not answer', () => {
  it('fails every write and read with the storage 503, and lists nothing as if empty', async () => {
    const server = await startS3TestServer();
    const store = s3FileStore(server.settings);
    await server.close();
    await expect(store.ensureWritable(['public/'])).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(store.putAll([{ key: 'public/misc/x.jpg', data: Buffer.from('x') }])).rejects.toMatchObject({
      status: 503,
    });
    await expect(store.open('public/misc/x.jpg')).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(store.list('')).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(await store.check()).toMatchObject({ reachable: false, writable: false });
  });
});

describe('file store on local', () => {
  it('refuses a key that would leave its folder', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'edifier-store-'));
    const store = localFileStore(path.join(root, 'app'));
    await expect(store.putAll([{ key: '../escaped.txt', data: Buffer.from('x') }])).rejects.toThrow(
      'Clé de stockage refusée',
    );
    expect(existsSync(path.join(root, 'escaped.txt'))).toBe(false);
    rmSync(root, { recursive: true, force: true });
  });
});
