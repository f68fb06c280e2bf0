import type { Knex } from 'knex';
import type { OffersReader } from '../../../client/lib/readers/offers';

export function offersReader(_db: Knex): OffersReader {
  return {};
}
