/**
 * Dates with their time for the diagnostics (token expiry, image modification), fr-FR in
 * the company's time zone like every date of the site (product rules). client/lib/format.ts
 * shows calendar dates only.
 */
import { BUSINESS_TIME_ZONE } from '#shared/calendar';

const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Unix seconds (product rules, Limits and constants: last-modified seconds x 1000). */
export function formatUnixSeconds(seconds: number): string {
  return dateTimeFormat.format(new Date(seconds * 1000));
}
