import type { Knex } from 'knex';
import type { Config } from '#server/config';
import {
  queueContactMessageMails,
  type ContactMessageForMail,
} from '#server/features/mail/contact-message-mails';
import {
  queueSubmissionMails,
  type AttachmentForMail,
  type SubmissionForMail,
} from '#server/features/mail/submission-mails';
import { toNumber } from '#server/db/dialect';
import type { OutboxRow } from '#server/features/outbox/outbox-types';

/** What the outbox tests share: a submission and a contact message as their features hand them over. */

export const SCRIPT = '<script>alert("xss")</script>';

export const SUBMISSION: SubmissionForMail = {
  id: 12,
  reference: 'EDF-2026-00042',
  first_name: 'Awa',
  last_name: `Houénou ${SCRIPT}`,
  email: 'awa.houenou@example.bj',
  phone: '+229 01 97 12 34 56',
  company: 'Houénou Conseil',
  project_title: 'Villa R+1 à Fidjrossè',
  project_type: 'Construction résidentielle',
  location: 'Cotonou, Fidjrossè',
  budget: '25M - 50M FCFA',
  description: `Une villa de quatre chambres.\n${SCRIPT}`,
  start_date: '2027-03-15',
};

export const ATTACHMENTS: AttachmentForMail[] = [
  { original_name: 'Plan façade.pdf', size: 1_258_291 },
  { original_name: 'photo.jpg', size: 850 },
];

export const CONTACT: ContactMessageForMail = {
  id: 3,
  reference: 'MSG-2026-00007',
  name: `Koffi ${SCRIPT}`,
  email: 'koffi@example.bj',
  phone: '+229 01 66 45 78 90',
  subject: 'Location d’un appartement meublé',
  message: 'Bonjour,\nje cherche un deux-pièces meublé à Cotonou.',
  created_at: '2026-03-02 08:00:00',
};

export async function queueSubmission(
  db: Knex,
  config: Config,
  now: Date,
  submission: SubmissionForMail = SUBMISSION,
): Promise<void> {
  await db.transaction((trx) => queueSubmissionMails(trx, submission, ATTACHMENTS, { config, now }));
}

export async function queueContact(
  db: Knex,
  config: Config,
  now: Date,
  message: ContactMessageForMail = CONTACT,
): Promise<void> {
  await db.transaction((trx) => queueContactMessageMails(trx, message, { config, now }));
}

/** The outbox's rows as stored, oldest first, numbers as numbers on both engines. */
export async function outboxRows(db: Knex): Promise<Array<OutboxRow & { id: number; attempts: number }>> {
  const rows: OutboxRow[] = await db('outbox').select('*').orderBy('id', 'asc');
  return rows.map((row) => ({ ...row, id: toNumber(row.id), attempts: toNumber(row.attempts) }));
}
