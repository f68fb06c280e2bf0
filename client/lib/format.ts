/**
 * One formatter per kind of value (rulings, "Identity and content"): prices are whole F CFA
 * grouped fr-FR with no decimals, dates dd/mm/yyyy in Africa/Porto-Novo.
 */
const priceFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Porto-Novo', day: '2-digit', month: '2-digit', year: 'numeric' });

export function formatPrice(amount: number): string {
  return `${priceFormat.format(Math.round(amount))} F CFA`;
}

/** Accepts `YYYY-MM-DD` calendar dates (read at noon, so no time zone shifts the day) and ISO instants. */
export function formatDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
