import { describe, expect, it } from 'vitest';
import {
  deviceClassOf,
  entryOf,
  isCountedVisitor,
  isPublicPath,
  splitUrl,
} from '#server/features/audience/classify';
import { retentionStart } from '#server/features/audience/audience-tables';
import { businessInstant } from '#shared/calendar';

/** The small rules of audience counting (docs/product-rules.md, "Statistics without cookies"). */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('source groups', () => {
  it.each([
    ['https://www.google.com/', 'search', 'google.com'],
    ['https://www.google.bj/search?q=x', 'search', 'google.bj'],
    ['https://www.bing.com/', 'search', 'bing.com'],
    ['https://search.yahoo.com/', 'search', 'search.yahoo.com'],
    ['https://duckduckgo.com/', 'search', 'duckduckgo.com'],
    ['https://www.ecosia.org/', 'search', 'ecosia.org'],
    ['https://www.qwant.com/', 'search', 'qwant.com'],
    ['https://yandex.ru/', 'search', 'yandex.ru'],
    ['https://www.baidu.com/', 'search', 'baidu.com'],
    ['https://facebook.com/', 'facebook', 'facebook.com'],
    ['https://m.facebook.com/', 'facebook', 'm.facebook.com'],
    ['https://l.facebook.com/l.php', 'facebook', 'l.facebook.com'],
    ['https://lm.facebook.com/', 'facebook', 'lm.facebook.com'],
    ['https://fb.com/', 'facebook', 'fb.com'],
    ['https://fb.me/abc', 'facebook', 'fb.me'],
    ['https://wa.me/229', 'whatsapp', 'wa.me'],
    ['https://api.whatsapp.com/send', 'whatsapp', 'api.whatsapp.com'],
    ['https://web.whatsapp.com/', 'whatsapp', 'web.whatsapp.com'],
    ['https://www.whatsapp.com/', 'whatsapp', 'whatsapp.com'],
    ['https://instagram.com/', 'instagram', 'instagram.com'],
    ['https://l.instagram.com/', 'instagram', 'l.instagram.com'],
    ['https://notgoogle.example/', 'other', 'notgoogle.example'],
    ['https://myfacebook.com.evil.test/', 'other', 'myfacebook.com.evil.test'],
  ])('%s is %s', (referer, group, host) => {
    expect(entryOf(referer, 'edifier-btp.bj')).toEqual({ group, host });
  });

  it('counts no Referer (or no web address) as direct, and the site itself as no source', () => {
    expect(entryOf(undefined, 'edifier-btp.bj')).toEqual({ group: 'direct', host: null });
    expect(entryOf('android-app://com.whatsapp/', 'edifier-btp.bj')).toEqual({ group: 'direct', host: null });
    expect(entryOf('https://edifier-btp.bj/services', 'edifier-btp.bj')).toBeNull();
  });
});

describe('device classes', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-A145F) Chrome/131.0 Mobile Safari/537.36', 'phone'],
    ['Opera/9.80 (J2ME/MIDP; Opera Mini/4.2) Presto/2.8', 'phone'],
    ['Mozilla/5.0 (Mobile; LYF/F300B; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5', 'phone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/131.0 Safari/537.36', 'tablet'],
    [CHROME, 'computer'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Version/17.0 Safari/605.1.15', 'computer'],
  ])('%s is a %s', (agent, device) => {
    expect(deviceClassOf(agent)).toBe(device);
  });
});

describe('what is counted', () => {
  it('leaves out crawlers, prefetches and prerenders, DNT and GPC, and requests without agent', () => {
    expect(isCountedVisitor({ 'user-agent': CHROME })).toBe(true);
    expect(isCountedVisitor({ 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' })).toBe(false);
    expect(isCountedVisitor({ 'user-agent': 'facebookexternalhit/1.1' })).toBe(false);
    expect(isCountedVisitor({})).toBe(false);
    for (const headers of [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-moz': 'prefetch' },
      { dnt: '1' },
      { 'sec-gpc': '1' },
    ])
      expect(isCountedVisitor({ 'user-agent': CHROME, ...headers }), JSON.stringify(headers)).toBe(false);
    expect(isCountedVisitor({ 'user-agent': CHROME, dnt: '0' })).toBe(true);
  });

  it('counts public pages only', () => {
    for (const path of ['/', '/services', '/products/12', '/administration-de-biens'])
      expect(isPublicPath(path), path).toBe(true);
    for (const path of [
      '/admin',
      '/admin/dashboard',
      '/api/health',
      '/suivi',
      '/suivi/abc',
      '/login',
      '/invitation/x',
    ])
      expect(isPublicPath(path), path).toBe(false);
  });

  it('keys a page by its path and reads the campaign from the query', () => {
    expect(splitUrl('/services?utm_source=Facebook&utm_campaign=%20Mars%20&x=1')).toEqual({
      path: '/services',
      utmSource: 'facebook',
      utmCampaign: 'mars',
    });
    expect(splitUrl('/products?page=2')).toEqual({ path: '/products', utmSource: null, utmCampaign: null });
  });

  it('keeps breakdowns from the same day of the month, months back, in Cotonou', () => {
    expect(retentionStart(businessInstant(2026, 3, 9, 10, 0), 25)).toBe('2024-02-09');
    expect(retentionStart(businessInstant(2026, 5, 31, 10, 0), 1)).toBe('2026-04-30');
    // 23:30 UTC on 31 December is already 1 January in Cotonou.
    expect(retentionStart(new Date('2026-12-31T23:30:00Z'), 12)).toBe('2026-01-01');
  });
});
