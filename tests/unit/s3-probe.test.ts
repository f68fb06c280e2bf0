import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#server/errors';
import { s3FileStore } from '#server/storage/s3-file-store';

/**
 * The bucket's write probe (readiness, deletes; server/storage/s3-file-store.ts) when the
 * put fails after the bucket stored the object, as a put that times out or answers an
 * error from a proxy may: the probe still answers the 503 of storage, and deletes its
 * object so that refused probes leave nothing in the bucket.
 */

describe('the S3 write probe on a bucket whose puts fail', () => {
  const stored = new Set<string>();
  const requests: string[] = [];
  let server: http.Server;
  let endpoint: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname);
      requests.push(`${req.method} ${key}`);
      req.resume();
      req.on('end', () => {
        if (req.method === 'PUT') {
          // Stored, then an error: the client cannot tell the object is there.
          stored.add(key);
          res.writeHead(500, { 'Content-Type': 'application/xml' });
          res.end('<?xml version="1.0"?><Error><Code>InternalError</Code><Message>boom</Message></Error>');
          return;
        }
        if (req.method === 'DELETE') {
          stored.delete(key);
          res.writeHead(204).end();
          return;
        }
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the 503 of storage and leaves no probe object behind', async () => {
    const store = s3FileStore({
      driver: 's3',
      endpoint,
      region: 'us-east-1',
      bucket: 'edifier',
      credentials: { accessKeyId: 'essai', secretAccessKey: 'essai-secret' },
      forcePathStyle: true,
    });
    const refused = store.ensureWritable(['public/']);
    await expect(refused).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(refused).rejects.toMatchObject({ failing: 'storage' });
    expect(requests.some((line) => /^PUT \/edifier\/private\/\.probe-[0-9a-f]{12}$/.test(line))).toBe(true);
    expect([...stored]).toEqual([]);
  });
});
