import {
  OUTBOX_STATE_LABELS,
  OUTBOX_STATUSES,
  type OutboxMail,
  type OutboxStatus,
} from '#shared/schemas/outbox';
import { fromDbDateTime, toNumber } from '#server/db/dialect';
import { maskedLink } from './mail-secret';
import type { OutboxRow } from './outbox-types';

const iso = (value: string | Date | null) => fromDbDateTime(value)?.toISOString() ?? null;

function statusOf(value: string): OutboxStatus {
  return (OUTBOX_STATUSES as readonly string[]).includes(value) ? (value as OutboxStatus) : 'pending';
}

/**
 * A row for the back office. Without SMTP_URL a pending mail is shown as such: it is not
 * waiting for its turn but for a setting, and nothing pretends it went out.
 */
export function toOutboxMail(row: OutboxRow, smtpConfigured: boolean): OutboxMail {
  const status = statusOf(row.status);
  const state = status === 'pending' && !smtpConfigured ? 'unconfigured' : status;
  return {
    id: toNumber(row.id),
    recipients: row.recipients
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    reply_to: row.reply_to,
    subject: row.subject,
    // The client's tracking link, a colleague's invitation or reset link: shown masked.
    html: maskedLink(row.html, row.about_type),
    status,
    state,
    state_label: OUTBOX_STATE_LABELS[state],
    attempts: toNumber(row.attempts),
    next_attempt_at: status === 'pending' ? iso(row.next_attempt_at) : null,
    last_error: row.last_error,
    sent_at: iso(row.sent_at),
    about_type: row.about_type,
    about_id: toNumber(row.about_id),
    created_at: iso(row.created_at) ?? '',
    updated_at: iso(row.updated_at) ?? '',
  };
}
