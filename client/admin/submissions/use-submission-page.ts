import { useCallback, useEffect, useState } from 'react';
import { adminApi, isSessionEnd, toast } from '#client/admin/kit';
import { readSubmissionPage, type SubmissionPage } from './submission-answer';
import { listQuery, type SubmissionFilters } from './submission-query';

export const LOAD_ERROR = 'Impossible de charger les soumissions';

export interface SubmissionPageState {
  /** 'loading' only before the first page; later loads keep the rows and set `refreshing`. */
  status: 'loading' | 'error' | 'ready';
  page: SubmissionPage | null;
  refreshing: boolean;
  reload: () => void;
}

/**
 * One server page of submissions for the filters (product rules, API). A newer request aborts
 * the one before, so a fast typist never sees an older answer land last.
 */
export function useSubmissionPage(filters: SubmissionFilters): SubmissionPageState {
  const [status, setStatus] = useState<SubmissionPageState['status']>('loading');
  const [page, setPage] = useState<SubmissionPage | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [round, setRound] = useState(0);
  const query = listQuery(filters);

  useEffect(() => {
    const controller = new AbortController();
    setRefreshing(true);
    adminApi<unknown>(`/admin/project-submissions?${query}`, { signal: controller.signal })
      .then((answer) => {
        const read = readSubmissionPage(answer);
        if (!read) {
          toast({ title: 'Avertissement', description: 'Format de données incorrect reçu du serveur' });
          setPage({ rows: [], page: 1, lastPage: 1, total: 0, from: null, to: null, stats: null });
        } else {
          setPage(read);
        }
        setStatus('ready');
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted || isSessionEnd(failure)) return;
        setStatus('error');
      })
      .finally(() => {
        if (!controller.signal.aborted) setRefreshing(false);
      });
    return () => controller.abort();
  }, [query, round]);

  const reload = useCallback(() => {
    setStatus((current) => (current === 'error' ? 'loading' : current));
    setRound((n) => n + 1);
  }, []);

  return { status, page, refreshing, reload };
}
