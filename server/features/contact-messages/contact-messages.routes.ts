import { noStore } from '#server/http/no-store';
import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { can } from '#shared/roles';
import {
  contactMessageBulkSchema,
  contactMessageExportQuerySchema,
  contactMessageListQuerySchema,
  contactMessageUpdateSchema,
  contactMessages,
} from '#shared/schemas/contact-message';
import { bulkIds } from '#server/db/bulk';
import type { Config } from '#server/config';
import { scopedByAssignee } from '#server/features/assignees';
import { ForbiddenError, NotFoundError } from '#server/errors';
import { csvFileName, sendCsv } from '#server/features/exports';
import { actorOf } from '#server/http/actor';
import { idParam } from '#server/http/id-param';
import { parseInput } from '#server/http/parse-input';
import { authOf, requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import { CONTACT_MESSAGE_CSV_COLUMNS, contactMessageCsvRows } from './contact-messages-csv';
import { contactMessageIds, findContactMessage, listContactMessages } from './contact-messages.repository';
import { sendContactMessage } from './send-contact-message';
import {
  bulkContactMessages,
  changeContactMessageStatus,
  removeContactMessage,
} from './contact-message-writes';

/**
 * Contact messages (docs/product-rules.md, "Contact form" and "Messages inbox"): the public
 * POST /contact-messages, and the back office's list, CSV export, record, status change and
 * deletion. Full paths, the guard on each route, like the submissions' routes: reading,
 * exporting and changing a message's status need the leads access (administrator or
 * commercial); deleting one is the administrator's alone (operator), because it destroys a
 * visitor's record for good (docs/product-rules.md, "Roles and access").
 */
const BASE = '/admin/contact-messages';

export function contactMessageRoutes({
  config,
  db,
  onAccepted,
}: {
  config: Config;
  db: Knex;
  /** The audience count of an accepted message (server/features/audience), when counting. */
  onAccepted?: (req: Request) => void;
}): Router {
  const router = Router();
  const leads = requireAccess({ config, db }, 'leads');
  const operator = requireAccess({ config, db }, 'operator');
  const layout = storageFor(config);

  router.post('/contact-messages', sendContactMessage({ config, db, onAccepted }));

  router.get(BASE, leads, noStore, async (req, res) => {
    const query = parseInput(contactMessageListQuerySchema, req.query);
    res.json({ success: true, ...(await listContactMessages(db, scopedByAssignee(query, res))) });
  });

  // Before `${BASE}/:id`, which would read 'export.csv' as an id.
  router.get(`${BASE}/export.csv`, leads, async (req, res) => {
    const query = parseInput(contactMessageExportQuerySchema, req.query);
    await sendCsv(
      res,
      csvFileName('messages-contact'),
      CONTACT_MESSAGE_CSV_COLUMNS,
      contactMessageCsvRows(db, scopedByAssignee(query, res)),
    );
  });

  // docs/product-rules.md, "Bulk actions": the leads access, as each change one by one;
  // moving messages to the trash stays the operator's, as DELETE ${BASE}/:id does.
  router.post(`${BASE}/bulk`, leads, noStore, async (req, res) => {
    const body = parseInput(contactMessageBulkSchema, req.body);
    const { user } = authOf(res);
    if (body.action === 'delete' && !can(user.role, 'operator')) throw new ForbiddenError();
    const ids = await bulkIds(body, (filter) => contactMessageIds(db, scopedByAssignee(filter, res)));
    const by = { id: user.id, name: user.name, email: user.email };
    res.json(await bulkContactMessages({ db, layout, config }, by, body, ids));
  });

  router.get(`${BASE}/:id`, leads, noStore, async (req, res) => {
    const message = await findContactMessage(db, idParam(req, contactMessages.notFound));
    if (!message) throw new NotFoundError(contactMessages.notFound);
    res.json({ success: true, data: message });
  });

  router.patch(`${BASE}/:id`, leads, noStore, async (req, res) => {
    const id = idParam(req, contactMessages.notFound);
    const update = parseInput(contactMessageUpdateSchema, req.body);
    if (!(await changeContactMessageStatus(db, actorOf(res), id, update, new Date())))
      throw new NotFoundError(contactMessages.notFound);
    res.json({
      success: true,
      message: contactMessages.statusUpdated,
      data: await findContactMessage(db, id),
    });
  });

  router.delete(`${BASE}/:id`, operator, noStore, async (req, res) => {
    if (!(await removeContactMessage({ db, layout }, actorOf(res), idParam(req, contactMessages.notFound))))
      throw new NotFoundError(contactMessages.notFound);
    res.json({ success: true, message: contactMessages.deleted });
  });

  return router;
}
