import { z } from 'zod';
import { skipBlank } from './fields';
import { bulkMessages, bulkSelectionFields, checkBulkSelection } from '../bulk';
import { listQueryFields } from '../list-query';
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

/** The outbox's sorts (docs/product-rules.md, "Lists of the back office"): newest first by default. */
export const OUTBOX_SORTS = ['created_at', 'status', 'attempts', 'next_attempt_at', 'sent_at'] as const;
export type OutboxSort = (typeof OUTBOX_SORTS)[number];

export const outboxMessages = {
  pageInvalid: 'La page doit être un nombre entier positif.',
  perPageInvalid: 'Le nombre de courriels par page doit être compris entre 1 et 100.',
  statusInvalid: 'Le filtre de statut est invalide.',
  notFound: 'Courriel introuvable',
  retried: 'Le courriel sera renvoyé dans quelques instants.',
  retryRefused: 'Seul un courriel en échec peut être renvoyé.',
  /** A bulk 'Renvoyer' names each mail it leaves as it is. */
  retryRefusedSent: 'Ce courriel a déjà été envoyé : il n’est pas renvoyé.',
  retryRefusedQueued: 'Ce courriel n’a pas échoué : il est encore dans la file d’envoi.',
} as const;

/** GET /api/admin/outbox: paged, sorted, searched (recipients, subject), filtered by status. */
export const outboxListQuerySchema = z.object({
  ...listQueryFields({
    sorts: OUTBOX_SORTS,
    defaultSort: '-created_at',
    perPage: OUTBOX_PAGE_SIZE,
    messages: outboxMessages,
  }),
  status: z.preprocess(
    skipBlank,
    z.enum(['all', ...OUTBOX_STATUSES], { error: outboxMessages.statusInvalid }).default('all'),
  ),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** The outbox's filters (a bulk action's `filter`): the list's query without its paging and sort. */
export const outboxFilterSchema = outboxListQuerySchema.omit({ page: true, per_page: true, sort: true });
export type OutboxFilter = z.infer<typeof outboxFilterSchema>;

/**
 * POST /api/admin/outbox/bulk (docs/product-rules.md, "Bulk actions"): 'Renvoyer' puts the
 * failed mails of the selection back in the queue, due at once, as the single retry does.
 */
export const OUTBOX_BULK_ACTIONS = ['retry'] as const;
export const outboxBulkSchema = z
  .object({
    action: z.enum(OUTBOX_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(outboxFilterSchema),
  })
  .superRefine(checkBulkSelection);
export type OutboxBulkInput = z.infer<typeof outboxBulkSchema>;

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
