import type { Assignee } from '#shared/assignment';
import {
  CONTACT_MESSAGE_STATUS_LABELS,
  CONTACT_SUBJECTS,
  isContactSubject,
  type ContactMessage,
  type ContactMessageStatus,
} from '#shared/contact-message-rules';
import { fromDbDateTime, toNumber } from '#server/db/dialect';
import type { ContactMessageForMail } from '#server/features/mail';

/**
 * contact_messages as both drivers answer it (migrations/009-contact-messages.ts): what its
 * mails read, with the id as a driver gives it, the status and the reading.
 */
export interface ContactMessageRow extends Omit<ContactMessageForMail, 'id'> {
  id: number | string;
  status: string;
  read_at: string | Date | null;
  assignee_id: number | string | null;
}

export const CONTACT_MESSAGE_COLUMNS = [
  'id',
  'reference',
  'name',
  'email',
  'phone',
  'subject',
  'message',
  'status',
  'read_at',
  'assignee_id',
  'created_at',
] as const satisfies readonly (keyof ContactMessageRow)[];

function statusOf(value: string): ContactMessageStatus {
  return value === 'read' || value === 'archived' ? value : 'unread';
}

/**
 * The row as the back office reads it, with its assignee; a subject typed by hand in the
 * database reads as 'autre'.
 */
export function toContactMessage(row: ContactMessageRow, assignee: Assignee | null): ContactMessage {
  const subject = isContactSubject(row.subject) ? row.subject : 'autre';
  const status = statusOf(row.status);
  return {
    id: toNumber(row.id),
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject,
    subject_label: CONTACT_SUBJECTS[subject],
    message: row.message,
    status,
    status_label: CONTACT_MESSAGE_STATUS_LABELS[status],
    read_at: fromDbDateTime(row.read_at)?.toISOString() ?? null,
    assignee,
    created_at: fromDbDateTime(row.created_at)?.toISOString() ?? '',
  };
}
