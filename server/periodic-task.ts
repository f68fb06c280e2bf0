/** A background task of the running server, and how to stop it at shutdown. */
export interface PeriodicTask<T> {
  /** One run now (a run in progress is shared, never doubled); answers what it answered. */
  runOnce(): Promise<T>;
  /** Stops the timer and waits for a run in progress (the shutdown closes the database next). */
  stop(): Promise<void>;
}

/**
 * Runs `work` after `firstAfterMs`, then `everyMs` after each run ends, on an unref'd timer
 * (the HTTP server keeps the process alive; a task alone never does), like the outbox
 * sender. A failed run is handed to `onFailure` and tried again at the next turn. The
 * purges of the activity log and the trash and the publication watch are such tasks.
 */
export function startPeriodicTask<T>(options: {
  work: () => Promise<T>;
  everyMs: number;
  firstAfterMs?: number;
  onFailure: (err: unknown) => void;
}): PeriodicTask<T> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T> | null = null;
  let stopped = false;

  function runOnce(): Promise<T> {
    running ??= options.work().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch(options.onFailure)
        .finally(() => schedule(options.everyMs));
    }, delay);
    timer.unref();
  }

  schedule(options.firstAfterMs ?? 0);
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
