/**
 * One formatter per kind of value (product rules, Identity and content): prices are whole F CFA
 * grouped fr-FR with no decimals, dates dd/mm/yyyy in Africa/Porto-Novo.
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

/** Product rules: the fleet's estimated value is the one amount kept with two decimals ('48 500 000,50 FCFA'). */
const estimatedValueFormat = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatEstimatedValue(amount: number): string {
  return `${estimatedValueFormat.format(amount)} FCFA`;
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

/** A file's size in French units ('850 octets', '12 Ko', '2,4 Mo'): never 'KB' or 'MB' on a French page. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} octet${bytes > 1 ? 's' : ''}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} Mo`;
}
