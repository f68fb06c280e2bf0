import { noStore } from '#server/http/no-store';
import { idParam } from '#server/http/id-param';
import { Router } from 'express';
import type { Knex } from 'knex';
import {
  submissionListQuerySchema,
  submissionMessages,
  submissionStatusUpdateSchema,
} from '#shared/schemas/submission';
import type { Config } from '#server/config';
import { NotFoundError } from '#server/errors';
import { csvFileName, sendCsv } from '#server/features/exports/csv-export';
import { parseInput } from '#server/http/parse-input';
import { authOf, requireAdmin } from '#server/http/require-auth';
import { SITES_PREFIX, SUBMISSIONS_PREFIX, sitePrefix, submissionPrefix } from '#server/storage/keys';
import { storageFor } from '#server/storage/storage-for';
import { submitProject } from './submit-project';
import { sendSubmissionZip } from './submission-zip';
import { SUBMISSION_CSV_COLUMNS, submissionCsvRows } from './submissions-csv';
import {
  deleteSubmissionRows,
  findSubmission,
  listSubmissions,
  updateSubmissionStatus,
} from './submissions.repository';

/**
 * Project submissions (product rules, Entities, States and API; product rules, API): the public
 * POST /submit-project, and the back office's list, record, status update, zip download
 * and deletion, each behind requireAdmin (product rules: every /admin/* needs an administrator).
 * Full paths on one router, the guard on each route, so that a route table read from the
 * router shows what each path requires.
 */
const BASE = '/admin/project-submissions';

export function submissionRoutes({ config, db }: { config: Config; db: Knex }): Router {
  const router = Router();
  const layout = storageFor(config);
  const admin = requireAdmin({ config, db });

  router.post('/submit-project', submitProject({ config, db, layout }));

  router.get(BASE, admin, noStore, async (req, res) => {
    const query = parseInput(submissionListQuerySchema, req.query);
    res.json({ success: true, ...(await listSubmissions(db, query)) });
  });

  // Before `${BASE}/:id`, which would read 'export.csv' as an id. Same query as the list,
  // every page (docs/product-rules.md, "CSV exports").
  router.get(`${BASE}/export.csv`, admin, async (req, res) => {
    const query = parseInput(submissionListQuerySchema, req.query);
    await sendCsv(
      res,
      csvFileName('soumissions-projets'),
      SUBMISSION_CSV_COLUMNS,
      submissionCsvRows(db, query),
    );
  });

  router.get(`${BASE}/:id`, admin, noStore, async (req, res) => {
    const submission = await findSubmission(db, idParam(req, submissionMessages.notFound));
    if (!submission) throw new NotFoundError(submissionMessages.notFound);
    res.json({ success: true, data: submission });
  });

  router.patch(`${BASE}/:id/status`, admin, noStore, async (req, res) => {
    const id = idParam(req, submissionMessages.notFound);
    const update = parseInput(submissionStatusUpdateSchema, req.body);
    const { user } = authOf(res);
    const context = { author: { id: user.id, name: user.name }, mail: config };
    if (!(await updateSubmissionStatus(db, id, update, new Date(), context)))
      throw new NotFoundError(submissionMessages.notFound);
    res.json({
      success: true,
      message: submissionMessages.statusUpdated,
      data: await findSubmission(db, id),
    });
  });

  router.get(`${BASE}/:id/download`, admin, async (req, res) => {
    await sendSubmissionZip(db, layout, idParam(req, submissionMessages.notFound), res);
  });

  router.delete(`${BASE}/:id`, admin, noStore, async (req, res) => {
    const id = idParam(req, submissionMessages.notFound);
    // Storage that refuses writes stops the delete before the rows: a 503, with the rows
    // and their files as they were (docs/decisions/0012-shutdown-order-and-honest-faults.md).
    await layout.files.ensureWritable(
      [SUBMISSIONS_PREFIX, submissionPrefix(id), SITES_PREFIX, sitePrefix(id)],
      { missingOk: true },
    );
    if (!(await deleteSubmissionRows(db, id))) throw new NotFoundError(submissionMessages.notFound);
    // After the rows: a failure here leaves orphan files, never a row without its files;
    // the delete happened, so it is logged rather than answered as a failure.
    // Its attachments and the photos of its site updates.
    for (const prefix of [submissionPrefix(id), sitePrefix(id)]) {
      try {
        await layout.files.removeAll(prefix);
      } catch (err) {
        req.log.warn({ err, submission: id }, 'fichiers de la demande non supprimés');
      }
    }
    res.json({ success: true, message: submissionMessages.deleted });
  });

  return router;
}
