import { z } from 'zod';
import { pagingFields, skipBlank } from './fields';
import type { Paged } from '../paged';

/**
 * The back office's view of the outbox (GET /api/admin/outbox): its query, the mails'
 * states in French, and the answer's shape. The server's table and sender live in
 * server/features/outbox/ (docs/decisions/0018-outbox-and-mail.md).
 */

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What the screen shows: a pending mail without SMTP_URL is 'unconfigured', not waiting for a turn. */
export type OutboxState = OutboxStatus | 'unconfigured';

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  pending: 'en attente',
  sending: 'envoi en cours',
  sent: 'envoyé',
  failed: 'échec',
  unconfigured: 'non envoyé (SMTP non configuré)',
};

export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_PAGE_SIZE_MAX = 100;

export const outboxMessages = {
  pageInvalid: 'La page doit être un nombre entier positif.',
  perPageInvalid: `Le nombre de courriels par page doit être compris entre 1 et ${OUTBOX_PAGE_SIZE_MAX}.`,
  statusInvalid: 'Le filtre de statut est invalide.',
  notFound: 'Courriel introuvable',
  retried: 'Le courriel sera renvoyé dans quelques instants.',
  retryRefused: 'Seul un courriel en échec peut être renvoyé.',
} as const;

export const outboxListQuerySchema = z.object({
  ...pagingFields(outboxMessages, OUTBOX_PAGE_SIZE, OUTBOX_PAGE_SIZE_MAX),
  status: z.preprocess(
    skipBlank,
    z.enum(['all', ...OUTBOX_STATUSES], { error: outboxMessages.statusInvalid }).default('all'),
  ),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** One mail as the back office sees it; dates are ISO strings (UTC). */
export interface OutboxMail {
  id: number;
  recipients: string[];
  reply_to: string | null;
  subject: string;
  html: string;
  status: OutboxStatus;
  state: OutboxState;
  state_label: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  about_type: string | null;
  about_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface OutboxListAnswer {
  success: true;
  data: Paged<OutboxMail>;
  smtp_configured: boolean;
}
