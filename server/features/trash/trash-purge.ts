import type { Logger } from '#server/logger';
import type { TrashKindHandler } from './trash-kind';
import { purgeExpired, type TrashDeps } from './trash.service';

/** How often the running server purges: an item a little past its period is no harm. */
export const TRASH_PURGE_EVERY_MS = 60 * 60 * 1000;

export interface TrashPurge {
  /** One purge now; answers the items purged. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a purge in progress (the shutdown closes the database next). */
  stop(): Promise<void>;
}

/**
 * TRASH_RETENTION_DAYS (docs/product-rules.md, "Trash"): the server process purges the
 * items trashed longer ago at start-up and every hour, on an unref'd timer like the
 * activity log's purge, stopped by the shutdown before the database closes. `now` lets a
 * test move the clock.
 */
export function startTrashPurge(
  deps: TrashDeps & { logger: Logger; handlers: readonly TrashKindHandler[]; everyMs?: number },
): TrashPurge {
  const { logger, handlers } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  function runOnce(): Promise<number> {
    running ??= purgeExpired(deps, handlers)
      .then(({ purged }) => {
        if (purged > 0)
          logger.info({ purged, retentionDays: deps.retentionDays }, 'corbeille : éléments expirés purgés');
        return purged;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((err: unknown) => logger.warn({ err }, 'corbeille : purge impossible, nouvel essai plus tard'))
        .finally(() => schedule(deps.everyMs ?? TRASH_PURGE_EVERY_MS));
    }, delay);
    // The HTTP server keeps the process alive; the purge alone never does.
    timer.unref();
  }

  schedule(0);
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}
