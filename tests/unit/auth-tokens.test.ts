import bcrypt from 'bcryptjs';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { BCRYPT_COST, hashPassword } from '#server/auth/passwords';
import { UnauthorizedError } from '#server/errors';
import { DUMMY_PASSWORD_HASH, matchesStoredPassword } from '#server/features/auth/password-check';
import { firstValidSecond } from '#server/features/auth/session';
import { issueToken, verifyToken } from '#server/features/auth/tokens';

/** Token signing and checking, and the password comparison login relies on (product rules, Security). */

const SECRET = 'un-secret-de-test-suffisamment-long-0123456789';
const now = () => Math.floor(Date.now() / 1000);

function refusal(token: string, secret = SECRET): string {
  try {
    verifyToken(secret, token);
  } catch (error) {
    expect(error).toBeInstanceOf(UnauthorizedError);
    return (error as UnauthorizedError).message;
  }
  throw new Error('token accepted');
}

describe('issueToken and verifyToken', () => {
  it('round-trips the claims with 8 hours, or 30 days when remembered', () => {
    const short = issueToken(SECRET, { userId: 7, remember: false, issuedAt: now() });
    expect(short.expiresIn).toBe(8 * 3600);
    expect(verifyToken(SECRET, short.token)).toEqual(short.claims);
    const long = issueToken(SECRET, { userId: 7, remember: true, issuedAt: now() });
    expect(long.claims.expiresAt - long.claims.issuedAt).toBe(30 * 24 * 3600);
    expect(verifyToken(SECRET, long.token).remember).toBe(true);
    expect(jwt.decode(long.token, { complete: true })?.header.alg).toBe('HS256');
  });

  it('gives every token its own jti', () => {
    const a = issueToken(SECRET, { userId: 1, remember: false, issuedAt: now() });
    const b = issueToken(SECRET, { userId: 1, remember: false, issuedAt: now() });
    expect(a.claims.jti).not.toBe(b.claims.jti);
  });

  it('refuses alg none, another algorithm, a wrong secret and garbage as invalid', () => {
    const claims = { sub: '1', jti: 'j'.repeat(32), iat: now(), exp: now() + 60, remember: false };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const invalid = "Jeton d'authentification invalide. Veuillez vous reconnecter.";
    expect(refusal(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`)).toBe(invalid);
    expect(refusal(jwt.sign(claims, SECRET, { algorithm: 'HS384' }))).toBe(invalid);
    expect(refusal(jwt.sign(claims, `${SECRET}-autre`, { algorithm: 'HS256' }))).toBe(invalid);
    expect(refusal('abc.def.ghi')).toBe(invalid);
  });

  it('refuses claims of the wrong shape', () => {
    const base = { sub: '1', jti: 'j'.repeat(32), iat: now(), exp: now() + 60, remember: false };
    for (const claims of [
      { ...base, sub: 'admin' },
      { ...base, sub: '0' },
      { ...base, jti: 'court' },
      { ...base, remember: 'oui' },
    ]) {
      expect(refusal(jwt.sign(claims, SECRET, { algorithm: 'HS256' }))).toBe(
        "Jeton d'authentification invalide. Veuillez vous reconnecter.",
      );
    }
  });

  it('refuses an expired token with its own message', () => {
    const expired = issueToken(SECRET, { userId: 1, remember: false, issuedAt: now() - 8 * 3600 - 5 });
    expect(refusal(expired.token)).toBe('Session expirée. Veuillez vous reconnecter.');
  });
});

describe('firstValidSecond', () => {
  it('accepts every token without a revocation instant, and none dated its second or before', () => {
    expect(firstValidSecond(null)).toBe(0);
    expect(firstValidSecond(new Date('2025-01-01T10:00:00.000Z'))).toBe(Date.UTC(2025, 0, 1, 10) / 1000 + 1);
    expect(firstValidSecond(new Date('2025-01-01T10:00:00.900Z'))).toBe(Date.UTC(2025, 0, 1, 10) / 1000 + 1);
  });
});

describe('matchesStoredPassword', () => {
  it('uses a dummy hash of the same cost as stored hashes', () => {
    expect(bcrypt.getRounds(DUMMY_PASSWORD_HASH)).toBe(BCRYPT_COST);
  });

  it('answers false without an account, and true only for the exact password', async () => {
    const hash = await hashPassword('a'.repeat(72));
    expect(await matchesStoredPassword('a'.repeat(72), hash)).toBe(true);
    expect(await matchesStoredPassword('a'.repeat(71), hash)).toBe(false);
    // bcrypt alone would accept this one: it reads no further than 72 bytes.
    expect(await bcrypt.compare(`${'a'.repeat(72)}b`, hash)).toBe(true);
    expect(await matchesStoredPassword(`${'a'.repeat(72)}b`, hash)).toBe(false);
    expect(await matchesStoredPassword('', null)).toBe(false);
    // Five bcrypt rounds at cost 12: well over vitest's 5 s default on a loaded 2-core machine.
  }, 60_000);
});
