import { paths } from '#shared/paths';

/** The public site is open to crawlers; the back office, the login page and the API are not. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    `Disallow: ${paths.login}`,
    'Disallow: /api',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
