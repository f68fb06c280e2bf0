import { Router } from 'express';
import type { Knex } from 'knex';
import { pagedData } from '#shared/paged';
import { activityListQuerySchema } from '#shared/schemas/activity';
import type { Config } from '#server/config';
import { csvFileName, sendCsv } from '#server/features/exports';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { requireAdmin } from '#server/http/require-auth';
import { ACTIVITY_CSV_COLUMNS, activityCsvRows } from './activity-csv';
import { activityPage, activityUsers } from './activity.repository';

const BASE = '/admin/activity';

/**
 * The activity log's reads (docs/product-rules.md, "Activity log"), for administrators only:
 * the paged list (shared/paged.ts) newest first, its CSV export with the same filters, and
 * the people who appear in it, for the screen's user filter.
 */
export function activityRoutes(deps: { config: Config; db: Knex }): Router {
  const router = Router();
  const { db } = deps;
  const admin = requireAdmin(deps);

  router.get(BASE, admin, noStore, async (req, res) => {
    const query = parseInput(activityListQuerySchema, req.query);
    const { rows, total } = await activityPage(db, query);
    res.json(pagedData(rows, total, query));
  });

  router.get(`${BASE}/export.csv`, admin, async (req, res) => {
    const query = parseInput(activityListQuerySchema, req.query);
    await sendCsv(res, csvFileName('journal-activite'), ACTIVITY_CSV_COLUMNS, activityCsvRows(db, query));
  });

  router.get(`${BASE}/users`, admin, noStore, async (_req, res) => {
    res.json({ data: await activityUsers(db) });
  });

  return router;
}
