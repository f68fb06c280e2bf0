import { describe, expect, it } from 'vitest';
import { comesFromElsewhere, ownOrigins } from '#server/http/same-origin';

/**
 * Which origins are ours and which requests a browser says come from elsewhere
 * (docs/decisions/0033-cross-site-requests.md); the routes themselves are covered by
 * tests/integration/cross-site-requests.test.ts.
 */
describe('ownOrigins', () => {
  it('is APP_URL’s origin alone for a public address, path and trailing slash dropped', () => {
    expect([...ownOrigins('https://www.edifier-btp.bj')]).toEqual(['https://www.edifier-btp.bj']);
    expect([...ownOrigins('https://www.edifier-btp.bj:8443/site')]).toEqual([
      'https://www.edifier-btp.bj:8443',
    ]);
    expect([...ownOrigins('https://www.edifier-btp.bj:443')]).toEqual(['https://www.edifier-btp.bj']);
  });

  it('adds the other loopback names, same scheme and port, when APP_URL is on the machine itself', () => {
    expect([...ownOrigins('http://localhost:3000')].sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
    expect(ownOrigins('http://127.0.0.1:41234').has('http://localhost:41234')).toBe(true);
    expect(ownOrigins('http://localhost:3000').has('http://127.0.0.1:4000')).toBe(false);
    expect(ownOrigins('http://localhost:3000').has('https://localhost:3000')).toBe(false);
  });
});

describe('comesFromElsewhere', () => {
  const own = ownOrigins('https://www.edifier-btp.bj');

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'none', origin: 'null' }],
    [{ 'sec-fetch-site': 'same-site', origin: 'null' }],
    [{ origin: '' }],
    [{ origin: 'https://edifier-btp.bj' }],
    [{ origin: 'http://www.edifier-btp.bj' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site', origin: 'https://blog.edifier-btp.bj' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ 'sec-fetch-site': 'cross-site', origin: 'https://www.edifier-btp.bj' }],
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }],
    [{ 'sec-fetch-site': 'something-new' }],
  ])('refuses %j', (headers) => {
    expect(comesFromElsewhere(headers, own)).toBe(true);
  });

  it.each([
    [{}],
    [{ origin: 'https://www.edifier-btp.bj' }],
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://www.edifier-btp.bj' }],
    [{ 'sec-fetch-site': 'same-origin' }],
    [{ 'sec-fetch-site': 'none' }],
    // A form posted from one of our pages served with Referrer-Policy: no-referrer.
    [{ 'sec-fetch-site': 'same-origin', origin: 'null' }],
  ])('accepts %j', (headers) => {
    expect(comesFromElsewhere(headers, own)).toBe(false);
  });
});
