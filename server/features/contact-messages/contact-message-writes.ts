import type { Knex } from 'knex';
import { bulkMessages, type BulkAnswer } from '#shared/bulk';
import type { ContactMessageBulk, ContactMessageUpdate } from '#shared/schemas/contact-message';
import { runBulk, type BulkOutcome } from '#server/db/bulk';
import { changedFields, recordActivity, tableRow, type Actor } from '#server/features/activity';
import {
  assignmentService,
  type AssigningUser,
  type AssignmentDeps,
} from '#server/features/assignment/assignment.service';
import { moveManyToTrash, moveToTrash, type TrashWriteDeps } from '#server/features/trash';
import { updateContactMessage } from './contact-messages.repository';
import { messageTrash } from './message-trash';

/**
 * The back office's writes of a contact message, each with its row of the activity log in
 * the same transaction (docs/decisions/0036-activity-log.md): the reference names the
 * message; its status is the only value recorded, the sender's text and details never are.
 */

/** Read, archived or unread again. False when there is no such message. */
export async function changeContactMessageStatus(
  db: Knex,
  actor: Actor,
  id: number,
  update: ContactMessageUpdate,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (trx) => (await changeStatusIn(trx, actor, id, update, now)) !== null);
}

/**
 * The status change in the caller's transaction: 'changed' (and logged) or 'unchanged' (the
 * message already was so: nothing logged), null when there is no such live message.
 */
async function changeStatusIn(
  trx: Knex.Transaction,
  actor: Actor,
  id: number,
  update: ContactMessageUpdate,
  now: Date,
): Promise<'changed' | 'unchanged' | null> {
  const before = await tableRow(trx, 'contact_messages', id);
  if (!before || !(await updateContactMessage(trx, id, update, now))) return null;
  const changes = changedFields(before, { status: update.status });
  if (Object.keys(changes).length === 0) return 'unchanged';
  await recordActivity(trx, actor, {
    action: 'status',
    entity: 'contact_message',
    entityId: id,
    label: labelOf(before),
    changes,
  });
  return 'changed';
}

/** The status each bulk action sets (docs/product-rules.md, "Messages inbox"). */
const BULK_STATUSES = { read: 'read', unread: 'unread', archive: 'archived' } as const;

/**
 * A bulk action on `ids` (docs/product-rules.md, "Bulk actions"), in one transaction: each
 * message as the same change made one by one (its log entry; its assignee's mail), or the
 * trash for all of them.
 */
export async function bulkContactMessages(
  deps: TrashWriteDeps & { config: AssignmentDeps['config'] },
  by: AssigningUser,
  body: ContactMessageBulk,
  ids: readonly number[],
): Promise<BulkAnswer> {
  const { db } = deps;
  const actor: Actor = { id: by.id, name: by.name };
  const refuseMissing = (outcome: BulkOutcome | null): BulkOutcome =>
    outcome ?? { refused: bulkMessages.notFound };
  switch (body.action) {
    case 'delete':
      return moveManyToTrash(deps, actor, messageTrash, ids);
    case 'assign': {
      const assignment = assignmentService({ db, config: deps.config, ...(deps.now && { now: deps.now }) });
      const assignee = await assignment.bulkAssignee(body.assignee_id ?? null);
      return runBulk(db, ids, async (trx, id) =>
        refuseMissing(await assignment.assignIn(trx, 'contact_message', id, assignee, by)),
      );
    }
    default: {
      const status = BULK_STATUSES[body.action];
      const at = deps.now?.() ?? new Date();
      return runBulk(db, ids, async (trx, id) =>
        refuseMissing(await changeStatusIn(trx, actor, id, { status }, at)),
      );
    }
  }
}

/** To the trash (docs/product-rules.md, "Trash"): false when there is no such live message. */
export async function removeContactMessage(deps: TrashWriteDeps, actor: Actor, id: number): Promise<boolean> {
  return moveToTrash(deps, actor, messageTrash, id);
}

const labelOf = (row: Record<string, unknown>) => (row.reference ? String(row.reference) : null);
