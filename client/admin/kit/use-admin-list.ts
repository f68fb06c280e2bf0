import { useCallback, useEffect, useState } from 'react';
import { adminApi, isSessionEnd, listData } from './admin-api';

export interface AdminList<T> {
  items: T[];
  status: 'loading' | 'error' | 'ready';
  error: string | null;
  /** Loads again (after a deletion, or from 'Réessayer'); the rows stay while it runs. */
  reload: () => void;
  /** Replaces the rows locally (e.g. drop a deleted row at once). */
  setItems: (update: (items: T[]) => T[]) => void;
}

/**
 * GET a list through adminApi (token, renewal, 401), accepting `{ data: [...] }` or a bare
 * array. `errorMessage` is the product rules' sentence for this list ('Erreur lors du chargement
 * des projets'); without it the server's message is shown.
 */
export function useAdminList<T>(path: string, errorMessage?: string): AdminList<T> {
  const [items, setItemsState] = useState<T[]>([]);
  const [status, setStatus] = useState<AdminList<T>['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    adminApi<{ data?: T[] } | T[]>(path, { signal: controller.signal })
      .then((answer) => {
        setItemsState(listData(answer));
        setStatus('ready');
        setError(null);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted || isSessionEnd(failure)) return;
        setError(errorMessage ?? (failure instanceof Error ? failure.message : String(failure)));
        setStatus('error');
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, round]);

  const reload = useCallback(() => {
    setStatus((current) => (current === 'error' ? 'loading' : current));
    setRound((n) => n + 1);
  }, []);
  const setItems = useCallback((update: (items: T[]) => T[]) => setItemsState(update), []);
  return { items, status, error, reload, setItems };
}
