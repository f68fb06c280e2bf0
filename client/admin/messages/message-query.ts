import type { Paged } from '#shared/paged';
import {
  contactMessageListQuerySchema,
  type ContactMessage,
  type ContactMessageFilter,
  type ContactMessageListAnswer,
  type ContactMessageStats,
} from '#shared/schemas/contact-message';
import { sortParamOf } from '#shared/list-query';
import { adminApi, assigneeParam, type ListQueryCodec, type PagedLoader } from '#client/admin/kit';

export const LOAD_ERROR = 'Impossible de charger les messages';
export const MESSAGES_BASE = '/admin/contact-messages';

/**
 * The inbox's query, kept in the page's URL (a reload, a shared link or the return after
 * signing in shows the same screen). Each value is read with the shared list-query schema;
 * a value it refuses falls back to its default.
 */
export interface MessageFilters {
  page: number;
  search: string;
  status: ContactMessageFilter;
  /** The inbox's order as the API reads it (docs/product-rules.md, "Lists of the back office"): `-created_at`. */
  sort: string;
  /** '' (everyone's), 'me', 'none' or a user's id (docs/product-rules.md, "Assignment"). */
  assignee: string;
}

/** The URL parameter of the message shown in the detail dialog. */
export const OPEN_MESSAGE_PARAM = 'message';

export const DEFAULT_MESSAGE_SORT = '-created_at';

function readOne<K extends Exclude<keyof MessageFilters, 'assignee' | 'sort'>>(
  key: K,
  raw: string | null,
): MessageFilters[K] {
  const parsed = contactMessageListQuerySchema.shape[key].safeParse(raw ?? undefined);
  return (
    parsed.success ? parsed.data : contactMessageListQuerySchema.shape[key].parse(undefined)
  ) as MessageFilters[K];
}

/** `?sort=` as the API reads it, newest first when absent or refused. */
function readSort(raw: string | null): string {
  const parsed = contactMessageListQuerySchema.shape.sort.safeParse(raw ?? undefined);
  return parsed.success ? sortParamOf(parsed.data) : DEFAULT_MESSAGE_SORT;
}

export const messageCodec: ListQueryCodec<MessageFilters> = {
  read: (params) => ({
    page: readOne('page', params.get('page')),
    search: readOne('search', params.get('search')),
    status: readOne('status', params.get('status')),
    sort: readSort(params.get('sort')),
    assignee: assigneeParam(params.get('assignee')),
  }),
  write: (params, filters) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(filters)) {
      const text = String(value).trim();
      if (
        text === '' ||
        (key === 'page' && text === '1') ||
        (key === 'status' && text === 'all') ||
        (key === 'sort' && text === DEFAULT_MESSAGE_SORT)
      )
        next.delete(key);
      else next.set(key, text);
    }
    return next;
  },
};

/**
 * The filtered inbox as the API reads it, without page nor sort: a bulk action's `filter`
 * ('Tout sélectionner (N)', docs/product-rules.md, "Bulk actions").
 */
export function apiFilter(filters: MessageFilters): Record<string, string> {
  const filter: Record<string, string> = {};
  if (filters.search.trim()) filter.search = filters.search.trim();
  filter.status = filters.status;
  if (filters.assignee) filter.assignee = filters.assignee;
  return filter;
}

/** The filters and the sort as the API's query, without the page (the CSV export takes every page). */
export function filterQuery(filters: MessageFilters): string {
  return new URLSearchParams({ ...apiFilter(filters), sort: filters.sort }).toString();
}

/** A page of the inbox, with the three counts. */
export type MessagePage = Paged<ContactMessage> & { stats: ContactMessageStats };

export const loadMessages: PagedLoader<MessageFilters, MessagePage> = async (request, { signal }) => {
  const answer = await adminApi<ContactMessageListAnswer>(
    `${MESSAGES_BASE}?page=${request.page}&per_page=${request.per_page}&${filterQuery(request)}`,
    { signal },
  );
  return { ...answer.data, stats: answer.stats };
};
