import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { businessToday } from '#shared/calendar';
import { statsPeriodSchema } from '#shared/schemas/statistics';
import type { Config } from '#server/config';
import { csvFileName, sendCsv } from '#server/features/exports';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { requireAccess } from '#server/http/require-auth';
import { conversionsOf } from './conversions';
import { STATS_CSV_COLUMNS, statsCsvRows } from './statistics-csv';
import { trafficOf } from './traffic';

const BASE = '/admin/stats';

/** The period asked for, its missing bounds filled from today in Cotonou; 422 when it is not one. */
function periodOf(req: Request) {
  return parseInput(statsPeriodSchema(businessToday()), req.query);
}

/** An async iterable of a finished list: sendCsv reads its rows one by one. */
async function* each<Row>(rows: Iterable<Row>): AsyncGenerator<Row> {
  yield* rows;
}

/**
 * The statistics' reads (docs/product-rules.md, "The statistics screen"), for the roles with
 * the `statistics` access: the audience, the conversions and the CSV of both, over a period
 * of business days. Counting is the audience feature's, never done here.
 */
export function statisticsRoutes(deps: { config: Config; db: Knex }): Router {
  const router = Router();
  const { db } = deps;
  const statistics = requireAccess(deps, 'statistics');

  router.get(`${BASE}/traffic`, statistics, noStore, async (req, res) => {
    res.json(await trafficOf(db, periodOf(req)));
  });

  router.get(`${BASE}/conversions`, statistics, noStore, async (req, res) => {
    res.json(await conversionsOf(db, periodOf(req)));
  });

  router.get(`${BASE}/export.csv`, statistics, async (req, res) => {
    const period = periodOf(req);
    const [traffic, conversions] = await Promise.all([trafficOf(db, period), conversionsOf(db, period)]);
    await sendCsv(
      res,
      csvFileName('statistiques'),
      STATS_CSV_COLUMNS,
      each(statsCsvRows(traffic, conversions)),
    );
  });

  return router;
}
