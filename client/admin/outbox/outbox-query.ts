import type { Paged } from '#shared/paged';
import {
  OUTBOX_STATUSES,
  type OutboxListAnswer,
  type OutboxMail,
  type OutboxStatus,
} from '#shared/schemas/outbox';
import {
  adminApi,
  pageParam,
  type ListQuery,
  type ListQueryCodec,
  type PagedLoader,
} from '#client/admin/kit';

export const LOAD_ERROR = 'Erreur lors du chargement des courriels';
export const OUTBOX_PAGE_SIZE = 20;

/** The outbox's query in the address: `?page=2&statut=failed` (no search). */
export type OutboxQuery = ListQuery & { statut: 'all' | OutboxStatus };

const isStatus = (value: string | null): value is OutboxStatus =>
  (OUTBOX_STATUSES as readonly (string | null)[]).includes(value);

export const outboxCodec: ListQueryCodec<OutboxQuery> = {
  read: (params) => {
    const asked = params.get('statut');
    return { page: pageParam(params.get('page')), search: '', statut: isStatus(asked) ? asked : 'all' };
  },
  write: (params, query) => {
    const next = new URLSearchParams(params);
    if (query.page > 1) next.set('page', String(query.page));
    else next.delete('page');
    if (query.statut === 'all') next.delete('statut');
    else next.set('statut', query.statut);
    return next;
  },
};

/** A page of GET /admin/outbox, with whether SMTP is configured. */
export type OutboxPage = Paged<OutboxMail> & { smtp_configured: boolean };

export const loadOutbox: PagedLoader<OutboxQuery, OutboxPage> = async (request, { signal }) => {
  const query = new URLSearchParams({ page: String(request.page), per_page: String(request.per_page) });
  if (request.statut !== 'all') query.set('status', request.statut);
  const answer = await adminApi<OutboxListAnswer>(`/admin/outbox?${query}`, { signal });
  return { ...answer.data, smtp_configured: answer.smtp_configured };
};
