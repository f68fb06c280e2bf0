import { useCallback, useEffect, useRef, useState } from 'react';
import { IDLE, pending, type CheckResult } from './check-result';

/**
 * Runs a check and holds its result: pending while it runs, then its outcome. Running it
 * again (or leaving the screen) aborts the previous run, so a late answer never overwrites
 * a newer one. `run` is stable and always calls the latest `task`.
 */
export function useCheck(
  task: (signal: AbortSignal) => Promise<CheckResult> | CheckResult,
  pendingMessage = 'Vérification en cours...',
) {
  const [result, setResult] = useState<CheckResult>(IDLE);
  const latest = useRef(task);
  useEffect(() => {
    latest.current = task;
  });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(async (): Promise<CheckResult | null> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setResult(pending(pendingMessage));
    let outcome: CheckResult;
    try {
      outcome = await latest.current(controller.signal);
    } catch (error) {
      outcome = { status: 'error', message: error instanceof Error ? error.message : String(error) };
    }
    if (controller.signal.aborted) return null;
    setResult(outcome);
    return outcome;
  }, [pendingMessage]);

  return { result, run };
}
