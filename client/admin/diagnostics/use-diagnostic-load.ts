import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi, isSessionEnd } from '#client/admin/kit';
import { screenFailureDetail } from './system-status';

export type DiagnosticLoad<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  /** `detail`: the reason shown under the product rules' 'Impossible de récupérer …' sentence. */
  | { state: 'error'; detail: string };

/**
 * A GET of the image diagnostic's tabs (product rules, States: loading flags for system and
 * images). A new run aborts the one before, and leaving the screen aborts the last; a 401
 * is the session's business (adminApi sends to sign-in), not an error to show.
 */
export function useDiagnosticLoad<T>(path: string) {
  const [load, setLoad] = useState<DiagnosticLoad<T>>({ state: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const refresh = useCallback(async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setLoad({ state: 'loading' });
    try {
      const data = await adminApi<T>(path, { signal: controller.signal });
      if (!controller.signal.aborted) setLoad({ state: 'ready', data });
    } catch (error) {
      if (controller.signal.aborted || isSessionEnd(error)) return;
      setLoad({ state: 'error', detail: screenFailureDetail(error) });
    }
  }, [path]);

  return { load, refresh };
}
