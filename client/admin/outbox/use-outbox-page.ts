import { useCallback, useEffect, useState } from 'react';
import type { OutboxListAnswer, OutboxMail, OutboxStatus } from '#shared/schemas/outbox';
import { adminApi, isSessionEnd } from '#client/admin/kit';

export const LOAD_ERROR = 'Erreur lors du chargement des courriels';

export interface OutboxPage {
  rows: OutboxMail[];
  page: number;
  lastPage: number;
  total: number;
  smtpConfigured: boolean;
}

/** One page of GET /admin/outbox for the filters of the address; reloads when they change. */
export function useOutboxPage(page: number, status: 'all' | OutboxStatus) {
  const [state, setState] = useState<{ status: 'loading' | 'error' | 'ready'; page: OutboxPage | null }>({
    status: 'loading',
    page: null,
  });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ page: String(page), per_page: '20' });
    if (status !== 'all') query.set('status', status);
    setState((current) => ({ status: current.page ? 'ready' : 'loading', page: current.page }));
    adminApi<OutboxListAnswer>(`/admin/outbox?${query}`, { signal: controller.signal })
      .then((answer) =>
        setState({
          status: 'ready',
          page: {
            rows: answer.data.data,
            page: answer.data.current_page,
            lastPage: answer.data.last_page,
            total: answer.data.total,
            smtpConfigured: answer.smtp_configured,
          },
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        setState({ status: 'error', page: null });
      });
    return () => controller.abort();
  }, [page, status, version]);

  return { ...state, reload };
}
