/**
 * The days between consecutive rows of a large group: `spanDays` shared by `count` rows, so
 * the dates cover the same period at any scale (`--scale 10` puts ten times as many rows
 * in it, not ten times as many years).
 */
export function daysApart(spanDays: number, count: number): number {
  return spanDays / count;
}
