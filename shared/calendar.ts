/** The business runs on Cotonou's calendar (product rules: dates in Africa/Porto-Novo). */
export const BUSINESS_TIME_ZONE = 'Africa/Porto-Novo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Cotonou as `YYYY-MM-DD`, comparable with DATE columns. */
export function businessToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

const yearFormat = new Intl.DateTimeFormat('en', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric' });

/** The year `at` falls in, in Cotonou: a request sent at 23:30 UTC on 31 December is next year's. */
export function businessYear(at: Date): number {
  return Number(yearFormat.format(at));
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The clock and calendar on a wall in Cotonou at `at`: two-digit parts, the year in four. */
export function businessWallClock(
  at: Date,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map(({ type, value }) => [type, value]));
  const { year = '', month = '', day = '', hour = '', minute = '', second = '' } = parts;
  return { year, month, day, hour, minute, second };
}

/** The instant midnight starts day `day` ('YYYY-MM-DD') in Cotonou: a date filter's bound. */
export function businessDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return businessInstant(year, month, date, 0, 0);
}

/** The instant a wall clock in Cotonou shows `hour:minute` on that day (month from 1). */
export function businessInstant(
  year: number,
  month: number,
  date: number,
  hour: number,
  minute: number,
): Date {
  const guess = Date.UTC(year, month - 1, date, hour, minute);
  const parts = businessWallClock(new Date(guess));
  const shown = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return new Date(guess - (shown - guess));
}

/** A calendar day `YYYY-MM-DD` moved by `count` days (negative: earlier). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}
