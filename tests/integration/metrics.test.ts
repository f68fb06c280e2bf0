import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createMetrics } from '#server/features/metrics/metrics';
import type { SsrRenderer } from '#server/ssr/renderer';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import { VALID_FIELDS } from './submission-fixtures';

/**
 * GET /metrics (docs/decisions/0015-metrics.md): Prometheus' text format for whoever holds
 * METRICS_TOKEN, the site's plain 404 for anyone else, and figures that move with the
 * traffic: requests by route template and status, HTML cache hits and misses, the pool,
 * Node's event-loop lag and memory.
 */
const TOKEN = 'un-jeton-de-supervision-assez-long';

function submissionForm(): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(VALID_FIELDS)) form.append(name, value);
  return form;
}

describe.each(testEngines())('metrics on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { HTML_CACHE: 'on', METRICS_TOKEN: TOKEN } });
    renderer = await builtRenderer(api);
    const app = createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
      metrics: createMetrics(api.db.knex),
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await renderer?.close();
    await api.cleanup();
  });

  const scrape = async (token = TOKEN) =>
    fetch(`${base}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  /** The value of one sample line, e.g. `http_requests_total{route="/api/products",method="GET",status="200"}`. */
  function sample(text: string, name: string, labels: Record<string, string>): number | null {
    const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
    for (const line of text.split('\n')) {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match || match[1] !== name) continue;
      const present = (match[2] ?? '').split(',');
      if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
    }
    return null;
  }

  it('answers 404 without the token or with a wrong one, like any unknown address', async () => {
    for (const token of ['', 'un-autre-jeton-de-supervision-long']) {
      const response = await scrape(token);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route template and status, never by raw URL', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/api/products`)).status).toBe(200);
    expect((await fetch(`${base}/api/products/987654`)).status).toBe(404);
    expect((await fetch(`${base}/api/aleatoire-${Date.now()}`)).status).toBe(404);

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(
      sample(text, 'http_requests_total', { route: '/api/products', method: 'GET', status: '200' }),
    ).toBe(3);
    expect(
      sample(text, 'http_requests_total', { route: '/api/products/:id', method: 'GET', status: '404' }),
    ).toBe(1);
    expect(sample(text, 'http_requests_total', { route: '/api (sans route)', status: '404' })).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('aleatoire');
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/api/products', method: 'GET' }),
    ).toBe(3);
  });

  it('counts HTML cache misses and hits of public pages', async () => {
    const before = await (await scrape()).text();
    const hits = sample(before, 'html_cache_requests_total', { result: 'hit' }) ?? 0;
    const misses = sample(before, 'html_cache_requests_total', { result: 'miss' }) ?? 0;
    const first = await fetch(`${base}/about`);
    expect(first.headers.get('x-html-cache')).toBe('miss');
    const second = await fetch(`${base}/about`);
    expect(second.headers.get('x-html-cache')).toBe('hit');

    const text = await (await scrape()).text();
    expect(sample(text, 'html_cache_requests_total', { result: 'miss' })).toBe(misses + 1);
    expect(sample(text, 'html_cache_requests_total', { result: 'hit' })).toBe(hits + 1);
    expect(
      sample(text, 'http_requests_total', { route: 'page (cache)', method: 'GET', status: '200' }),
    ).toBeGreaterThan(0);
  });

  it("reports the outbox, the database pool, the event loop's lag and the process' memory", async () => {
    // A submission queues two mails (staff and client); without SMTP_URL they wait.
    const sent = await fetch(`${base}/api/submit-project`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: submissionForm(),
    });
    expect(sent.status).toBe(201);
    const text = await (await scrape()).text();
    expect(sample(text, 'outbox_mails', { status: 'pending' })).toBe(2);
    expect(sample(text, 'outbox_mails', { status: 'failed' })).toBe(0);
    expect(sample(text, 'db_pool_connections', { state: 'used' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections', { state: 'free' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections', { state: 'pending' })).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds', {})).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(10_000_000);
  });
});

describe('metrics switched off', () => {
  it('has no /metrics at all when METRICS_TOKEN is unset', async () => {
    const api = await openApiHarness(testEngines()[0]!);
    try {
      const app = createApp({
        config: api.env.config,
        db: api.db.knex,
        logger: silentLogger(),
        root: process.cwd(),
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const port = (server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
      await new Promise((resolve) => server.close(resolve));
    } finally {
      await api.cleanup();
    }
  });
});
