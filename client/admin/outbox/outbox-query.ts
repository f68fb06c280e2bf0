import type { Paged } from '#shared/paged';
import { type OutboxListAnswer, type OutboxMail } from '#shared/schemas/outbox';
import { adminApi, serverListCodec, type PagedLoader, type ServerListQuery } from '#client/admin/kit';

export const LOAD_ERROR = 'Erreur lors du chargement des courriels';

/** The outbox's query in the address: `?page=2&statut=failed&search=awa&sort=-attempts`. */
const FILTERS = { statut: '' };
export type OutboxQuery = ServerListQuery<typeof FILTERS>;
export const outboxCodec = serverListCodec({
  sort: '-created_at',
  filters: FILTERS,
  api: { statut: 'status' },
});

/** A page of GET /admin/outbox, with whether SMTP is configured. */
export type OutboxPage = Paged<OutboxMail> & { smtp_configured: boolean };

export const loadOutbox: PagedLoader<OutboxQuery, OutboxPage> = async (request, { signal }) => {
  const query = new URLSearchParams({
    page: String(request.page),
    per_page: String(request.per_page),
    ...outboxCodec.apiParams(request),
  });
  const answer = await adminApi<OutboxListAnswer>(`/admin/outbox?${query.toString()}`, { signal });
  return { ...answer.data, smtp_configured: answer.smtp_configured };
};
