import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { Upload } from 'tus-js-client';
import { startThrottledProxy } from '../tests/helpers/throttled-proxy';
import type { Row } from './table';

/**
 * `npm run bench -- --uploads` (docs/decisions/0045-resumable-uploads.md): the time to
 * finish a 20 MB upload over a link cut twice (at a third and two thirds of the bytes), with
 * tus-js-client in Node through a local TCP relay at 4 MB/s, and the same without cuts.
 * The server is @tus/server with @tus/file-store, the library and store the app mounts at
 * /api/uploads, bare: the app's own purposes stop a file at 10 MB.
 */
const SIZE = 20 * 1024 * 1024;
const LINK_BYTES_PER_SECOND = 4 * 1024 * 1024;

async function timedUpload(
  endpoint: string,
  data: Buffer,
  cutAt: number[],
  proxy: { forwarded: number; cut(): void },
) {
  const pending = [...cutAt];
  const started = performance.now();
  const base = proxy.forwarded;
  const watch = setInterval(() => {
    if (pending.length > 0 && proxy.forwarded - base >= (pending[0] ?? Infinity)) {
      pending.shift();
      proxy.cut();
    }
  }, 2);
  try {
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint,
        metadata: { filename: 'plan.pdf' },
        retryDelays: [0, 200, 500, 1000, 2000],
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
  } finally {
    clearInterval(watch);
  }
  return { seconds: (performance.now() - started) / 1000, cutsLeft: pending.length };
}

export async function resumableUploadRows(): Promise<Row[]> {
  const directory = mkdtempSync(path.join(tmpdir(), 'edifier-bench-tus-'));
  const tus = new Server({
    path: '/api/uploads',
    datastore: new FileStore({ directory }),
    relativeLocation: true,
  });
  const http = createServer((req, res) => void tus.handle(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as { port: number }).port;
  const proxy = await startThrottledProxy('127.0.0.1', port, LINK_BYTES_PER_SECOND);
  const endpoint = `http://127.0.0.1:${proxy.port}/api/uploads`;
  const data = randomBytes(SIZE);
  try {
    const plain = await timedUpload(endpoint, data, [], proxy);
    const cut = await timedUpload(endpoint, data, [SIZE / 3, (2 * SIZE) / 3], proxy);
    return [
      {
        figure: 'Téléversement reprenable de 20 Mo, lien à 4 Mo/s coupé 2 fois (tus-js-client)',
        value: `${cut.seconds.toFixed(1)} s (sans coupure : ${plain.seconds.toFixed(1)} s)${cut.cutsLeft > 0 ? ` — ${cut.cutsLeft} coupure(s) non faite(s)` : ''}`,
        target: '—',
        pass: null,
      },
    ];
  } finally {
    await proxy.close();
    await new Promise((resolve) => http.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  }
}
