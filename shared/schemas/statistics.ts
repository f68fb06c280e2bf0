import { z } from 'zod';
import { addDays } from '../calendar';
import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS, periodLength } from '../stats-period';
import { parseFormDate, skipBlank } from './fields';

/**
 * The period of GET /api/admin/stats/traffic, /conversions and /export.csv
 * (docs/product-rules.md, "The statistics screen"): `from` and `to`, business days in
 * Cotonou as 'YYYY-MM-DD', both included; without `to` the period ends today, without
 * `from` it is the 30 days ending `to`.
 */
export const statisticsMessages = {
  fromInvalid: 'La date de début est invalide (aaaa-mm-jj).',
  toInvalid: 'La date de fin est invalide (aaaa-mm-jj).',
  rangeInvalid: 'La date de fin ne peut pas précéder la date de début.',
  rangeTooLong: `La période ne peut pas dépasser ${MAX_PERIOD_DAYS} jours.`,
} as const;

/** An optional day written 'YYYY-MM-DD' that exists on the calendar. */
function optionalDay(message: string) {
  return z.preprocess(
    skipBlank,
    z
      .string({ error: message })
      .transform((value, ctx) => {
        const day = /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? parseFormDate(value) : null;
        if (day === null) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return day;
      })
      .optional(),
  );
}

export interface StatsPeriod {
  from: string;
  to: string;
}

/** The query's schema, `today` (Cotonou's) filling the missing bounds. */
export function statsPeriodSchema(today: string) {
  return z
    .object({
      from: optionalDay(statisticsMessages.fromInvalid),
      to: optionalDay(statisticsMessages.toInvalid),
    })
    .transform(({ from, to }, ctx): StatsPeriod => {
      const end = to ?? today;
      const start = from ?? addDays(end, -(DEFAULT_PERIOD_DAYS - 1));
      if (start > end)
        ctx.addIssue({ code: 'custom', message: statisticsMessages.rangeInvalid, path: ['to'] });
      else if (periodLength(start, end) > MAX_PERIOD_DAYS)
        ctx.addIssue({ code: 'custom', message: statisticsMessages.rangeTooLong, path: ['to'] });
      return { from: start, to: end };
    });
}
