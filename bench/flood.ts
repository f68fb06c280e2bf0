import { runLoad } from './load-runner';
import type { Row } from './table';

/**
 * One anonymous client flooding the site (docs/decisions/0010 and 0011): while 20
 * connections post sign-ins with random e-mails, or ask the catalogue for random searches,
 * the median latency of `GET /api/products` and of a cached `/` must stay within 1.5 times
 * what the same flood of plain 404s does to them. On 2 cores even a 404 flood slows other
 * requests several times: the control, measured in the same run, is what makes the figure
 * mean something.
 */
// The steady state of a flood: a client's first tries (its sign-ins up to the per-client
// limit, its renders up to its budget) are spent during the warm-up.
const FLOOD_SECONDS = 20;
const WARM_UP_MS = 8_000;
const PROBE_MS = 10_000;
const PROBES = ['/api/products', '/'] as const;
const MAX_RATIO = 1.5;

type Flood = 'none' | 'not-found' | 'login' | 'search';

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
    flood === 'none'
      ? Promise.resolve(null)
      : runLoad({
          url: flood === 'not-found' ? `${baseUrl}/api/inondation-introuvable` : baseUrl,
          connections: 20,
          duration: FLOOD_SECONDS,
          ...(flood === 'login' || flood === 'search' ? { randomize: flood } : {}),
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
  const quiet = await medians(baseUrl, 'none');
  const control = await medians(baseUrl, 'not-found');
  const rows: Row[] = [];
  const ms = (value: number) => `${value.toFixed(1).replace('.', ',')} ms`;
  for (const url of PROBES)
    rows.push({
      figure: `Médiane ${url} : au repos / sous 20 connexions de 404`,
      value: `${ms(quiet[url])} / ${ms(control[url])}`,
      target: 'témoin',
      pass: null,
    });
  for (const flood of ['login', 'search'] as const) {
    const figures = await medians(baseUrl, flood);
    const label = flood === 'login' ? 'connexions aux e-mails aléatoires' : '/products?search=<aléatoire>';
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
