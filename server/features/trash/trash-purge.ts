import type { Logger } from '#server/logger';
import { startPeriodicTask, type PeriodicTask } from '#server/periodic-task';
import type { TrashKindHandler } from './trash-kind';
import { purgeExpired, type TrashDeps } from './trash.service';

/** How often the running server purges: an item a little past its period is no harm. */
export const TRASH_PURGE_EVERY_MS = 60 * 60 * 1000;

/** One purge now answers the items purged. */
export type TrashPurge = PeriodicTask<number>;

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
  return startPeriodicTask({
    everyMs: deps.everyMs ?? TRASH_PURGE_EVERY_MS,
    work: async () => {
      const { purged } = await purgeExpired(deps, handlers);
      if (purged > 0)
        logger.info({ purged, retentionDays: deps.retentionDays }, 'corbeille : éléments expirés purgés');
      return purged;
    },
    onFailure: (err) => logger.warn({ err }, 'corbeille : purge impossible, nouvel essai plus tard'),
  });
}
