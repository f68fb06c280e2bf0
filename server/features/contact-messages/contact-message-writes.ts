import type { Knex } from 'knex';
import type { ContactMessageUpdate } from '#shared/schemas/contact-message';
import { changedFields, recordActivity, tableRow, type Actor } from '#server/features/activity';
import { moveToTrash, type TrashWriteDeps } from '#server/features/trash';
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
  return db.transaction(async (trx) => {
    const before = await tableRow(trx, 'contact_messages', id);
    if (!before || !(await updateContactMessage(trx, id, update, now))) return false;
    const changes = changedFields(before, { status: update.status });
    if (Object.keys(changes).length > 0) {
      await recordActivity(trx, actor, {
        action: 'status',
        entity: 'contact_message',
        entityId: id,
        label: labelOf(before),
        changes,
      });
    }
    return true;
  });
}

/** To the trash (docs/product-rules.md, "Trash"): false when there is no such live message. */
export async function removeContactMessage(deps: TrashWriteDeps, actor: Actor, id: number): Promise<boolean> {
  return moveToTrash(deps, actor, messageTrash, id);
}

const labelOf = (row: Record<string, unknown>) => (row.reference ? String(row.reference) : null);
