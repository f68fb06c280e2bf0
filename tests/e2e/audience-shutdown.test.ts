import { afterEach, expect, test } from 'vitest';
import { businessToday } from '#shared/calendar';
import { seededTemplate } from '../helpers/e2e-harness';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { queryReadOnly } from './read-database';

/**
 * A SIGTERM loses no count (docs/decisions/0043-audience-counting.md): the real server
 * process, whose batch would only run in an hour, writes the page views it holds before it
 * exits 0.
 */

let server: ServerProcess | undefined;
const START_AND_RUN_MS = 240_000;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

test(
  'writes the views counted since the last batch when it stops on SIGTERM',
  async () => {
    server = await startServer({ template: seededTemplate('demo'), env: { STATS_FLUSH_SECONDS: '3600' } });
    for (const path of ['/services', '/services', '/about']) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { 'User-Agent': BROWSER } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const date = businessToday();
    expect(queryReadOnly(server.databasePath, 'SELECT views FROM stats_days WHERE date = ?', date)).toEqual(
      [],
    );
    server.kill('SIGTERM');
    expect(await server.exitCode).toBe(0);
    expect(
      queryReadOnly(server.databasePath, 'SELECT views, visitors FROM stats_days WHERE date = ?', date),
    ).toEqual([{ views: 3, visitors: 1 }]);
    expect(
      queryReadOnly(
        server.databasePath,
        "SELECT key, views, visitors FROM stats_counts WHERE date = ? AND dimension = 'page' ORDER BY key",
        date,
      ),
    ).toEqual([
      { key: '/about', views: 1, visitors: 1 },
      { key: '/services', views: 2, visitors: 1 },
    ]);
  },
  START_AND_RUN_MS,
);
