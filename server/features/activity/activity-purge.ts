import type { Knex } from 'knex';
import type { Logger } from '#server/logger';
import { startPeriodicTask, type PeriodicTask } from '#server/periodic-task';
import { purgeActivity } from './activity.repository';

/** How often the running server purges: rows a few hours past the limit are no harm. */
export const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** One purge now answers the rows deleted. */
export type ActivityPurge = PeriodicTask<number>;

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
  return startPeriodicTask({
    everyMs: deps.everyMs ?? PURGE_EVERY_MS,
    work: async () => {
      const deleted = await purgeActivity(db, retentionDays, now());
      if (deleted > 0)
        logger.info({ deleted, retentionDays }, 'journal d’activité : anciennes lignes purgées');
      return deleted;
    },
    onFailure: (err) => logger.warn({ err }, 'journal d’activité : purge impossible, nouvel essai plus tard'),
  });
}
