import type { Knex } from 'knex';
import type { TrackingReader } from '#shared/readers/tracking';
import type { Config } from '#server/config';
import { trackingService } from '#server/features/tracking';

export function trackingReader(db: Knex, config: Config): TrackingReader {
  const tracking = trackingService({ db, config });
  return { trackedRequest: (token) => tracking.trackedRequest(token) };
}
