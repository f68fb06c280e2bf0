import type { Knex } from 'knex';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { countByStatus } from '#server/features/outbox';

/**
 * What an operator's Prometheus reads at GET /metrics (docs/decisions/0015-metrics.md):
 * requests by route and status and their durations, the HTML cache's hits and misses, the
 * database pool, and Node's own (event-loop lag, memory, CPU, handles) from prom-client's
 * default collectors. One registry per app, never prom-client's global one, so that tests
 * (and two apps in one process) count apart. Labels hold route templates, never raw
 * URLs: a flood of random paths cannot grow the registry.
 */
export interface Metrics {
  registry: Registry;
  /** One answered request: `route` is a template (`/api/products/:id`) or a kind (`page`, `static`). */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** A public page answered from the HTML cache, or rendered into it. */
  countPage(result: 'hit' | 'miss'): void;
}

/** Seconds: an API read takes milliseconds, a 25 MB upload on mobile data tens of seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The part of tarn's pool (knex's) that says how busy it is. */
interface PoolState {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function poolOf(db: Knex): PoolState | null {
  const pool = (db.client as { pool?: Partial<PoolState> }).pool;
  return pool && typeof pool.numUsed === 'function' ? (pool as PoolState) : null;
}

export function createMetrics(db: Knex, extra: (registry: Registry) => void = () => undefined): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const pages = new Counter({
    name: 'html_cache_requests_total',
    help: 'Public pages answered from the HTML cache (hit) or rendered into it (miss).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections in the pool: in use, free, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolOf(db);
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending' }, pool.numPendingAcquires());
    },
  });
  new Gauge({
    name: 'outbox_mails',
    help: 'Mails in the outbox by status (pending, sending, sent, failed).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      // A scrape during a database outage still answers the process' own figures.
      const counts = await countByStatus(db).catch(() => null);
      if (counts) for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  extra(registry);

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      durations.observe({ route, method }, seconds);
    },
    countPage(result) {
      pages.inc({ result });
    },
  };
}
