import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { can } from '#shared/roles';
import {
  submissionBulkSchema,
  submissionExportQuerySchema,
  submissionListQuerySchema,
  submissionMessages,
  submissionStatusUpdateSchema,
} from '#shared/schemas/submission';
import { bulkIds } from '#server/db/bulk';
import { ForbiddenError } from '#server/errors';
import type { Config } from '#server/config';
import { scopedByAssignee } from '#server/features/assignees';
import { csvFileName, sendCsv } from '#server/features/exports';
import { actorOf } from '#server/http/actor';
import { idParam } from '#server/http/id-param';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { authOf, requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import { submitProject } from './submit-project';
import { sendSubmissionZip } from './submission-zip';
import { SUBMISSION_CSV_COLUMNS } from './submissions-csv';
import { submissionsService } from './submissions.service';

/**
 * Project submissions (product rules, Entities, States and API; product rules, API): the public
 * POST /submit-project, and the back office's list, record, status update, zip download
 * and deletion (docs/product-rules.md, "Roles and access"): the leads access (administrator or
 * commercial) for all but the deletion, which destroys a client's record and files for good
 * and is the administrator's alone (operator). The request's site updates are
 * site-updates.routes.ts's, the only place a site manager reads a request. Full paths on one router, the guard on each route, so that a route table read from the
 * router shows what each path requires. The rules are the service's (submissions.service.ts).
 */
const BASE = '/admin/project-submissions';

export function submissionRoutes({
  config,
  db,
  onAccepted,
}: {
  config: Config;
  db: Knex;
  /** The audience count of an accepted request (server/features/audience), when counting. */
  onAccepted?: (req: Request) => void;
}): Router {
  const router = Router();
  const layout = storageFor(config);
  const submissions = submissionsService({ db, layout, config });
  const leads = requireAccess({ config, db }, 'leads');
  const operator = requireAccess({ config, db }, 'operator');
  const idOf = (req: Request) => idParam(req, submissionMessages.notFound);

  router.post('/submit-project', submitProject({ config, db, layout, submissions, onAccepted }));

  router.get(BASE, leads, noStore, async (req, res) => {
    const query = parseInput(submissionListQuerySchema, req.query);
    res.json({ success: true, ...(await submissions.list(scopedByAssignee(query, res))) });
  });

  // Before `${BASE}/:id`, which would read 'export.csv' as an id. Same query as the list,
  // every page (docs/product-rules.md, "CSV exports").
  router.get(`${BASE}/export.csv`, leads, async (req, res) => {
    const query = parseInput(submissionExportQuerySchema, req.query);
    await sendCsv(
      res,
      csvFileName('soumissions-projets'),
      SUBMISSION_CSV_COLUMNS,
      submissions.csvRows(scopedByAssignee(query, res)),
    );
  });

  // docs/product-rules.md, "Bulk actions": the leads access, as each change one by one;
  // moving requests to the trash stays the operator's, as DELETE ${BASE}/:id does.
  router.post(`${BASE}/bulk`, leads, noStore, async (req, res) => {
    const body = parseInput(submissionBulkSchema, req.body);
    const { user } = authOf(res);
    if (body.action === 'delete' && !can(user.role, 'operator')) throw new ForbiddenError();
    const ids = await bulkIds(body, (filter) => submissions.ids(scopedByAssignee(filter, res)));
    res.json(await submissions.bulk({ id: user.id, name: user.name, email: user.email }, body, ids));
  });

  router.get(`${BASE}/:id`, leads, noStore, async (req, res) => {
    res.json({ success: true, data: await submissions.get(idOf(req)) });
  });

  router.patch(`${BASE}/:id/status`, leads, noStore, async (req, res) => {
    const id = idOf(req);
    const update = parseInput(submissionStatusUpdateSchema, req.body);
    const { data, message } = await submissions.changeStatus(actorOf(res), id, update);
    res.json({ success: true, message, data });
  });

  router.get(`${BASE}/:id/download`, leads, async (req, res) => {
    await sendSubmissionZip(res, layout.files, await submissions.zip(idOf(req)));
  });

  router.delete(`${BASE}/:id`, operator, noStore, async (req, res) => {
    await submissions.remove(actorOf(res), idOf(req));
    res.json({ success: true, message: submissionMessages.deleted });
  });

  return router;
}
