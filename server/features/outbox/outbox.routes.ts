import { noStore } from '#server/http/no-store';
import { idParam } from '#server/http/id-param';
import { Router } from 'express';
import type { Knex } from 'knex';
import { pagedData } from '#shared/paged';
import { outboxListQuerySchema, outboxMessages, type OutboxListAnswer } from '#shared/schemas/outbox';
import type { Config } from '#server/config';
import { ConflictError, NotFoundError } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { recordActivity } from '#server/features/activity';
import { parseInput } from '#server/http/parse-input';
import { requireAdmin } from '#server/http/require-auth';
import { findMail, listMails, requeueFailed } from './outbox.repository';
import { toOutboxMail } from './outbox-view';

/**
 * The back office's outbox: the list (paged like the submissions, filtered by status) and
 * 'Renvoyer' for a failed mail. Administrators only; mails hold visitors' personal data,
 * so no cache may keep an answer.
 */
const BASE = '/admin/outbox';

export function outboxRoutes({ config, db }: { config: Config; db: Knex }): Router {
  const router = Router();
  const admin = requireAdmin({ config, db });
  const smtpConfigured = config.mail.smtpUrl !== null;

  router.get(BASE, admin, noStore, async (req, res) => {
    const query = parseInput(outboxListQuerySchema, req.query);
    const { rows, total } = await listMails(db, query);
    const answer: OutboxListAnswer = {
      success: true,
      data: pagedData(
        rows.map((row) => toOutboxMail(row, smtpConfigured)),
        total,
        query,
      ),
      smtp_configured: smtpConfigured,
    };
    res.json(answer);
  });

  router.post(`${BASE}/:id/retry`, admin, noStore, async (req, res) => {
    const id = idParam(req, outboxMessages.notFound);
    const actor = actorOf(res);
    const requeued = await db.transaction(async (trx) => {
      if (!(await requeueFailed(trx, id, new Date()))) return false;
      const mail = await findMail(trx, id);
      await recordActivity(trx, actor, {
        action: 'status',
        entity: 'mail',
        entityId: id,
        label: mail?.subject ?? null,
        changes: { status: ['failed', 'pending'] },
      });
      return true;
    });
    if (!requeued) {
      if (!(await findMail(db, id))) throw new NotFoundError(outboxMessages.notFound);
      throw new ConflictError(outboxMessages.retryRefused);
    }
    const row = await findMail(db, id);
    res.json({
      success: true,
      message: outboxMessages.retried,
      data: row ? toOutboxMail(row, smtpConfigured) : null,
    });
  });

  return router;
}
