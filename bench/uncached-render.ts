import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerProcess } from '../tests/helpers/server-process';
import { startBenchChild, type BenchChild } from './bench-child';
import { rawGet } from './http-probe';
import type { LoadResult } from './load-runner';
import { againstReplay } from './html-throughput';
import { median } from './table';

/**
 * Pages nobody asked for yet (decision 0011): the server time of a cache miss (loaders,
 * React, document, compression) and the throughput of misses against a replay of the
 * same bytes. bench/uncached-server.ts serves the bench server's database with its cache
 * emptied before every request.
 */
/** What a browser sends: the miss answers brotli at its fast setting. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

export interface RenderTimes {
  median: number;
  p99: number;
  count: number;
}

function startUncached(server: ServerProcess, extraEnv: Record<string, string>): Promise<BenchChild> {
  return startBenchChild('uncached-server.ts', [], 'Serveur sans cache', {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${server.databasePath}`,
    STORAGE_DIR: server.storageDir,
    JWT_SECRET: 'bench-uncached-jwt-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
    HTML_CACHE: 'on',
    RENDER_RATE_LIMIT: '100000000',
    ...extraEnv,
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Server time of `count` misses of each page, one at a time, a pause between them so
 * the background re-compression of the previous one (decision 0011) does not overlap.
 */
async function renderTimes(url: string, pages: string[], count: number): Promise<Map<string, RenderTimes>> {
  const result = new Map<string, RenderTimes>();
  for (const page of pages) {
    for (let i = 0; i < 10; i++) await rawGet(`${url}${page}`, BROWSER); // JIT warm-up
    await rawGet(`${url}/__bench/render-times`);
    for (let i = 0; i < count; i++) {
      const answer = await rawGet(`${url}${page}`, BROWSER);
      if (answer.status !== 200 || answer.headers['x-html-cache'] !== 'miss')
        throw new Error(
          `${page} : statut ${answer.status}, X-Html-Cache ${String(answer.headers['x-html-cache'])}`,
        );
      await sleep(30);
    }
    const times = JSON.parse((await rawGet(`${url}/__bench/render-times`)).body.toString()) as number[];
    result.set(page, { median: median(times), p99: percentile(times, 99), count: times.length });
  }
  return result;
}

export interface UncachedThroughput {
  page: string;
  app: LoadResult;
  replay: LoadResult;
}

export interface UncachedFigures {
  times: Map<string, RenderTimes>;
  /** One comparison per page: the product rules' 5 % holds for every page missed, not one. */
  throughput: UncachedThroughput[];
}

/** Misses of `page` under 10 connections, then the replay of the very bytes one of them answered. */
async function missesAgainstReplay(url: string, page: string, seconds: number): Promise<UncachedThroughput> {
  const captured = await rawGet(`${url}${page}`, BROWSER);
  const { app, replay } = await againstReplay(`${url}${page}`, page, captured, seconds, BROWSER);
  return { page, app, replay };
}

export async function measureUncached(
  server: ServerProcess,
  pages: string[],
  count: number,
  seconds: number,
): Promise<UncachedFigures> {
  const uncached = await startUncached(server, {});
  try {
    const times = await renderTimes(uncached.url, pages, count);
    const throughput: UncachedThroughput[] = [];
    for (const page of pages) throughput.push(await missesAgainstReplay(uncached.url, page, seconds));
    return { times, throughput };
  } finally {
    await uncached.stop();
  }
}
