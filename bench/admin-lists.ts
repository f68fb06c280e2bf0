import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { engineOf } from '#server/db/dialect';
import { closeDb, createDb } from '#server/db/knex';
import { createLogger } from '#server/logger';
import {
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  testServerEnv,
  type ServerProcess,
} from '../tests/helpers/server-process';
import { median, type Row } from './table';

/**
 * `npm run bench -- --admin`: the back office's lists at scale (docs/product-rules.md,
 * "Lists of the back office" and "Bulk actions"), against the production server on a
 * database seeded with `--large --scale 10`, signed in as the administrator. Each figure is
 * the client's time from the request to the last byte of the answer, sequential, after a
 * warm-up. A list the server does not have yet (404) prints 'absent'. Then the query plans
 * the lists rely on: the SQL the same requests run, captured from an app built in this
 * process on the same database, explained by the engine.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = 30;
const WARM_UP = 5;
const BULK_ROUNDS = 3;
const BULK_ROWS = 500;
const PER_PAGE = 50;
const MAX_LIST_P95_MS = 50;
const MAX_BULK_MS = 2000;

interface AdminList {
  path: string;
  /** A sort the list offers besides its default, newest first. */
  sorted: string;
  /** A filter of the list, or a search when it has none worth measuring. */
  filtered: string;
}

/** Every list of the back office, as the lists' contract names their paths and parameters. */
const LISTS: readonly AdminList[] = [
  { path: 'products', sorted: 'sort=price', filtered: 'category_id=1&publication=published' },
  { path: 'categories', sorted: 'sort=products_count', filtered: 'search=mobilier' },
  { path: 'projects', sorted: 'sort=title', filtered: 'publication=published&search=villa' },
  { path: 'parcels', sorted: 'sort=price', filtered: 'search=Calavi' },
  { path: 'flotte-immobiliere', sorted: 'sort=estimated_value', filtered: 'search=villa' },
  { path: 'biens-immobiliers', sorted: 'sort=description', filtered: 'search=groupe' },
  { path: 'promotions', sorted: 'sort=end_date', filtered: 'search=ciment' },
  { path: 'testimonials', sorted: 'sort=client_name', filtered: 'search=Cotonou' },
  { path: 'project-submissions', sorted: 'sort=status', filtered: 'status=new' },
  { path: 'contact-messages', sorted: 'sort=name', filtered: 'status=unread' },
  { path: 'outbox', sorted: 'sort=status', filtered: 'status=sent' },
  { path: 'site-updates', sorted: 'sort=progress', filtered: 'search=villa' },
  { path: 'users', sorted: 'sort=email', filtered: 'search=admin' },
  { path: 'activity', sorted: 'sort=created_at', filtered: 'entity=product' },
];

interface Timing {
  status: number;
  /** Milliseconds, one per sample; empty when the first answer was not a 200. */
  times: number[];
  /** The first answer's text when it was not a 200 (what the bench could not measure). */
  error?: string;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1).replace('.', ',')} ms`;

export class AdminClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    /** The APP_URL the server expects writes from (same-origin check). */
    private readonly origin: string,
  ) {}

  static async signIn(baseUrl: string, origin = baseUrl): Promise<AdminClient> {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    });
    const body = (await response.json()) as { access_token?: string; message?: string };
    if (!response.ok || !body.access_token) {
      throw new Error(`connexion de l’administrateur refusée (${response.status}) : ${body.message ?? ''}`);
    }
    return new AdminClient(baseUrl, body.access_token, origin);
  }

  /** One request, read to its last byte: its status, its text and the time it took. */
  async once(pathAndQuery: string, body?: unknown): Promise<{ status: number; text: string; ms: number }> {
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${pathAndQuery}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${this.token}`,
        'Accept-Encoding': 'gzip',
        Origin: this.origin,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started };
  }

  /** WARM_UP requests, then SAMPLES timed ones, one after the other. */
  async time(pathAndQuery: string): Promise<Timing> {
    const first = await this.once(pathAndQuery);
    if (first.status !== 200) return { status: first.status, times: [], error: first.text.slice(0, 160) };
    for (let i = 1; i < WARM_UP; i++) await this.once(pathAndQuery);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push((await this.once(pathAndQuery)).ms);
    return { status: 200, times };
  }
}

/** A line of the table: median and p95 against the target, 'absent' for a 404. */
function timingRow(figure: string, timing: Timing, maxP95: number): Row {
  if (timing.status === 404) return { figure, value: 'absent', target: `p95 ≤ ${maxP95} ms`, pass: null };
  if (timing.status !== 200) {
    return {
      figure,
      value: `réponse ${timing.status} : ${timing.error ?? ''}`.slice(0, 120),
      target: `p95 ≤ ${maxP95} ms`,
      pass: false,
    };
  }
  const p95 = percentile(timing.times, 95);
  return {
    figure,
    value: `médiane ${ms(median(timing.times))}, p95 ${ms(p95)} (${timing.times.length})`,
    target: `p95 ≤ ${maxP95} ms`,
    pass: p95 <= maxP95,
  };
}

const listQueries = (list: AdminList): [label: string, query: string][] => [
  ['première page', `page=1&per_page=${PER_PAGE}`],
  ['page triée', `page=2&per_page=${PER_PAGE}&${list.sorted}`],
  ['page filtrée', `page=1&per_page=${PER_PAGE}&${list.filtered}`],
];

/** What a search by phone and by name looks for: a request of the seed, typed without spaces. */
async function searchTerms(db: Knex): Promise<{ phone: string; name: string }> {
  const phoned = await db('project_submissions')
    .whereNull('deleted_at')
    .whereRaw("phone not like '+%'")
    .orderBy('id', 'desc')
    .first('phone', 'last_name');
  return { phone: String(phoned?.phone ?? '97123456'), name: String(phoned?.last_name ?? 'Houngbédji') };
}

async function bulkRows(client: AdminClient, db: Knex): Promise<Row[]> {
  const figure = `POST /api/admin/products/bulk, ${BULK_ROWS} produits (dépublier puis republier, ${BULK_ROUNDS} fois)`;
  const target = `≤ ${MAX_BULK_MS / 1000} s`.replace('.', ',');
  const ids = (
    await db('products')
      .whereNull('deleted_at')
      .where('publication', 'published')
      .orderBy('id')
      .limit(BULK_ROWS)
      .pluck('id')
  ).map(Number);
  if (ids.length < BULK_ROWS) {
    return [{ figure, value: `seulement ${ids.length} produits publiés`, target, pass: false }];
  }
  const times: number[] = [];
  for (let round = 0; round < BULK_ROUNDS; round++) {
    for (const action of ['unpublish', 'publish']) {
      const answer = await client.once('/api/admin/products/bulk', { action, ids });
      if (answer.status === 404) return [{ figure, value: 'absent', target, pass: null }];
      if (answer.status !== 200) {
        return [
          { figure, value: `réponse ${answer.status} : ${answer.text.slice(0, 100)}`, target, pass: false },
        ];
      }
      times.push(answer.ms);
    }
  }
  const worst = Math.max(...times);
  return [
    {
      figure,
      value: `médiane ${ms(median(times))}, max ${ms(worst)} (${times.length})`,
      target,
      pass: worst <= MAX_BULK_MS,
    },
  ];
}

/** The measured lines of the back office's lists, search and bulk action. */
export async function adminListRows(server: ServerProcess, db: Knex): Promise<Row[]> {
  const client = await AdminClient.signIn(server.baseUrl);
  const rows: Row[] = [];
  for (const list of LISTS) {
    for (const [label, query] of listQueries(list)) {
      const timing = await client.time(`/api/admin/${list.path}?${query}`);
      rows.push(timingRow(`GET /api/admin/${list.path}, ${label} (${query})`, timing, MAX_LIST_P95_MS));
    }
  }
  const terms = await searchTerms(db);
  for (const [label, q] of [
    ['un téléphone', terms.phone],
    ['un nom', terms.name],
  ] as const) {
    const query = `q=${encodeURIComponent(q)}`;
    const timing = await client.time(`/api/admin/search?${query}`);
    rows.push(timingRow(`GET /api/admin/search, ${label} (${query})`, timing, MAX_LIST_P95_MS));
  }
  rows.push(...(await bulkRows(client, db)));
  return rows;
}

/** The database of the bench's server, opened in this process with the server's settings. */
export function benchConfig(server: ServerProcess) {
  return loadConfig({
    ...testServerEnv(server.databasePath, server.storageDir),
    APP_URL: server.baseUrl,
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
}

export function openBenchDb(server: ServerProcess): Knex {
  return createDb(benchConfig(server).database);
}

interface Captured {
  sql: string;
  bindings: readonly unknown[];
}

/**
 * The SELECTs each list's first page runs, captured from an app built here on the same
 * database (the same routes and knex code as the server), each with the engine's plan:
 * `EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN` on MySQL/MariaDB.
 */
export async function listQueryPlans(server: ServerProcess): Promise<string> {
  const config = benchConfig(server);
  const db = createDb(config.database);
  const app = createApp({ config, db, logger: createLogger('silent'), root });
  const listener = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => listener.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  let captured: Captured[] = [];
  db.on('query', (query: { sql: string; bindings?: readonly unknown[] }) => {
    captured.push({ sql: query.sql, bindings: query.bindings ?? [] });
  });
  const lines: string[] = [];
  try {
    const client = await AdminClient.signIn(baseUrl, config.appUrl);
    const mysql = engineOf(db) === 'mysql';
    captured = [];
    await client.once('/api/auth/user');
    const session = new Set(captured.map((q) => q.sql));
    for (const list of LISTS) {
      for (const [label, query] of listQueries(list)) {
        captured = [];
        const answer = await client.once(`/api/admin/${list.path}?${query}`);
        if (answer.status !== 200) {
          if (label === 'première page')
            lines.push(
              `\n/api/admin/${list.path} : ${answer.status === 404 ? 'absent' : `réponse ${answer.status}`}`,
            );
          break;
        }
        lines.push(`\n/api/admin/${list.path}?${query}`);
        // The list's own reads: the session's look-ups (token, account) are left out.
        const reads = captured.filter((q) => /^\s*select/i.test(q.sql) && !session.has(q.sql));
        for (const read of reads) {
          lines.push(`  ${read.sql.replace(/\s+/g, ' ').slice(0, 220)}`);
          const plan = await db.raw(`${mysql ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${read.sql}`, [
            ...read.bindings,
          ] as Knex.RawBinding[]);
          for (const step of planLines(plan, mysql)) lines.push(`    ${step}`);
        }
      }
    }
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await closeDb(db);
  }
  return lines.join('\n');
}

/** The plan's rows as one line each: SQLite's detail, MySQL's table, access type and key. */
function planLines(plan: unknown, mysql: boolean): string[] {
  if (mysql) {
    const [rows] = plan as [Record<string, unknown>[]];
    return rows.map(
      (r) =>
        `${String(r.table)} : ${String(r.type)}, clé ${String(r.key ?? '—')}, ~${String(r.rows)} lignes${r.Extra ? `, ${String(r.Extra)}` : ''}`,
    );
  }
  return (plan as { detail: string }[]).map((r) => r.detail);
}
