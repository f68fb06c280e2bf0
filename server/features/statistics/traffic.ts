import type { Knex } from 'knex';
import {
  DEVICE_LABELS,
  SOURCE_LABELS,
  STATS_DIMENSIONS,
  STATS_TOP_LIMIT,
  type KeyFigures,
  type StatsDimension,
  type TrafficAnswer,
} from '#shared/statistics';
import { daysOf, previousPeriod } from '#shared/stats-period';
import { dimensionSums, firstCountedDay, siteDays, siteTotals, type Period } from './stats-reads';

/** The label the screen shows for a key: the source's or device's French name, else the key itself. */
const LABELS: Partial<Record<StatsDimension, Record<string, string>>> = {
  [STATS_DIMENSIONS.source]: SOURCE_LABELS,
  [STATS_DIMENSIONS.device]: DEVICE_LABELS,
};

async function keyFigures(db: Knex, dimension: StatsDimension, period: Period, limit?: number) {
  const labels = LABELS[dimension];
  const rows = await dimensionSums(db, dimension, period, limit);
  return rows.map((row): KeyFigures => ({ ...row, label: labels?.[row.key] ?? row.key }));
}

/**
 * GET /api/admin/stats/traffic: every day of the period (a day nobody came is a zero), the
 * totals, the previous period of the same length, and the breakdowns. Sources and devices
 * are few and all listed; the other lists keep their top STATS_TOP_LIMIT.
 */
export async function trafficOf(db: Knex, period: Period): Promise<TrafficAnswer> {
  const before = previousPeriod(period.from, period.to);
  const [days, totals, previous, pages, sources, referrers, campaigns, utmSources, devices, since] =
    await Promise.all([
      siteDays(db, period),
      siteTotals(db, period),
      siteTotals(db, before),
      keyFigures(db, STATS_DIMENSIONS.page, period, STATS_TOP_LIMIT),
      keyFigures(db, STATS_DIMENSIONS.source, period),
      keyFigures(db, STATS_DIMENSIONS.referrer, period, STATS_TOP_LIMIT),
      keyFigures(db, STATS_DIMENSIONS.utmCampaign, period, STATS_TOP_LIMIT),
      keyFigures(db, STATS_DIMENSIONS.utmSource, period, STATS_TOP_LIMIT),
      keyFigures(db, STATS_DIMENSIONS.device, period),
      firstCountedDay(db),
    ]);
  return {
    from: period.from,
    to: period.to,
    days: daysOf(period.from, period.to).map((date) => ({
      date,
      views: days.get(date)?.views ?? 0,
      visitors: days.get(date)?.visitors ?? 0,
    })),
    totals,
    previous: { ...before, ...previous },
    counted_since: since,
    pages,
    sources,
    referrers,
    campaigns,
    utm_sources: utmSources,
    devices,
  };
}
