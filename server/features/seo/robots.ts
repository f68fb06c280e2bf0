import { paths } from '#shared/paths';

/**
 * The public site is open to crawlers; the back office, the login page, the API and the
 * private tracking pages are not (those also say noindex: docs/product-rules.md, "Tracking link").
 */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    `Disallow: ${paths.login}`,
    'Disallow: /api',
    `Disallow: ${paths.tracking}/`,
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
