import { yearsOfExperience } from '#shared/site-settings';

/**
 * Site settings for the static pages' browser tests, deliberately unlike the defaults:
 * a page that repeats a hard-coded fact instead of reading the settings fails. The map
 * URL keeps Google's origin, which the CSP's frame-src takes from the same setting.
 */
export const SITE_ENV = {
  SITE_NAME: 'Bâtir Ensemble BTP',
  SITE_PHONES: '+229 01 40 00 00 01,+229 01 40 00 00 02,+229 01 40 00 00 03',
  SITE_EMAIL: 'contact@batir-ensemble.test',
  SITE_WHATSAPP: '22901400000099',
  SITE_ADDRESS: 'Quartier Fidjrossè, Cotonou, Bénin',
  SITE_OPENING_HOURS: 'Lundi - Vendredi : 7h30 - 17h30|Samedi : 8h - 13h|Dimanche : Fermé',
  SITE_FACEBOOK_URL: 'https://www.facebook.com/batir-ensemble-test',
  SITE_INSTAGRAM_URL: 'https://www.instagram.com/batir-ensemble-test',
  SITE_LINKEDIN_URL: 'https://www.linkedin.com/company/batir-ensemble-test',
  SITE_YOUTUBE_URL: 'https://www.youtube.com/@batir-ensemble-test',
  SITE_MAP_EMBED_URL: 'https://www.google.com/maps?q=Fidjross%C3%A8%2C%20Cotonou&output=embed',
  SITE_FOUNDED_YEAR: '2004',
} as const;

export const SITE = {
  name: SITE_ENV.SITE_NAME,
  phones: SITE_ENV.SITE_PHONES.split(','),
  email: SITE_ENV.SITE_EMAIL,
  address: SITE_ENV.SITE_ADDRESS,
  openingHours: SITE_ENV.SITE_OPENING_HOURS.split('|'),
  social: [
    SITE_ENV.SITE_FACEBOOK_URL,
    SITE_ENV.SITE_INSTAGRAM_URL,
    SITE_ENV.SITE_LINKEDIN_URL,
    SITE_ENV.SITE_YOUTUBE_URL,
  ],
  mapEmbedUrl: SITE_ENV.SITE_MAP_EMBED_URL,
  mapOrigin: new URL(SITE_ENV.SITE_MAP_EMBED_URL).origin,
  /** What home and about must both show, computed like the pages do. */
  years: yearsOfExperience(Number(SITE_ENV.SITE_FOUNDED_YEAR)),
};

/** Console errors, minus Chromium's own line for a document served with 404 on purpose. */
export function unexpectedConsoleErrors(errors: string[], documentUrl?: string): string[] {
  return errors.filter(
    (error) => !(documentUrl && error.includes('status of 404') && error.endsWith(`(${documentUrl})`)),
  );
}
