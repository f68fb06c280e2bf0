import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '#client/components/site-footer';
import { businessJsonLd } from '#client/lib/structured-data';
import { loadConfig } from '#server/config';

function siteWith(env: Record<string, string>) {
  return loadConfig({ JWT_SECRET: 'x'.repeat(40), STORAGE_DIR: '/tmp/edifier-unused', ...env }).site;
}

describe('footer social links', () => {
  it('are absent, list included, when the company has set no page', () => {
    const site = siteWith({});
    const html = renderToStaticMarkup(<SiteFooter site={site} />);
    expect(html).not.toContain('Réseaux sociaux');
    expect(html).not.toContain('facebook.com');
    expect(businessJsonLd(site, 'https://site.test')).not.toHaveProperty('sameAs.0');
  });

  it('show only the networks that are set, pointing at the company’s own pages', () => {
    const site = siteWith({
      SITE_FACEBOOK_URL: 'https://www.facebook.com/edifier.btp',
      SITE_YOUTUBE_URL: 'https://www.youtube.com/@edifier',
    });
    const html = renderToStaticMarkup(<SiteFooter site={site} />);
    const links = [
      ...html.matchAll(/<li><a href="([^"]+)"[^>]*><img src="\/icons\/(\w+)\.svg" alt="(\w+)"/g),
    ].map((match) => [match[1], match[2], match[3]]);
    expect(links).toEqual([
      ['https://www.facebook.com/edifier.btp', 'facebook', 'Facebook'],
      ['https://www.youtube.com/@edifier', 'youtube', 'YouTube'],
    ]);
    expect(businessJsonLd(site, 'https://site.test')).toMatchObject({
      sameAs: ['https://www.facebook.com/edifier.btp', 'https://www.youtube.com/@edifier'],
    });
  });
});
