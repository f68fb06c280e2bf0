import { paths } from '#shared/paths';
import type { SitemapItem } from './sitemap.repository';

/** The public pages of product rules, Pages and routes that have one address each (no login, no 404). */
export const SITEMAP_PAGES = [
  paths.home,
  paths.services,
  paths.products,
  paths.offers,
  paths.promotions,
  paths.projects,
  paths.submitProject,
  paths.about,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.legal,
] as const;

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

function urlEntry(appUrl: string, path: string, lastmod: Date | null): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>` : '';
  return `<url><loc>${escapeXml(`${appUrl}${path}`)}</loc>${modified}</url>`;
}

/** sitemaps.org 0.9: absolute URLs under APP_URL, lastmod from updated_at when known. */
export function sitemapXml(appUrl: string, products: SitemapItem[], projects: SitemapItem[]): string {
  const urls = [
    ...SITEMAP_PAGES.map((path) => urlEntry(appUrl, path, null)),
    ...products.map((item) => urlEntry(appUrl, paths.product(item.id), item.updatedAt)),
    ...projects.map((item) => urlEntry(appUrl, paths.project(item.id), item.updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
