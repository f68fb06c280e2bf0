import { readFileSync, statSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import type express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tus/server';
import { createApp } from '#server/app';
import { RedisLocker, type LockTimings } from '#server/features/resumable-uploads/redis-locker';
import { closeSharedRedis, sharedRedis } from '#server/shared-state/redis-connection';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import { REDIS_TEST_URL, redisAnswers, removeKeys, uniquePrefix } from '../helpers/test-redis';
import { paddedPdf } from './submission-fixtures';

/**
 * The tus locks kept in Redis when REDIS_URL is set (docs/decisions/0045-resumable-uploads.md,
 * "Locks"): two instances, each with its own connection and its own locker, on one Redis.
 * A lock held by one is not taken by the other until let go; the one that waits asks the
 * holder to let go; a crashed holder's lock expires; and a tus request on instance B for an
 * upload instance A is writing waits for A's request to end, then goes on from A's last byte.
 */

const reachable = await redisAnswers();
if (!reachable) {
  console.log(`[tus-redis-locker] SKIPPED: Redis does not answer at ${REDIS_TEST_URL} (set REDIS_TEST_URL).`);
}

/** Short times, so that an expiry is seen in a test; the app's own are in redis-locker.ts. */
const QUICK: LockTimings = { ttlMs: 400, renewEveryMs: 50, retryEveryMs: 20, acquireTimeoutMs: 5_000 };

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true once `promise` settles, false if it is still pending after `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await settle(ms);
  return done;
}

describe.skipIf(!reachable)('tus locks in Redis, two instances', () => {
  const prefix = uniquePrefix('tus-lock');
  const connections: Redis[] = [];
  const instance = (timings: LockTimings = QUICK) => {
    const commands = new Redis(REDIS_TEST_URL, { maxRetriesPerRequest: 1 });
    commands.on('error', () => undefined);
    connections.push(commands);
    return { commands, locker: new RedisLocker({ commands, keyPrefix: prefix }, timings) };
  };

  afterAll(async () => {
    for (const connection of connections) connection.disconnect();
    await removeKeys(prefix);
  });

  it('a lock held by A is taken by B only once A lets go, and A is asked to let go', async () => {
    const a = instance();
    const b = instance();
    let releaseAsked = 0;
    const held = a.locker.newLock('upload-1');
    await held.lock(new AbortController().signal, () => {
      releaseAsked += 1;
    });

    const waiting = b.locker.newLock('upload-1').lock(new AbortController().signal, () => undefined);
    expect(await settledWithin(waiting, 300)).toBe(false);
    // The holder heard the request at its renewals; it chose not to let go yet.
    expect(releaseAsked).toBeGreaterThan(0);

    await held.unlock();
    await expect(waiting).resolves.toBeUndefined();
    expect(await b.commands.get(`${prefix}tus-lock:upload-1`)).not.toBeNull();
  });

  it('another upload is not held by the first one', async () => {
    const a = instance();
    const b = instance();
    await a.locker.newLock('upload-2').lock(new AbortController().signal, () => undefined);
    const other = b.locker.newLock('upload-3').lock(new AbortController().signal, () => undefined);
    expect(await settledWithin(other, 200)).toBe(true);
  });

  it('a crashed holder’s lock expires, and the other instance takes it', async () => {
    const a = instance();
    const b = instance();
    await a.locker.newLock('upload-4').lock(new AbortController().signal, () => undefined);
    // The instance dies: no renewal, no unlock.
    a.commands.disconnect();
    const started = Date.now();
    await b.locker.newLock('upload-4').lock(new AbortController().signal, () => undefined);
    // Not before the lock's life: it was held, not free.
    expect(Date.now() - started).toBeGreaterThanOrEqual(QUICK.ttlMs - 100);
  });

  it('a holder that lost its lock does not lengthen the next holder’s', async () => {
    const a = instance();
    const b = instance({ ttlMs: 60_000, renewEveryMs: 60_000, retryEveryMs: 20, acquireTimeoutMs: 5_000 });
    const key = `${prefix}tus-lock:upload-5`;
    const stale = a.locker.newLock('upload-5');
    await stale.lock(new AbortController().signal, () => undefined);
    // A stalled past its TTL: the key expired and B took the upload.
    await b.commands.del(key);
    await b.locker.newLock('upload-5').lock(new AbortController().signal, () => undefined);
    await settle(QUICK.renewEveryMs * 4);
    expect(await b.commands.pttl(key)).toBeGreaterThan(QUICK.ttlMs);
    // A's unlock leaves B's lock alone too.
    await stale.unlock();
    expect(await b.commands.get(key)).not.toBeNull();
  });

  it('a wait given up by its request, or too long, ends in the lock timeout @tus/server answers', async () => {
    const a = instance();
    const b = instance({ ...QUICK, acquireTimeoutMs: 200 });
    await a.locker.newLock('upload-6').lock(new AbortController().signal, () => undefined);
    const aborted = new AbortController();
    const gaveUp = b.locker.newLock('upload-6').lock(aborted.signal, () => undefined);
    aborted.abort();
    await expect(gaveUp).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await expect(
      b.locker.newLock('upload-6').lock(new AbortController().signal, () => undefined),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });
});

function listen(app: express.Express): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  at: number;
}

function send(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string | number>,
  /** 'open': the caller writes the body and leaves the request open. */
  body: Buffer | 'open' = Buffer.alloc(0),
): { request: ClientRequest; answer: Promise<Answer> } {
  let request!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = httpRequest({ host: '127.0.0.1', port, method, path: pathname, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, at: Date.now() }));
    });
    request.on('error', reject);
  });
  if (body !== 'open') request.end(body);
  return { request, answer };
}

const TUS = { 'Tus-Resumable': '1.0.0' };
const meta = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

describe.skipIf(!reachable).each(testEngines())(
  'a tus upload written by two instances on $name',
  (engine) => {
    const prefix = uniquePrefix('tus-instances');
    let api: ApiHarness;
    const ports: number[] = [];
    const servers: Server[] = [];

    beforeAll(async () => {
      api = await openApiHarness(engine, {
        env: { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix, SUBMISSION_RATE_LIMIT: '1000' },
      });
      expect(await sharedRedis(api.env.config)!.waitUntilConnected(2_000)).toBe(true);
      const second = createApp({
        config: api.env.config,
        db: api.db.knex,
        logger: silentLogger(),
        root: process.cwd(),
      });
      for (const app of [api.app, second]) {
        const { server, port } = await listen(app);
        servers.push(server);
        ports.push(port);
      }
    });
    afterAll(async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await closeSharedRedis();
      await removeKeys(prefix);
      await api?.cleanup();
    });

    it('B waits for A’s PATCH to end, then goes on from A’s last byte; the file arrives whole', async () => {
      const [portA, portB] = ports as [number, number];
      const data = paddedPdf(2 * 1024 * 1024);
      data.write('fin du plan', data.length - 20);
      const created = await send(
        portA,
        'POST',
        '/api/uploads',
        {
          ...TUS,
          'Upload-Length': data.length,
          'Upload-Metadata': meta({
            filename: 'Plan.pdf',
            filetype: 'application/pdf',
            purpose: 'submission',
          }),
        },
        Buffer.alloc(0),
      ).answer;
      expect(created.status).toBe(201);
      const location = String(created.headers.location);
      const id = location.split('/').pop() ?? '';
      const file = path.join(api.layout.root, 'uploads', id);

      // A receives the first half, and the request stays open: a slow link.
      const half = data.length / 2;
      const writing = send(
        portA,
        'PATCH',
        location,
        {
          ...TUS,
          'Upload-Offset': 0,
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': data.length,
        },
        'open',
      );
      writing.request.write(data.subarray(0, half));
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && statSync(file, { throwIfNoEntry: false })?.size !== half)
        await settle(20);
      expect(statSync(file).size).toBe(half);
      const aEnded = writing.answer.then(
        (answer) => answer.at,
        () => Date.now(),
      );

      // The client, retrying on B, asks where the upload stands.
      const asked = Date.now();
      const head = await send(portB, 'HEAD', location, TUS).answer;
      expect(head.status).toBe(200);
      // Not answered while A still wrote: A was asked to let go, and did.
      expect(head.at).toBeGreaterThanOrEqual(await aEnded);
      expect(head.at - asked).toBeLessThan(10_000);
      expect(Number(head.headers['upload-offset'])).toBe(half);

      // A PATCH that does not start at the kept offset is refused, as the protocol says.
      const wrong = await send(
        portB,
        'PATCH',
        location,
        { ...TUS, 'Upload-Offset': 0, 'Content-Type': 'application/offset+octet-stream' },
        data.subarray(0, 10),
      ).answer;
      expect(wrong.status).toBe(409);

      const rest = await send(
        portB,
        'PATCH',
        location,
        { ...TUS, 'Upload-Offset': half, 'Content-Type': 'application/offset+octet-stream' },
        data.subarray(half),
      ).answer;
      expect(rest.status).toBe(204);
      expect(Number(rest.headers['upload-offset'])).toBe(data.length);
      expect(readFileSync(file).equals(data)).toBe(true);
    });
  },
);
