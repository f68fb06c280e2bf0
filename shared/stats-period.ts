/**
 * The periods of the statistics screen (docs/product-rules.md, "The statistics screen"):
 * business days in Cotonou as 'YYYY-MM-DD', counted on the calendar alone (a day is a day,
 * whatever the clock's offset), shared by the API and the screen.
 */

import { addDays } from './calendar';

/** A period asked for without bounds: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
/** The longest period one answer covers: a leap year. */
export const MAX_PERIOD_DAYS = 366;

function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** How many days from `from` to `to`, both included (1 for one day). */
export function periodLength(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000) + 1;
}

/** Every day of the period, in order. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = periodLength(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** The last `days` days ending `today`, both included. */
export function lastDays(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}
