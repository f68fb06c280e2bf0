import { runLoad } from './load-runner';
import type { Row } from './table';

/**
 * One anonymous client flooding the site (docs/decisions/0010 and 0011): while 20
 * connections post sign-ins with random e-mails, or ask the catalogue for random searches,
 * the median latency of `GET /api/products` and of a cached `/` must stay within 1.5 times
 * what the same flood of requests answered by a plain 404 does to them. On 2 cores even a
 * 404 flood slows other requests several times: the control, measured in the same run, is
 * what makes the figure mean something.
 *
 * Each flood has its own control: the very same requests (a JSON body with a new random
 * e-mail each time, or a new random query string) sent to an API path that answers 404.
 * A control of bare GETs of one fixed URL would leave out what the load generator pays to
 * build a new request each time and what the server pays to read it, and charge both to
 * the route under test.
 */
// The steady state of a flood: a client's first tries (its sign-ins up to the per-client
// limit, its renders up to its budget) are spent during the warm-up.
const FLOOD_SECONDS = 20;
const WARM_UP_MS = 8_000;
const PROBE_MS = 10_000;
const PROBES = ['/api/products', '/'] as const;
const MAX_RATIO = 1.5;

type Randomized = 'login' | 'search';
type Flood = { kind: 'none' } | { kind: Randomized; answeredBy404: boolean };

async function probe(baseUrl: string, url: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function medians(baseUrl: string, flood: Flood): Promise<Record<(typeof PROBES)[number], number>> {
  const load =
    flood.kind === 'none'
      ? Promise.resolve(null)
      : runLoad({
          url: baseUrl,
          connections: 20,
          duration: FLOOD_SECONDS,
          randomize: flood.kind,
          answeredBy404: flood.answeredBy404,
        });
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  const until = Date.now() + PROBE_MS;
  const result = {} as Record<(typeof PROBES)[number], number>;
  // Alternating probes share the same moments of the flood.
  const samples = await Promise.all(PROBES.map((url) => probe(baseUrl, url, until)));
  PROBES.forEach((url, i) => (result[url] = median(samples[i]!)));
  await load;
  return result;
}

export async function floodRows(baseUrl: string): Promise<Row[]> {
  // Warm the cache of `/` first: the probe measures a cached page.
  await fetch(`${baseUrl}/`);
  const quiet = await medians(baseUrl, { kind: 'none' });
  const rows: Row[] = [];
  const ms = (value: number) => `${value.toFixed(1).replace('.', ',')} ms`;
  for (const url of PROBES)
    rows.push({ figure: `Médiane ${url} au repos`, value: ms(quiet[url]), target: 'repère', pass: null });
  for (const kind of ['login', 'search'] as const) {
    const label = kind === 'login' ? 'connexions aux e-mails aléatoires' : '/products?search=<aléatoire>';
    const control = await medians(baseUrl, { kind, answeredBy404: true });
    for (const url of PROBES)
      rows.push({
        figure: `Médiane ${url} sous les mêmes requêtes (${label}) répondues par un 404`,
        value: ms(control[url]),
        target: 'témoin',
        pass: null,
      });
    const figures = await medians(baseUrl, { kind, answeredBy404: false });
    for (const url of PROBES) {
      const ratio = figures[url] / control[url];
      rows.push({
        figure: `Médiane ${url} sous 20 connexions de ${label}`,
        value: `${ms(figures[url])} (${ratio.toFixed(2).replace('.', ',')} × témoin 404)`,
        target: `≤ ${String(MAX_RATIO).replace('.', ',')} × témoin`,
        pass: ratio <= MAX_RATIO,
      });
    }
  }
  return rows;
}
