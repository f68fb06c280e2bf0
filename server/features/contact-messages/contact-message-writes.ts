import type { Knex } from 'knex';
import type { ContactMessageUpdate } from '#shared/schemas/contact-message';
import { changedFields, recordActivity, tableRow, type Actor } from '#server/features/activity';
import { deleteContactMessage, updateContactMessage } from './contact-messages.repository';

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

export async function removeContactMessage(db: Knex, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const before = await tableRow(trx, 'contact_messages', id);
    if (!before || !(await deleteContactMessage(trx, id))) return false;
    await recordActivity(trx, actor, {
      action: 'delete',
      entity: 'contact_message',
      entityId: id,
      label: labelOf(before),
    });
    return true;
  });
}

const labelOf = (row: Record<string, unknown>) => (row.reference ? String(row.reference) : null);
