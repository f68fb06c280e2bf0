import type { Knex } from 'knex';
import type { StatsDimension } from '#shared/statistics';
import { toNumber } from '#server/db/dialect';

/**
 * The reads every figure of the statistics screen is made of (docs/product-rules.md, "The
 * statistics screen"): sums in SQL over a period's days, `stats_counts` always by dimension
 * and date, the order of its (dimension, date) index, so a year of a busy site stays one
 * index range per figure.
 */

export interface Period {
  from: string;
  to: string;
}

/** SUM() is a number on SQLite, a string (DECIMAL) on MySQL, null over no row. */
const sum = (value: string | number | null | undefined) => toNumber(value ?? 0);

/** The site's totals over the period, from `stats_days`. */
export async function siteTotals(db: Knex, period: Period): Promise<{ views: number; visitors: number }> {
  const row = (await db('stats_days')
    .whereBetween('date', [period.from, period.to])
    .sum({ views: 'views', visitors: 'visitors' })
    .first()) as { views: number | string | null; visitors: number | string | null } | undefined;
  return { views: sum(row?.views), visitors: sum(row?.visitors) };
}

/** The days of the period that have a row, by date. */
export async function siteDays(
  db: Knex,
  period: Period,
): Promise<Map<string, { views: number; visitors: number }>> {
  const rows = (await db('stats_days')
    .whereBetween('date', [period.from, period.to])
    .select('date', 'views', 'visitors')) as {
    date: string;
    views: number | string;
    visitors: number | string;
  }[];
  return new Map(rows.map((row) => [row.date, { views: sum(row.views), visitors: sum(row.visitors) }]));
}

export interface KeySums {
  key: string;
  views: number;
  visitors: number;
}

/**
 * One dimension's keys over the period, most viewed first (then by key, so ties keep one
 * order on both engines); `limit` keeps the top ones.
 */
export async function dimensionSums(
  db: Knex,
  dimension: StatsDimension,
  period: Period,
  limit?: number,
): Promise<KeySums[]> {
  const query = db('stats_counts')
    .where('dimension', dimension)
    .whereBetween('date', [period.from, period.to])
    .groupBy('key')
    .select('key')
    // Aliases apart from the columns' names: the order is the sums', without ambiguity.
    .sum({ view_sum: 'views', visitor_sum: 'visitors' })
    .orderBy([
      { column: 'view_sum', order: 'desc' },
      { column: 'key', order: 'asc' },
    ]);
  if (limit !== undefined) query.limit(limit);
  const rows = (await query) as {
    key: string;
    view_sum: number | string | null;
    visitor_sum: number | string | null;
  }[];
  return rows.map((row) => ({ key: row.key, views: sum(row.view_sum), visitors: sum(row.visitor_sum) }));
}

/** One dimension's totals over the period, all keys together. */
export async function dimensionTotals(
  db: Knex,
  dimension: StatsDimension,
  period: Period,
  key?: string,
): Promise<{ views: number; visitors: number }> {
  const query = db('stats_counts')
    .where('dimension', dimension)
    .whereBetween('date', [period.from, period.to]);
  if (key !== undefined) query.where('key', key);
  const row = (await query.sum({ views: 'views', visitors: 'visitors' }).first()) as
    { views: number | string | null; visitors: number | string | null } | undefined;
  return { views: sum(row?.views), visitors: sum(row?.visitors) };
}

/** The first day `stats_days` holds, null before the first visit was counted. */
export async function firstCountedDay(db: Knex): Promise<string | null> {
  const row = (await db('stats_days').min({ first: 'date' }).first()) as { first: string | null } | undefined;
  return row?.first ?? null;
}
