import type { Knex } from 'knex';
import type { PortfolioReader } from '../../../client/lib/readers/portfolio';

export function portfolioReader(_db: Knex): PortfolioReader {
  return {};
}
