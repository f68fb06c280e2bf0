import { useCallback, useEffect, useState } from 'react';
import type { Paged } from '#shared/paged';
import { isSessionEnd } from './admin-api';
import type { ListQuery } from './list-query';

/** What a list's source is asked for: the screen's query and the page's size. */
export type PageRequest<Q extends ListQuery> = Q & { per_page: number };

/**
 * The one way a list reads its rows: the query in, a page out (shared/paged.ts), the API
 * called with the query (`serverListLoader`, or a screen's own loader). `round` grows with
 * each reload. An answer may carry more than the page (the counts of the requests and
 * messages, the outbox's SMTP state): `P` keeps it.
 */
export type PagedLoader<Q extends ListQuery, P extends Paged<unknown>> = (
  request: PageRequest<Q>,
  context: { signal: AbortSignal; round: number },
) => Promise<P>;

export interface PagedListOptions {
  /** Rows per page; omitted, every row on one page (no pager). */
  perPage?: number;
  /**
   * 'pages' (default): Précédent / Suivant, the page in the query. 'more': 'Afficher
   * plus', page n of the query shows the first n pages at once (the products).
   */
  pager?: 'pages' | 'more';
  /** The product rules' sentence of a failed load, or a function wording the failure; else its message. */
  errorMessage?: string | ((failure: unknown) => string);
}

export interface PagedList<P extends Paged<unknown>> {
  /** 'loading' only before the first page; later loads keep the rows (and set `stale`). */
  status: 'loading' | 'error' | 'ready';
  error: string | null;
  /** The last page answered, with whatever else the answer carries. */
  page: P | null;
  rows: P['data'];
  /** True while a newer query or a reload is on its way: the table dims. */
  stale: boolean;
  pager: 'pages' | 'more';
  /** Loads again (after a change, or from 'Réessayer'); the rows stay while it runs. */
  reload: () => void;
}

const NO_ROWS: never[] = [];

function failureText(failure: unknown, errorMessage: PagedListOptions['errorMessage']): string {
  if (typeof errorMessage === 'function') return errorMessage(failure);
  return errorMessage ?? (failure instanceof Error ? failure.message : String(failure));
}

/**
 * The rows of a list screen for `query` (kept in the URL or the screen: useListQuery).
 * `load` must be stable (module level or useCallback). The query changes only once typing
 * pauses (useUrlSearch), so it is asked at once, and a newer query aborts the request
 * before it, so an older answer never lands last. An answer is drawn in one go, not in a
 * transition: sliced, each part of a 100-row page waits for a task of its own, and the
 * page appears later on a slow laptop (docs/bench/2026-11-28-admin-lists-quiet.md).
 */
export function usePagedList<Q extends ListQuery, P extends Paged<unknown>>(
  load: PagedLoader<Q, P>,
  query: Q,
  options: PagedListOptions = {},
): PagedList<P> {
  const { perPage = Number.POSITIVE_INFINITY, pager = 'pages', errorMessage } = options;
  const [page, setPage] = useState<P | null>(null);
  const [status, setStatus] = useState<PagedList<P>['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // A string: an object built anew at each render would load again at each render.
  const key = JSON.stringify(query);
  // What the rows on screen answer (the query and the reload's round): anything else is on
  // its way, and the table dims from the very render that asked, with no render of its own.
  const asking = `${round}:${key}`;
  const [answered, setAnswered] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const asked = JSON.parse(key) as Q;
    const request: PageRequest<Q> =
      pager === 'more'
        ? { ...asked, page: 1, per_page: perPage * Math.max(1, asked.page) }
        : { ...asked, per_page: perPage };
    load(request, { signal: controller.signal, round })
      .then((answer) => {
        if (controller.signal.aborted) return;
        setPage(answer);
        setStatus('ready');
        setError(null);
        setAnswered(asking);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setAnswered(asking);
        if (isSessionEnd(failure)) return;
        setError(failureText(failure, errorMessage));
        setStatus('error');
      });
    return () => controller.abort();
    // errorMessage words a failure; a new one need not load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round, load, perPage, pager]);

  const reload = useCallback(() => {
    setStatus((current) => (current === 'error' ? 'loading' : current));
    setRound((n) => n + 1);
  }, []);

  return {
    status,
    error,
    page,
    rows: page?.data ?? NO_ROWS,
    stale: answered !== asking,
    pager,
    reload,
  };
}
