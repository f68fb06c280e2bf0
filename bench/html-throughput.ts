import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBenchChild, type BenchChild } from './bench-child';
import { rawGet, type RawAnswer } from './http-probe';
import { runLoad, type LoadResult } from './load-runner';

/**
 * Product rules, Performance targets: HTML target: a cached public page served by the real server versus the same
 * bytes and headers replayed from memory by a minimal node:http server. Both servers on
 * core 0, the load generator on core 1, 10 connections, 20 s each, one after the other.
 */
/**
 * A phone's browser, as the visitors are: a request without a user agent is not counted by
 * the audience (docs/decisions/0043-audience-counting.md), and the figure must include it.
 */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
export const HTML_HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html', 'user-agent': PHONE_UA };

export interface ThroughputComparison {
  app: LoadResult;
  replay: LoadResult;
  bodyBytes: number;
}

export function startReplay(captureFile: string): Promise<BenchChild> {
  return startBenchChild('replay-server.ts', [captureFile], 'Serveur de rejeu');
}

export async function compareHtmlThroughput(
  baseUrl: string,
  pagePath: string,
  seconds: number,
): Promise<ThroughputComparison> {
  const url = `${baseUrl}${pagePath}`;
  await rawGet(url, HTML_HEADERS); // renders once and fills the cache
  const captured = await rawGet(url, HTML_HEADERS);
  if (captured.status !== 200 || captured.headers['x-html-cache'] !== 'hit') {
    throw new Error(
      `${pagePath} n'est pas servie depuis le cache (statut ${captured.status}, X-Html-Cache ${captured.headers['x-html-cache'] ?? 'absent'})`,
    );
  }
  const { app, replay } = await againstReplay(url, pagePath, captured, seconds, HTML_HEADERS);
  return { app, replay, bodyBytes: captured.body.length };
}

/**
 * `url` under 10 connections for `seconds`, then a minimal server replaying `captured` (its
 * status, headers and body) at `pagePath`, with the same load: the two figures to compare.
 */
export async function againstReplay(
  url: string,
  pagePath: string,
  captured: RawAnswer,
  seconds: number,
  headers: Record<string, string>,
): Promise<{ app: LoadResult; replay: LoadResult }> {
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
    const options = { connections: 10, duration: seconds, headers };
    const app = await runLoad({ ...options, url });
    return { app, replay: await runLoad({ ...options, url: `${replay.url}${pagePath}` }) };
  } finally {
    await replay.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
