import type { Knex } from 'knex';
import { bulkMessages } from '#shared/bulk';
import { outboxMessages } from '#shared/schemas/outbox';
import type { BulkOutcome } from '#server/db/bulk';
import { recordActivity, type Actor } from '#server/features/activity';
import { findMail, requeueFailed } from './outbox.repository';

/**
 * 'Renvoyer' of one mail, alone or in a selection (docs/product-rules.md, "Bulk actions"): a
 * failed mail goes back to the queue, due at once, and the activity log says so; a mail sent
 * or still queued is left as it is, with the reason.
 */
export async function retryMail(
  trx: Knex.Transaction,
  actor: Actor,
  id: number,
  now: Date,
): Promise<BulkOutcome> {
  if (!(await requeueFailed(trx, id, now))) {
    const mail = await findMail(trx, id);
    if (!mail) return { refused: bulkMessages.notFound };
    return {
      refused: mail.status === 'sent' ? outboxMessages.retryRefusedSent : outboxMessages.retryRefusedQueued,
    };
  }
  const mail = await findMail(trx, id);
  await recordActivity(trx, actor, {
    action: 'status',
    entity: 'mail',
    entityId: id,
    label: mail?.subject ?? null,
    changes: { status: ['failed', 'pending'] },
  });
  return 'changed';
}
