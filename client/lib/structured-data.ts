import { socialLinks, type SiteSettings } from '#shared/site-settings';

/**
 * The business for search engines (product rules, Public site): address,
 * phones and opening hours, all from the site settings. Home and contact carry it.
 */
export function businessJsonLd(site: SiteSettings, appUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    name: site.name,
    url: `${appUrl}/`,
    email: site.email,
    telephone: site.phones,
    foundingDate: String(site.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address,
      addressLocality: 'Cotonou',
      addressCountry: 'BJ',
    },
    openingHours: site.openingHoursSchema,
    sameAs: socialLinks(site).map((link) => link.url),
  };
}
