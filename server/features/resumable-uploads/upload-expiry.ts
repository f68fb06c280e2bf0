import type { Knex } from 'knex';
import type { Config } from '#server/config';
import type { Logger } from '#server/logger';
import { startPeriodicTask, type PeriodicTask } from '#server/periodic-task';
import { uploadStoreFor } from './upload-store';
import { finishedBefore, forget } from './uploads.repository';

/** Often enough that an expired upload's bytes do not stay long past UPLOAD_EXPIRY_HOURS. */
export const UPLOAD_SWEEP_EVERY_MS = 15 * 60 * 1000;

/**
 * UPLOAD_EXPIRY_HOURS (docs/decisions/0045-resumable-uploads.md, "Expiry"): unfinished
 * uploads older than that are deleted with their bytes by the store (the tus expiration
 * extension: a HEAD or PATCH then answers 404/410), and finished ones no form took in as
 * long, with their row. Answers how many went.
 */
export async function sweepExpiredUploads(
  { config, db }: { config: Config; db: Knex },
  now = new Date(),
): Promise<number> {
  const store = await uploadStoreFor(config);
  const unfinished = await store.deleteExpired();
  const stale = await finishedBefore(db, new Date(now.getTime() - config.uploadExpiryHours * 3_600_000));
  await Promise.all(stale.map((id) => store.remove(id).catch(() => undefined)));
  await forget(db, stale);
  return unfinished + stale.length;
}

export function startUploadSweep(deps: {
  config: Config;
  db: Knex;
  logger: Logger;
  everyMs?: number;
}): PeriodicTask<number> {
  return startPeriodicTask({
    everyMs: deps.everyMs ?? UPLOAD_SWEEP_EVERY_MS,
    work: async () => {
      const swept = await sweepExpiredUploads(deps);
      if (swept > 0) deps.logger.info({ swept }, 'téléversements expirés supprimés');
      return swept;
    },
    onFailure: (err) =>
      deps.logger.warn({ err }, 'téléversements : balayage impossible, nouvel essai plus tard'),
  });
}
