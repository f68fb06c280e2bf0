import { fromDbDateTime, toNumber } from '#server/db/dialect';
import type { OutboxRow } from './outbox-types';

/**
 * The Message-ID of an outbox row's mail, the same on every attempt: a mail that arrives
 * twice (delivery is at least once, docs/decisions/0018-outbox-and-mail.md) carries the
 * same one both times, so a mail client or the staff can tell the copy.
 *
 * The row's id alone would repeat between databases (a restored backup takes new requests
 * under ids its lost rows had already used, a test database starts again at 1); the
 * second at which the row was written, stored with it, tells those apart, while a copy of
 * the same row (restored, or sent again) keeps its Message-ID.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'created_at'>, host: string): string {
  const created = fromDbDateTime(row.created_at) ?? new Date(0);
  const stamp = created.toISOString().replace(/\D/g, '').slice(0, 14);
  return `<outbox-${toNumber(row.id)}.${stamp}@${host}>`;
}
