/**
 * How the statistics read in French (docs/product-rules.md, "The statistics screen"):
 * counts grouped fr-FR, a figure against the previous period as '+12 %' or '−5 %'
 * ('nouveau' when the previous period had none), rates as '12,5 %'.
 */

const countFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const rateFormat = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** The change from `previous` to `current`, rounded to a whole percent. */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '=' : 'nouveau';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return '=';
  // The typographic minus, as a French page prints a negative figure.
  return `${percent > 0 ? '+' : '\u2212'}${countFormat.format(Math.abs(percent))}\u00a0%`;
}

/** 'up', 'down' or 'same', for the change's colour. */
export function changeTrend(current: number, previous: number): 'up' | 'down' | 'same' {
  if (current === previous) return 'same';
  return current > previous ? 'up' : 'down';
}

/** `part` as a share of `whole`; '—' when there is no whole to share. */
export function formatRate(part: number, whole: number): string {
  return whole === 0 ? '—' : rateFormat.format(part / whole);
}

/** 'YYYY-MM-DD' as dd/mm/yyyy, without any time zone (a business day is a calendar day). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
