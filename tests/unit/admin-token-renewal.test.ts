import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { decodeTokenPayload, isTokenExpired, shouldRenewToken } from '#client/admin/kit/token-payload';
import { stubBrowserStorage } from './admin-browser-stubs';

// Product rules: tokens (8 h, or 30 days with 'Se souvenir de moi') are renewed through
// /auth/refresh while the administrator works. The decision and the wrapper's use of it.

const HOUR = 3600;

function fakeToken(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

describe('decodeTokenPayload', () => {
  test('reads the claims of a base64url payload, accents included', () => {
    expect(decodeTokenPayload(fakeToken({ sub: '1', iat: 10, exp: 20, name: 'Éloïse' }))).toEqual({
      sub: '1',
      iat: 10,
      exp: 20,
      name: 'Éloïse',
    });
  });

  test('answers null for a missing token, a wrong format or a payload that is not JSON', () => {
    expect(decodeTokenPayload(null)).toBeNull();
    expect(decodeTokenPayload('abc')).toBeNull();
    expect(decodeTokenPayload('a.%%%.c')).toBeNull();
    expect(decodeTokenPayload(`a.${Buffer.from('[1]').toString('base64url')}.c`)).toBeNull();
  });
});

describe('shouldRenewToken', () => {
  const iat = 1_000_000;
  const eightHours = { iat, exp: iat + 8 * HOUR };
  const thirtyDays = { iat, exp: iat + 30 * 24 * HOUR };

  test('keeps a token with more than half its life left', () => {
    expect(shouldRenewToken(eightHours, iat + 1)).toBe(false);
    expect(shouldRenewToken(eightHours, iat + 4 * HOUR)).toBe(false);
    expect(shouldRenewToken(thirtyDays, iat + 14 * 24 * HOUR)).toBe(false);
  });

  test('renews once less than half is left, whatever the lifetime class', () => {
    expect(shouldRenewToken(eightHours, iat + 4 * HOUR + 1)).toBe(true);
    expect(shouldRenewToken(eightHours, iat + 8 * HOUR - 1)).toBe(true);
    expect(shouldRenewToken(thirtyDays, iat + 16 * 24 * HOUR)).toBe(true);
  });

  test('does not try to renew an expired or unreadable token (the 401 path signs in again)', () => {
    expect(shouldRenewToken(eightHours, iat + 8 * HOUR)).toBe(false);
    expect(isTokenExpired(eightHours, iat + 8 * HOUR)).toBe(true);
    expect(shouldRenewToken(null, iat)).toBe(false);
    expect(shouldRenewToken({ exp: iat + HOUR }, iat)).toBe(false);
  });
});

describe('adminApi', () => {
  let store = new Map<string, string>();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    store = stubBrowserStorage();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    vi.resetModules();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const authOf = (call: Parameters<typeof fetch>) =>
    (call[1]?.headers as Record<string, string>).Authorization;

  test('renews a token past half its life before the call, stores the new one and sends it, once for parallel calls', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = fakeToken({ sub: '1', iat: now - 5 * HOUR, exp: now + 3 * HOUR });
    const fresh = fakeToken({ sub: '1', iat: now, exp: now + 8 * HOUR });
    store.set('access_token', old);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/auth/refresh') ? json({ access_token: fresh }) : json({ data: [] }),
    );
    const { adminApi } = await import('#client/admin/kit/admin-api');

    await Promise.all([adminApi('/categories'), adminApi('/products')]);

    const urls = fetchMock.mock.calls.map((call) => String(call[0]));
    expect(urls.filter((url) => url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(authOf(fetchMock.mock.calls[0]!)).toBe(`Bearer ${old}`);
    for (const call of fetchMock.mock.calls.slice(1)) expect(authOf(call)).toBe(`Bearer ${fresh}`);
    expect(store.get('access_token')).toBe(fresh);
  });

  test('leaves a young token alone', async () => {
    const now = Math.floor(Date.now() / 1000);
    const young = fakeToken({ sub: '1', iat: now - HOUR, exp: now + 7 * HOUR });
    store.set('access_token', young);
    fetchMock.mockResolvedValue(json({ data: [] }));
    const { adminApi } = await import('#client/admin/kit/admin-api');
    await adminApi('/categories');
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toEqual(['/api/categories']);
  });

  test('a 401 ends the session (both stored items cleared) and is marked as such; other failures keep the user', async () => {
    store.set('access_token', 'a.b.c');
    store.set('user', JSON.stringify({ name: 'Admin', email: 'a@b.c', role: 'admin' }));
    fetchMock.mockResolvedValueOnce(json({ message: 'Erreur serveur' }, 500));
    const { adminApi, isSessionEnd } = await import('#client/admin/kit/admin-api');
    const { currentSession } = await import('#client/admin/kit/session');

    const failure = await adminApi('/categories').catch((error: unknown) => error);
    expect(isSessionEnd(failure)).toBe(false);
    expect(store.get('user')).toBeDefined();

    fetchMock.mockResolvedValueOnce(json({ message: 'Session révoquée. Veuillez vous reconnecter.' }, 401));
    const refused = await adminApi('/categories').catch((error: unknown) => error);
    expect(isSessionEnd(refused)).toBe(true);
    expect([store.get('access_token'), store.get('user')]).toEqual([undefined, undefined]);
    expect(currentSession()).toEqual({ status: 'anonymous', reason: 'expired' });
  });

  test('a 401 for a token another call renewed meanwhile is retried once with the new token', async () => {
    store.set('access_token', 'old.token.x');
    fetchMock.mockImplementationOnce(async () => {
      store.set('access_token', 'new.token.y');
      return json({ message: 'Session révoquée. Veuillez vous reconnecter.' }, 401);
    });
    fetchMock.mockResolvedValueOnce(json({ data: [1] }));
    const { adminApi } = await import('#client/admin/kit/admin-api');
    expect(await adminApi('/categories')).toEqual({ data: [1] });
    expect(authOf(fetchMock.mock.calls[1]!)).toBe('Bearer new.token.y');
    expect(store.get('access_token')).toBe('new.token.y');
  });
});
