import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { LINGER } from '#server/http/lingering-close';
import { READS_MULTIPART } from '#server/http/uploads';
import { createLogger } from '#server/logger';
import { imageMessages } from '#shared/schemas/images';
import { submissionMessages } from '#shared/schemas/submission';
import { download as downloadZip, openDescriptors } from '../helpers/cancelled-downloads';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines } from '../helpers/test-db';
import { filesUnder, paddedPdf, randomPdf, submit, VALID_FIELDS } from './submission-fixtures';

/**
 * What a hostile or clumsy client does to the upload and download routes, against a real
 * listening server: malformed multipart bodies, chunked bodies far over the limits,
 * uploads and zip downloads cut off mid-stream. Each must end in a clear answer, with the
 * process's file descriptors, storage/tmp and the tables back where they were.
 */

const MB = 1024 * 1024;
const BOUNDARY = 'edifierBoundary7MA4YWxkTrZu0gW';

/** Open descriptors of this process (the server runs in it). */

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A file may be removed between the listing and its stat: the server is cleaning up as we look. */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function bytesUnder(dir: string): number {
  return filesUnder(dir).reduce((sum, file) => sum + sizeOf(path.join(dir, file)), 0);
}

/** Every route of the API whose handlers read a multipart body, from the router itself. */
interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: object }[] };
  handle?: { stack?: RouteLayer[] };
}
function multipartRoutes(app: express.Express): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const walk = (layers: RouteLayer[]) => {
    for (const layer of layers) {
      if (layer.route) {
        const reads = layer.route.stack.some((h) => (h.handle as Record<symbol, unknown>)[READS_MULTIPART]);
        if (reads)
          for (const method of Object.keys(layer.route.methods))
            found.push({ method, path: `/api${layer.route.path.replace(/:\w+/g, '1')}` });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: RouteLayer[] } }).router.stack);
  return found;
}

const part = (headers: string, body: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${body}\r\n`;
const MALFORMED_BODIES: { name: string; contentType: string; body: Buffer }[] = [
  {
    name: 'truncated mid-part',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nVilla inach`),
  },
  {
    name: 'without a boundary',
    contentType: 'multipart/form-data',
    body: Buffer.from(part('Content-Disposition: form-data; name="title"', 'Villa') + `--${BOUNDARY}--\r\n`),
  },
  {
    name: 'with the wrong boundary',
    contentType: 'multipart/form-data; boundary=pasLaBonneFrontiere',
    body: Buffer.from(part('Content-Disposition: form-data; name="title"', 'Villa') + `--${BOUNDARY}--\r\n`),
  },
  {
    name: 'of garbage',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: randomBytes(4096),
  },
  {
    name: 'with a part header without colon',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.from(part('Content-Disposition form-data; name="title"', 'Villa') + `--${BOUNDARY}--\r\n`),
  },
  {
    name: 'with thousands of part headers',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.from(
      part(
        `Content-Disposition: form-data; name="title"\r\n${Array.from({ length: 3000 }, (_, i) => `X-En-Tete-${i}: x`).join('\r\n')}`,
        'Villa',
      ) + `--${BOUNDARY}--\r\n`,
    ),
  },
  {
    name: 'with a part without a name',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.from(part('Content-Disposition: form-data', 'Villa') + `--${BOUNDARY}--\r\n`),
  },
];

/** Each text field as its own part. */
const fieldParts = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([name, value]) => part(`Content-Disposition: form-data; name="${name}"`, value))
    .join('');

/** The opening of a PDF file's part, its bytes to follow. */
const pdfPartHead = (fileField: string, fileName: string): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\n` +
  'Content-Type: application/pdf\r\n\r\n';

/** The head of a multipart body whose last part is a file, left open for its bytes. */
function fileUploadHead(fields: Record<string, string>, fileField: string, fileName: string): Buffer {
  return Buffer.from(`${fieldParts(fields)}${pdfPartHead(fileField, fileName)}%PDF-1.4\n`);
}

/** A whole submission form: the valid fields, then these files as `attachments[]`. */
function submissionBody(files: { name: string; size: number }[]): Buffer {
  return Buffer.concat([
    Buffer.from(fieldParts(VALID_FIELDS)),
    ...files.flatMap((file) => [
      Buffer.from(pdfPartHead('attachments[]', file.name)),
      paddedPdf(file.size),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

describe.each(testEngines())('hostile uploads and downloads on $name', (engine) => {
  let api: ApiHarness;
  let server: http.Server;
  let port: number;
  let tmpDir: string;
  const logLines: { level: number; msg: string }[] = [];
  /** The server's side of each connection, by the client's port. */
  const serverSockets = new Map<number, net.Socket>();

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { SUBMISSION_RATE_LIMIT: '10000' } });
    // The harness's app logs nothing; this one keeps its log lines for the checks below.
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          logLines.push(JSON.parse(line));
        done();
      },
    });
    const app = createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: createLogger('info', capture),
      root: process.cwd(),
    });
    api.app = app;
    server = http.createServer(app);
    server.on('connection', (socket) => serverSockets.set(socket.remotePort ?? 0, socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    tmpDir = api.layout.tmpDir;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await api.cleanup();
  });

  const rows = async (table: string) => Number((await api.db.knex(table).count({ n: '*' }))[0]!.n);

  describe('malformed multipart bodies', () => {
    it('finds every multipart route of the API in the router', () => {
      const routes = multipartRoutes(api.app).map((r) => `${r.method.toUpperCase()} ${r.path}`);
      // The sweep below covers whatever this finds; this guards the discovery itself.
      expect(routes).toEqual(
        expect.arrayContaining([
          'POST /api/submit-project',
          'POST /api/upload-image',
          'POST /api/products',
          'PUT /api/products/1',
          'POST /api/projects',
          'POST /api/promotions',
        ]),
      );
      expect(routes.length).toBeGreaterThanOrEqual(15);
    });

    for (const body of MALFORMED_BODIES) {
      it(`answers 400 in French to a body ${body.name} on every multipart route`, async () => {
        const answers: string[] = [];
        for (const route of multipartRoutes(api.app)) {
          const agent = request(api.app);
          const call = route.method === 'put' ? agent.put(route.path) : agent.post(route.path);
          const response = await call
            .set('Authorization', `Bearer ${api.adminToken}`)
            .set('Accept', 'application/json')
            .set('Content-Type', body.contentType)
            .send(body.body);
          answers.push(`${route.method} ${route.path} ${response.status} ${response.body.message}`);
        }
        expect(answers, 'the multipart routes answered').not.toEqual([]);
        for (const answer of answers) expect(answer).toMatch(/ 400 Formulaire multipart invalide/);
        expect(filesUnder(tmpDir)).toEqual([]);
      });
    }
  });

  describe('limits enforced while the bytes arrive (chunked, no Content-Length)', () => {
    /**
     * Streams a multipart body in 64 KiB chunks until the server answers, sampling how many
     * bytes storage/tmp holds after each chunk. Answers the status, the message and that peak.
     */
    async function streamUntilAnswered(
      route: string,
      head: Buffer,
      maxBytes: number,
    ): Promise<{ status: number; message: string; peakTmpBytes: number; sent: number }> {
      let peakTmpBytes = 0;
      let sent = 0;
      let answered = false;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: route,
        headers: {
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Transfer-Encoding': 'chunked',
          Accept: 'application/json',
          Authorization: `Bearer ${api.adminToken}`,
        },
      });
      req.on('error', () => undefined); // the server closes the socket after its answer
      const answer = new Promise<{ status: number; message: string }>((resolve, reject) => {
        req.on('response', (res) => {
          answered = true;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, message: JSON.parse(text).message }));
          res.on('error', reject);
        });
      });
      req.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      while (!answered && sent < maxBytes && !req.destroyed) {
        const flushed = req.write(chunk);
        sent += chunk.length;
        if (!flushed)
          await new Promise<void>((resolve) => {
            // Whichever comes first; the other listener goes too, or they pile up per chunk.
            const done = () => {
              req.off('drain', done).off('close', done);
              resolve();
            };
            req.once('drain', done).once('close', done);
          });
        peakTmpBytes = Math.max(peakTmpBytes, bytesUnder(tmpDir));
      }
      const { status, message } = await answer;
      req.destroy();
      return { status, message, peakTmpBytes, sent };
    }

    it('stops one file at 10 MB, answers 413 naming it before the body ends, and keeps nothing', async () => {
      const before = await rows('project_submissions');
      const result = await streamUntilAnswered(
        '/api/submit-project',
        fileUploadHead(VALID_FIELDS, 'attachments[]', 'Plan géant.pdf'),
        200 * MB,
      );
      expect(result.status).toBe(413);
      expect(result.message).toBe(submissionMessages.fileTooLarge('Plan géant.pdf'));
      expect(result.peakTmpBytes).toBeLessThanOrEqual(10 * MB + 1);
      // Answered long before the client could send its 200 MB.
      expect(result.sent).toBeLessThan(100 * MB);
      expect(filesUnder(tmpDir)).toEqual([]);
      expect(await rows('project_submissions')).toBe(before);
    });

    it('stops the request at the 25 MB total across files, and keeps nothing', async () => {
      const nineMb = Buffer.alloc(9 * MB, 0x20);
      const head = Buffer.concat([
        fileUploadHead(VALID_FIELDS, 'attachments[]', 'a.pdf'),
        nineMb,
        Buffer.from(
          `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments[]"; filename="b.pdf"\r\n\r\n%PDF-1.4\n`,
        ),
        nineMb,
        Buffer.from(
          `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments[]"; filename="c.pdf"\r\n\r\n%PDF-1.4\n`,
        ),
      ]);
      const result = await streamUntilAnswered('/api/submit-project', head, 200 * MB);
      expect(result.status).toBe(413);
      expect(result.message).toBe(submissionMessages.totalTooLarge);
      expect(result.peakTmpBytes).toBeLessThanOrEqual(25 * MB + 1);
      expect(filesUnder(tmpDir)).toEqual([]);
    });

    it('stops an administrator image at 2 MB', async () => {
      const result = await streamUntilAnswered(
        '/api/upload-image',
        fileUploadHead({ type: 'products' }, 'image', 'photo.jpg'),
        100 * MB,
      );
      expect(result.status).toBe(413);
      expect(result.message).toBe(imageMessages.tooLarge);
      expect(result.peakTmpBytes).toBeLessThanOrEqual(2 * MB + 1);
      expect(filesUnder(tmpDir)).toEqual([]);
    });
  });

  describe('a refused upload whose client is still sending', () => {
    const PIECE = Buffer.alloc(64 * 1024, 0x20);

    interface Exchange {
      status: number;
      message?: string;
      /** The socket error the client met (EPIPE, ECONNRESET…), if any. */
      error?: string;
      /** Body bytes the client handed to its socket. */
      sent: number;
      /** From the answer's first byte to the socket's close. */
      lingeredMs: number;
      /** Bytes the server read from the connection, its head included. */
      serverRead: number;
    }

    /**
     * Posts to the submission route over a raw socket, as a phone on a slow link does: the
     * request head and `first` at once, then, answer or not, `rest` (or blank bytes without
     * end) 64 KiB at a time with `pauseMs` before each piece, until the body is sent or the
     * connection is cut. Reads whatever comes back until the socket closes.
     */
    async function postSlowly(options: {
      contentLength: number;
      first: Buffer;
      rest?: Buffer;
      pauseMs: number | ((piece: number) => number);
      pieceBytes?: number;
    }): Promise<Exchange> {
      // As a browser's connection: it may go on sending once the server has finished answering.
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      const received: Buffer[] = [];
      let error: string | undefined;
      let answeredAt = 0;
      socket.on('data', (data: Buffer) => {
        answeredAt ||= Date.now();
        received.push(data);
      });
      socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
      await new Promise((resolve) => socket.once('connect', resolve));
      const localPort = socket.localPort ?? 0;

      const write = (data: Buffer) =>
        new Promise<boolean>((resolve) => socket.write(data, (e) => resolve(e == null)));
      await write(
        Buffer.concat([
          Buffer.from(
            'POST /api/submit-project HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n' +
              `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${options.contentLength}\r\n\r\n`,
          ),
          options.first,
        ]),
      );
      let sent = options.first.length;
      const { rest, pieceBytes = PIECE.length, pauseMs } = options;
      for (let n = 0; !socket.destroyed && sent < options.contentLength && error === undefined; n += 1) {
        const pause = typeof pauseMs === 'number' ? pauseMs : pauseMs(n);
        await new Promise((resolve) => setTimeout(resolve, pause));
        const offset = sent - options.first.length;
        const piece = rest ? rest.subarray(offset, offset + pieceBytes) : PIECE.subarray(0, pieceBytes);
        if (socket.destroyed || piece.length === 0) break;
        if (await write(piece)) sent += piece.length;
      }
      if (sent === options.contentLength) socket.end();
      const closedAt = await closed;

      const answer = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      let message: string | undefined;
      try {
        message = (JSON.parse(body) as { message?: string }).message;
      } catch {
        message = undefined;
      }
      return {
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        message,
        error,
        sent,
        lingeredMs: answeredAt ? closedAt - answeredAt : -1,
        serverRead: serverSockets.get(localPort)?.bytesRead ?? -1,
      };
    }

    it.each([
      {
        refused: 'an eleventh file',
        files: [
          ...Array.from({ length: 10 }, (_, i) => ({ name: `plan-${i + 1}.pdf`, size: 1024 })),
          { name: 'plan-11.pdf', size: 2 * MB },
        ],
        status: 422,
        message: submissionMessages.tooManyFiles,
      },
      {
        refused: 'a file over 10 MB',
        files: [{ name: 'Plan géant.pdf', size: 12 * MB }],
        status: 413,
        message: submissionMessages.fileTooLarge('Plan géant.pdf'),
      },
    ])(
      'lets it read the whole French answer to $refused, never a reset, while it sends the rest',
      async ({ files, status, message }) => {
        const before = await rows('project_submissions');
        const body = submissionBody(files);
        // The last 3 MB go slowly: the refusal comes while they are on their way.
        const first = body.subarray(0, body.length - 3 * MB);
        const rest = body.subarray(first.length);
        const result = await postSlowly({ contentLength: body.length, first, rest, pauseMs: 10 });
        expect(result.error).toBeUndefined();
        expect(result.status).toBe(status);
        expect(result.message).toBe(message);
        expect(result.sent).toBe(body.length);
        await eventually(() => filesUnder(tmpDir).length === 0);
        expect(filesUnder(tmpDir)).toEqual([]);
        expect(await rows('project_submissions')).toBe(before);
      },
    );

    // A body announced at 100 MB is refused on its Content-Length, before a byte of it is read.
    const announced = {
      contentLength: 100 * MB,
      first: fileUploadHead(VALID_FIELDS, 'attachments[]', 'x.pdf'),
    };

    it('stops reading after LINGER.maxBytes when the client sends without end', async () => {
      const result = await postSlowly({ ...announced, pauseMs: 0 });
      expect(result.status).toBe(413);
      expect(result.message).toBe(submissionMessages.totalTooLarge);
      expect(result.serverRead).toBeGreaterThan(LINGER.maxBytes);
      // One read of the socket past the bound at most, plus the request's head.
      expect(result.serverRead).toBeLessThan(LINGER.maxBytes + 256 * 1024);
      expect(result.lingeredMs).toBeLessThan(LINGER.totalMs);
      expect(filesUnder(tmpDir)).toEqual([]);
    });

    it('closes after LINGER.totalMs when the client trickles without end', async () => {
      const result = await postSlowly({ ...announced, pauseMs: 100, pieceBytes: 16 * 1024 });
      expect(result.status).toBe(413);
      expect(result.message).toBe(submissionMessages.totalTooLarge);
      expect(result.lingeredMs).toBeGreaterThanOrEqual(LINGER.totalMs - 500);
      expect(result.lingeredMs).toBeLessThan(LINGER.totalMs + 1500);
      expect(result.serverRead).toBeLessThan(LINGER.maxBytes);
    });

    it('closes after LINGER.idleMs of silence: a client that then sends again is cut off', async () => {
      // A second beyond the bound: a server a little late on its timer still closes first.
      const silence = LINGER.idleMs + 1000;
      const result = await postSlowly({
        ...announced,
        pauseMs: (piece) => (piece === 4 ? silence : 50),
        pieceBytes: 16 * 1024,
      });
      expect(result.status).toBe(413);
      expect(result.message).toBe(submissionMessages.totalTooLarge);
      expect(result.error).toMatch(/^(ECONNRESET|EPIPE)$/);
      // Read until the silence, then cut at the first piece after it: neither the byte bound
      // (far off at this pace) nor LINGER.totalMs.
      expect(result.lingeredMs).toBeGreaterThanOrEqual(silence);
      expect(result.lingeredMs).toBeLessThan(silence + 1000);
    });
  });

  describe('clients that leave mid-stream', () => {
    it('leaks no descriptor when 50 zip downloads are cancelled mid-stream', async () => {
      const created = await submit(api.app, VALID_FIELDS, [
        randomPdf('plan-1.pdf', 4 * MB),
        randomPdf('plan-2.pdf', 4 * MB),
        randomPdf('plan-3.pdf', 4 * MB),
      ]);
      expect(created.status).toBe(201);
      const url = `/api/admin/project-submissions/${created.body.data.id}/download`;
      const download = (cancel: boolean) => downloadZip(port, url, api.adminToken, { cancel });
      // One whole download first: whatever it opens for good (a pooled connection) is in the baseline.
      expect(await download(false)).toBeGreaterThan(12 * MB);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const baseline = openDescriptors();

      for (let i = 0; i < 50; i += 1) await download(true);
      await eventually(() => openDescriptors() <= baseline);
      expect(openDescriptors()).toBeLessThanOrEqual(baseline);
      expect(filesUnder(tmpDir)).toEqual([]);
    });

    it('leaks nothing when 50 uploads are cut off mid-file, and logs them below error', async () => {
      const before = await rows('project_submissions');
      const attachmentsBefore = await rows('submission_attachments');
      const baseline = openDescriptors();
      const errorsBefore = logLines.filter((line) => line.level >= 50).length;

      for (let i = 0; i < 50; i += 1) {
        await new Promise<void>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            const body = Buffer.concat([
              fileUploadHead(VALID_FIELDS, 'attachments[]', 'coupé.pdf'),
              Buffer.alloc(256 * 1024, 0x20),
            ]);
            socket.write(
              'POST /api/submit-project HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n' +
                `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${5 * MB}\r\n\r\n`,
            );
            socket.write(body, () => setTimeout(() => socket.destroy(), 20));
          });
          socket.on('close', () => resolve());
          socket.on('error', () => resolve());
        });
      }
      await eventually(() => openDescriptors() <= baseline && filesUnder(tmpDir).length === 0);
      expect(openDescriptors()).toBeLessThanOrEqual(baseline);
      expect(filesUnder(tmpDir)).toEqual([]);
      expect(await rows('project_submissions')).toBe(before);
      expect(await rows('submission_attachments')).toBe(attachmentsBefore);
      await eventually(() => logLines.filter((line) => line.msg === 'request aborted').length >= 50, 5000);
      expect(logLines.filter((line) => line.level >= 50).length).toBe(errorsBefore);
    });
  });
});
