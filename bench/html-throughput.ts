import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/helpers/server-process';
import { rawGet } from './http-probe';
import { runLoad, SERVER_LAUNCHER, type LoadResult } from './load-runner';

/**
 * Product rules, Performance targets: HTML target: a cached public page served by the real server versus the same
 * bytes and headers replayed from memory by a minimal node:http server. Both servers on
 * core 0, the load generator on core 1, 10 connections, 20 s each, one after the other.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html' };

export interface ThroughputComparison {
  app: LoadResult;
  replay: LoadResult;
  bodyBytes: number;
}

export async function startReplay(captureFile: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const [command, ...prefix] = [...SERVER_LAUNCHER, process.execPath];
  const child = spawn(
    command!,
    [...prefix, '--import', 'tsx', path.join(root, 'bench', 'replay-server.ts'), captureFile, String(port)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => text.includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`Serveur de rejeu arrêté (code ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function compareHtmlThroughput(
  baseUrl: string,
  pagePath: string,
  seconds: number,
): Promise<ThroughputComparison> {
  const url = `${baseUrl}${pagePath}`;
  await rawGet(url, HEADERS); // renders once and fills the cache
  const captured = await rawGet(url, HEADERS);
  if (captured.status !== 200 || captured.headers['x-html-cache'] !== 'hit') {
    throw new Error(
      `${pagePath} n'est pas servie depuis le cache (statut ${captured.status}, X-Html-Cache ${captured.headers['x-html-cache'] ?? 'absent'})`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'edifier-replay-'));
  const captureFile = path.join(dir, 'capture.json');
  writeFileSync(
    captureFile,
    JSON.stringify({
      status: captured.status,
      headers: captured.headers,
      bodyBase64: captured.body.toString('base64'),
    }),
  );
  const replay = await startReplay(captureFile);
  try {
    const options = { connections: 10, duration: seconds, headers: HEADERS };
    const app = await runLoad({ ...options, url });
    const replayed = await runLoad({ ...options, url: `${replay.url}${pagePath}` });
    return { app, replay: replayed, bodyBytes: captured.body.length };
  } finally {
    await replay.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
