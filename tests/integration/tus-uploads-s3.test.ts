import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { Config } from '#server/config';
import { uploadStoreFor } from '#server/features/resumable-uploads/upload-store';
import { silentLogger } from '../helpers/test-config';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server';
import { testEngines } from '../helpers/test-db';
import { paddedPdf } from './submission-fixtures';

/**
 * With STORAGE_DRIVER=s3 (docs/decisions/0045-resumable-uploads.md, "Store per driver"),
 * an upload started on one instance goes on from another: two apps, each with its own
 * store object and storage folder, one bucket (s3rver) and one database.
 * s3rver lacks ListParts, which @tus/s3-store calls for every upload: the test server adds
 * it (tests/helpers/s3-list-parts.ts) from the parts s3rver wrote.
 */

function listen(app: ReturnType<typeof createApp>): Promise<{ server: Server; base: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(testEngines())('resumable uploads in a bucket on $name', (engine) => {
  let s3: S3TestServer;
  let api: ApiHarness;
  let first: { server: Server; base: string };
  let second: { server: Server; base: string };
  let secondConfig: Config;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    api = await openApiHarness(engine, { env: { ...s3.env, SUBMISSION_RATE_LIMIT: '1000' } });
    first = await listen(api.app);
    secondConfig = { ...api.env.config, storageDir: path.join(api.env.storageDir, 'autre-instance') };
    second = await listen(
      createApp({ config: secondConfig, db: api.db.knex, logger: silentLogger(), root: process.cwd() }),
    );
  });
  afterAll(async () => {
    for (const instance of [first, second]) await new Promise((resolve) => instance?.server.close(resolve));
    await api?.cleanup();
    await s3?.close();
  });

  it('resumes on a second instance an upload started on the first, whole at the end', async () => {
    const data = paddedPdf(7 * 1024 * 1024);
    data.write('dernière page', data.length - 20);
    const metadata = { filename: 'Plan masse.pdf', filetype: 'application/pdf', purpose: 'submission' };

    // On the first instance: one part of 5 MiB (S3's smallest), then the connection is lost
    // before the second PATCH leaves (no retry: the visitor has gone away).
    let patches = 0;
    const url = await new Promise<string>((resolve) => {
      const upload: Upload = new Upload(data, {
        endpoint: `${first.base}/api/uploads`,
        metadata,
        chunkSize: 5 * 1024 * 1024,
        retryDelays: [],
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'PATCH' && ++patches === 2) throw new Error('connexion perdue');
        },
        onError: () => resolve(upload.url ?? ''),
      });
      upload.start();
    });
    expect(patches).toBe(2);
    const id = url.split('/').pop() ?? '';

    // On the second: it asks where the upload stands, and sends the rest.
    let offsetSeen = -1;
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(data, {
        uploadUrl: `${second.base}/api/uploads/${id}`,
        metadata,
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'HEAD') offsetSeen = Number(res.getHeader('Upload-Offset'));
        },
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    expect(offsetSeen).toBe(5 * 1024 * 1024);

    const stored = await readAll(
      await (
        (await uploadStoreFor(secondConfig)) as unknown as {
          read(id: string): Promise<Readable>;
        }
      ).read(id),
    );
    expect(stored.equals(data)).toBe(true);
    const row = await api.db.knex('resumable_uploads').where({ upload_id: id }).first();
    expect(row).toMatchObject({ purpose: 'submission', file_name: 'Plan masse.pdf' });
  });
});
