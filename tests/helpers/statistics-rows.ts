import type { Knex } from 'knex';
import type { StatsDimension } from '#shared/statistics';

/**
 * Rows of the statistics tables (migrations/025-statistics.ts) as the counting side leaves
 * them, for the tests of what reads them: a day's totals, and a day's count of one key.
 */

export function aStatsDay(knex: Knex, date: string, views: number, visitors: number): Promise<unknown> {
  return knex('stats_days').insert({ date, views, visitors });
}

export function aStatsCount(
  knex: Knex,
  date: string,
  dimension: StatsDimension,
  key: string,
  views: number,
  visitors: number,
): Promise<unknown> {
  return knex('stats_counts').insert({ date, dimension, key, views, visitors });
}
