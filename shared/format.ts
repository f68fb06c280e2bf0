/**
 * One formatter per kind of value (docs/product-rules.md, "Identity and content"): prices
 * are whole F CFA grouped fr-FR with no decimals, spelled 'F CFA' everywhere, with an
 * indicative euro amount where the diaspora compares; dates dd/mm/yyyy in Africa/Porto-Novo.
 */
import { BUSINESS_TIME_ZONE } from './calendar';

const priceFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export function formatPrice(amount: number): string {
  return `${priceFormat.format(Math.round(amount))} F CFA`;
}

/** Accepts `YYYY-MM-DD` calendar dates (read at noon, so no time zone shifts the day) and ISO instants. */
export function formatDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/**
 * An amount to the centime ('96 750 000,25 F CFA'): the back office shows the fleet's
 * estimated value as stored; the public side rounds it with formatPrice.
 */
const exactAmountFormat = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatExactAmount(amount: number): string {
  return `${exactAmountFormat.format(amount)} F CFA`;
}

/** The fixed parity of the franc CFA: 1 EUR = 655,957 F CFA. */
export const FCFA_PER_EURO = 655.957;
export const EURO_PARITY = '1 € = 655,957 F CFA';
/** Beside one amount ('≈ 7 622 € (indicatif, 1 € = …)'): the word agrees with that one amount. */
export const EURO_PARITY_NOTE = `indicatif, ${EURO_PARITY}`;
/** Once for a page or a list of amounts (docs/product-rules.md, "Identity and content"): plural. */
export const EURO_AMOUNTS_NOTE = `Les montants en euros sont indicatifs (${EURO_PARITY}).`;

/** An amount of F CFA in whole euros at the fixed parity, digits only ('7 622'), for ranges. */
export function euroDigits(amountFcfa: number): string {
  return priceFormat.format(Math.round(amountFcfa / FCFA_PER_EURO));
}

/** The indicative euro amount shown beside a price for the diaspora: '≈ 7 622 €'. */
export function formatEuroEquivalent(amountFcfa: number): string {
  return `≈ ${euroDigits(amountFcfa)} €`;
}

/** A surface in m², fr-FR, up to two decimals ('135,5 m²'). */
const surfaceFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

export function formatSurface(squareMetres: number): string {
  return `${surfaceFormat.format(squareMetres)} m²`;
}

const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant with its time in Cotonou ('23/11/2026 14:05'): when a request arrived, a mail left. */
export function formatDateTime(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? String(at) : dateTimeFormat.format(date).replace(' ', ' à ');
}

/** Unix seconds (product rules, Limits and constants: last-modified seconds x 1000). */
export function formatUnixSeconds(seconds: number): string {
  return dateTimeFormat.format(new Date(seconds * 1000));
}

const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * A file's size in French units ('850 o', '13 Ko', '2,4 Mo'), for pages, the back office,
 * e-mails and summaries: French texts never show 'KB' or 'MB' (the product rules' own
 * limit messages excepted, which quote "10MB" word for word).
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} Mo`;
}
