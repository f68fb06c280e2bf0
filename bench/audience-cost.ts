import type { ServerProcess } from '../tests/helpers/server-process';
import { AdminClient } from './admin-lists';
import { floodRows } from './flood';
import { HTML_HEADERS } from './html-throughput';
import { rawGet } from './http-probe';
import { runLoad } from './load-runner';
import { fmtInt, median, type Row } from './table';

/**
 * What counting the audience costs the request path (docs/decisions/0043-audience-counting.md):
 * the same server with `STATS_ENABLED` on and off, alternated round after round so that a
 * machine's drift falls on both, under the load the bench already uses for cached HTML, then
 * the flood section once each way. Target: counting keeps at least 95 % of the throughput.
 *
 * The load carries a phone's user agent (HTML_HEADERS): a request without one is not counted,
 * and a bench that never counts would measure nothing.
 */
const HEADERS = HTML_HEADERS;
const PAGES = ['/', '/products'] as const;
const ROUNDS = 3;
const SECONDS = 15;
const MIN_KEPT = 0.95;

export type AudienceServer = (env: Record<string, string>) => Promise<ServerProcess>;

const modeEnv = (counting: boolean) => ({ STATS_ENABLED: String(counting), STATS_FLUSH_SECONDS: '2' });

/** The views the server wrote for today: proof that the "on" rounds did count. */
async function countedViews(server: ServerProcess): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 3_000)); // one flush
  const admin = await AdminClient.signIn(server.baseUrl);
  const answer = await admin.once('/api/admin/stats/traffic');
  const body = JSON.parse(answer.text) as { days?: { views: number }[] };
  return (body.days ?? []).reduce((sum, day) => sum + day.views, 0);
}

async function throughputRound(
  start: AudienceServer,
  counting: boolean,
): Promise<{ perPage: Record<string, number>; counted: number; sent: number }> {
  const server = await start(modeEnv(counting));
  try {
    const perPage: Record<string, number> = {};
    let sent = 0;
    for (const page of PAGES) {
      const url = `${server.baseUrl}${page}`;
      await rawGet(url, HEADERS); // fills the cache
      const hit = await rawGet(url, HEADERS);
      if (hit.headers['x-html-cache'] !== 'hit') throw new Error(`${page} n'est pas servie depuis le cache`);
      const result = await runLoad({ url, connections: 10, duration: SECONDS, headers: HEADERS });
      perPage[page] = result.requestsPerSecond;
      sent += result.total + 2;
    }
    return { perPage, counted: counting ? await countedViews(server) : 0, sent };
  } finally {
    await server.stop();
  }
}

export async function audienceCostRows(start: AudienceServer, startFlood: AudienceServer): Promise<Row[]> {
  const rows: Row[] = [];
  const figures: Record<'on' | 'off', Record<string, number[]>> = { on: {}, off: {} };
  let counted = 0;
  let sent = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternating which goes first spreads a slow start of the machine over both.
    for (const counting of round % 2 ? [true, false] : [false, true]) {
      console.log(`Coût du comptage : tour ${round}/${ROUNDS}, comptage ${counting ? 'actif' : 'coupé'}…`);
      const result = await throughputRound(start, counting);
      const mode = counting ? 'on' : 'off';
      for (const [page, rps] of Object.entries(result.perPage)) (figures[mode][page] ??= []).push(rps);
      if (counting) {
        counted += result.counted;
        sent += result.sent;
      }
    }
  }
  rows.push({
    figure: `Pages vues comptées pendant les tours « comptage actif » (requêtes envoyées : ${fmtInt(sent)})`,
    value: fmtInt(counted),
    // A request in flight when the load stops may still be answered and counted.
    target: 'requêtes envoyées ± 1 %',
    pass: Math.abs(counted - sent) <= sent * 0.01,
  });
  for (const page of PAGES) {
    const on = median(figures.on[page]!);
    const off = median(figures.off[page]!);
    rows.push({
      figure: `HTML en cache ${page}, requêtes/s comptage actif / coupé (médiane de ${ROUNDS} × ${SECONDS} s)`,
      value: `${fmtInt(on)} / ${fmtInt(off)} = ${((on / off) * 100).toFixed(1)} %`,
      target: `≥ ${MIN_KEPT * 100} %`,
      pass: on / off >= MIN_KEPT,
    });
  }
  for (const counting of [true, false]) {
    console.log(`Inondations, comptage ${counting ? 'actif' : 'coupé'}…`);
    const server = await startFlood(modeEnv(counting));
    try {
      for (const row of await floodRows(server.baseUrl)) {
        rows.push({ ...row, figure: `${row.figure} (comptage ${counting ? 'actif' : 'coupé'})` });
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
}
