import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { assigneeUpdateSchema, assignmentMessages } from '#shared/schemas/assignment';
import { contactMessages } from '#shared/contact-message-rules';
import { submissionMessages } from '#shared/submission-rules';
import type { Config } from '#server/config';
import { NotFoundError } from '#server/errors';
import { listAssignableUsers, type AssignedKind } from '#server/features/assignees';
import { idParam } from '#server/http/id-param';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { authOf, requireAccess } from '#server/http/require-auth';
import type { ContactMessage } from '#shared/contact-message-rules';
import type { ProjectSubmission } from '#shared/types';
import { assignmentService } from './assignment.service';

/**
 * How the answers read the record they assigned: given by server/app.ts, because the
 * requests' and messages' features use this one's service for their bulk assignment
 * (a feature never imports one that imports it: tests/unit/feature-circles.test.ts).
 */
export interface AssignedReaders {
  findSubmission: (db: Knex, id: number) => Promise<ProjectSubmission | null>;
  findContactMessage: (db: Knex, id: number) => Promise<ContactMessage | null>;
}

/**
 * Assignment (docs/product-rules.md, "Assignment"): who may be assigned, for the back
 * office's select, and the two PATCH routes that assign a request or a message. Each guard
 * is the lists' own: whoever works the requests assigns them.
 */
export function assignmentRoutes({
  config,
  db,
  readers,
}: {
  config: Config;
  db: Knex;
  readers: AssignedReaders;
}): Router {
  const { findSubmission, findContactMessage } = readers;
  const router = Router();
  const assignment = assignmentService({ db, config });
  const leads = requireAccess({ config, db }, 'leads');

  /** The PATCH of one kind: false for an unknown record; a 422 for a user who may not be assigned. */
  function assign(kind: AssignedKind, id: number, req: Request, res: Response): Promise<boolean> {
    const { user_id: userId } = parseInput(assigneeUpdateSchema, req.body);
    const { user } = authOf(res);
    return assignment.assign(kind, id, userId, { id: user.id, name: user.name, email: user.email });
  }

  router.get('/admin/assignees', leads, noStore, async (_req, res) => {
    res.json({ success: true, data: await listAssignableUsers(db) });
  });

  router.patch('/admin/project-submissions/:id/assignee', leads, noStore, async (req, res) => {
    const id = idParam(req, submissionMessages.notFound);
    const found = await assign('submission', id, req, res);
    const data = found ? await findSubmission(db, id) : null;
    if (!data) throw new NotFoundError(submissionMessages.notFound);
    const message = data.assignee
      ? assignmentMessages.submissionAssigned
      : assignmentMessages.submissionUnassigned;
    res.json({ success: true, message, data });
  });

  router.patch('/admin/contact-messages/:id/assignee', leads, noStore, async (req, res) => {
    const id = idParam(req, contactMessages.notFound);
    const found = await assign('contact_message', id, req, res);
    const data = found ? await findContactMessage(db, id) : null;
    if (!data) throw new NotFoundError(contactMessages.notFound);
    const message = data.assignee ? assignmentMessages.messageAssigned : assignmentMessages.messageUnassigned;
    res.json({ success: true, message, data });
  });

  return router;
}
