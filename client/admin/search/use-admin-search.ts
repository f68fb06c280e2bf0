import { useEffect, useState } from 'react';
import {
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  type SearchAnswer,
  type SearchResult,
} from '#shared/admin-search';
import { adminApi, isSessionEnd } from '../kit';

/** Typing pauses this long before the search is sent (each key does not make a request). */
const SEARCH_DELAY_MS = 200;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; results: SearchResult[] }
  | { status: 'failed'; query: string };

/**
 * The results of GET /api/admin/search for what is typed (docs/product-rules.md, "Search
 * across the back office"): sent once typing pauses, the request before aborted, nothing
 * asked under SEARCH_QUERY_MIN characters. A longer text than the server reads is cut here
 * rather than refused (the field's maxLength says the same).
 */
export function useAdminSearch(text: string): SearchState {
  const query = text.trim().slice(0, SEARCH_QUERY_MAX);
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    if (query.length < SEARCH_QUERY_MIN) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((was) => (was.status === 'done' ? was : { status: 'loading', query }));
      adminApi<SearchAnswer>(`/admin/search?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
        // The page open behind the field does not depend on it.
        background: true,
      }).then(
        (answer) => setState({ status: 'done', query, results: answer.results }),
        (error: unknown) => {
          if (controller.signal.aborted || isSessionEnd(error)) return;
          setState({ status: 'failed', query });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return state;
}
