import { noStore } from '#server/http/no-store';
import { idParam } from '#server/http/id-param';
import { Router } from 'express';
import type { Knex } from 'knex';
import { pagedData } from '#shared/paged';
import {
  outboxBulkSchema,
  outboxListQuerySchema,
  outboxMessages,
  type OutboxListAnswer,
} from '#shared/schemas/outbox';
import type { Config } from '#server/config';
import { bulkIds, runBulk } from '#server/db/bulk';
import { ConflictError, NotFoundError } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { parseInput } from '#server/http/parse-input';
import { requireAdmin } from '#server/http/require-auth';
import { findMail, listMails, mailIds } from './outbox.repository';
import { retryMail } from './retry-mail';
import { toOutboxMail } from './outbox-view';

/**
 * The back office's outbox: the list (paged, sorted, searched and filtered by status on the
 * server: docs/product-rules.md, "Lists of the back office") and 'Renvoyer' for a failed
 * mail, one or a selection ("Bulk actions"). Administrators only; mails hold visitors'
 * personal data, so no cache may keep an answer.
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

  router.post(`${BASE}/bulk`, admin, noStore, async (req, res) => {
    const body = parseInput(outboxBulkSchema, req.body);
    const ids = await bulkIds(body, (filter) => mailIds(db, filter));
    const actor = actorOf(res);
    const now = new Date();
    res.json(await runBulk(db, ids, (trx, id) => retryMail(trx, actor, id, now)));
  });

  router.post(`${BASE}/:id/retry`, admin, noStore, async (req, res) => {
    const id = idParam(req, outboxMessages.notFound);
    const actor = actorOf(res);
    const outcome = await db.transaction((trx) => retryMail(trx, actor, id, new Date()));
    if (outcome !== 'changed') {
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
