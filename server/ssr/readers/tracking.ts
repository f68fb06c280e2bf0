import type { Knex } from 'knex';
import type { TrackingReader } from '#shared/readers/tracking';
import { findTrackedRequest } from '#server/features/tracking/tracked-request';

export function trackingReader(db: Knex): TrackingReader {
  return { trackedRequest: (token) => findTrackedRequest(db, token) };
}
