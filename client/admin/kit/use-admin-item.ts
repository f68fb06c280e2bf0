import { useEffect, useRef, useState } from 'react';
import { ApiError } from '#client/lib/api-client';
import { adminApi, isSessionEnd, itemData } from './admin-api';

/**
 * The entity an edit screen works on (product rules, Pages and routes:
 * 'Chargement...' while it loads, the screen's not-found sentence when it cannot be read).
 * `path` null: nothing to load (a new entity). `onLoaded` runs with the entity before the
 * state says 'ready' (put it in the form there: form.load). A new `round` loads again
 * ('Réessayer'). The session's end is left to the layout.
 */
export type AdminItem<T> =
  | { status: 'loading' }
  | { status: 'ready'; item: T }
  | { status: 'failed'; notFound: boolean; message: string };

export function useAdminItem<T>(
  path: string | null,
  options: { round?: number; onLoaded?: (item: T) => void } = {},
): AdminItem<T> {
  const [state, setState] = useState<AdminItem<T>>({ status: 'loading' });
  const onLoaded = useRef(options.onLoaded);
  onLoaded.current = options.onLoaded;
  const round = options.round ?? 0;

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
    adminApi<{ data: T } | T>(path, { signal: controller.signal })
      .then((answer) => {
        const item = itemData<T>(answer);
        onLoaded.current?.(item);
        setState({ status: 'ready', item });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        setState({
          status: 'failed',
          notFound: error instanceof ApiError && error.status === 404,
          message: error instanceof Error ? error.message : String(error),
        });
      });
    return () => controller.abort();
  }, [path, round]);

  return state;
}
