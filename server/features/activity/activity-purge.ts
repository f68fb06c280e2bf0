import type { Knex } from 'knex';
import type { Logger } from '#server/logger';
import { purgeActivity } from './activity.repository';

/** How often the running server purges: rows a few hours past the limit are no harm. */
export const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

export interface ActivityPurge {
  /** One purge now; answers the rows deleted. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a purge in progress (the shutdown closes the database next). */
  stop(): Promise<void>;
}

/**
 * The activity log's retention (ACTIVITY_RETENTION_DAYS; docs/decisions/0036-activity-log.md):
 * the server process purges older rows at start-up and every six hours, on an unref'd timer
 * like the outbox sender's, stopped by the shutdown before the database closes.
 */
export function startActivityPurge(deps: {
  db: Knex;
  logger: Logger;
  retentionDays: number;
  now?: () => Date;
  everyMs?: number;
}): ActivityPurge {
  const { db, logger, retentionDays } = deps;
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  function runOnce(): Promise<number> {
    running ??= purgeActivity(db, retentionDays, now())
      .then((deleted) => {
        if (deleted > 0)
          logger.info({ deleted, retentionDays }, 'journal d’activité : anciennes lignes purgées');
        return deleted;
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
        .catch((err: unknown) =>
          logger.warn({ err }, 'journal d’activité : purge impossible, nouvel essai plus tard'),
        )
        .finally(() => schedule(deps.everyMs ?? PURGE_EVERY_MS));
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
