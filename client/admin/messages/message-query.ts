import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useOpenItem } from '#client/admin/kit';
import {
  CONTACT_MESSAGES_PAGE_SIZE,
  contactMessageListQuerySchema,
  type ContactMessageFilter,
} from '#shared/schemas/contact-message';

/**
 * The inbox's filters and the open message, kept in the page's URL (a reload, a shared link
 * or the return after signing in shows the same screen). Each value is read with the shared
 * list-query schema; a value it refuses falls back to its default.
 */
export interface MessageFilters {
  page: number;
  search: string;
  status: ContactMessageFilter;
}

/** The URL parameter of the message shown in the detail dialog. */
export const OPEN_MESSAGE_PARAM = 'message';

function readOne<K extends keyof MessageFilters>(key: K, raw: string | null): MessageFilters[K] {
  const parsed = contactMessageListQuerySchema.shape[key].safeParse(raw ?? undefined);
  return (
    parsed.success ? parsed.data : contactMessageListQuerySchema.shape[key].parse(undefined)
  ) as MessageFilters[K];
}

/** The filters as the API's query, without the page (the CSV export takes every page). */
export function filterQuery(filters: MessageFilters): string {
  const query = new URLSearchParams();
  if (filters.search.trim()) query.set('search', filters.search.trim());
  query.set('status', filters.status);
  return query.toString();
}

export function listQuery(filters: MessageFilters): string {
  return `page=${filters.page}&per_page=${CONTACT_MESSAGES_PAGE_SIZE}&${filterQuery(filters)}`;
}

export function useMessageFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<MessageFilters>(
    () => ({
      page: readOne('page', params.get('page')),
      search: readOne('search', params.get('search')),
      status: readOne('status', params.get('status')),
    }),
    [params],
  );

  const setFilters = useCallback(
    (change: Partial<MessageFilters>, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          // Any change but the page's goes back to page 1.
          if (!('page' in change)) next.delete('page');
          for (const [key, value] of Object.entries(change)) {
            const text = String(value).trim();
            if (text === '' || (key === 'page' && text === '1') || (key === 'status' && text === 'all'))
              next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: options?.replace },
      );
    },
    [setParams],
  );

  const { openId, setOpenId } = useOpenItem(OPEN_MESSAGE_PARAM);

  return { filters, setFilters, openId, setOpenId };
}
