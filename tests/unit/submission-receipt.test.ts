import { describe, expect, it } from 'vitest';
import {
  RECEIPT_LIFETIME_SECONDS,
  openReceipt,
  readReceipt,
  signReceipt,
} from '#server/features/submissions/submission-receipt';
import { newTrackingToken } from '#server/features/submissions/tracking-token';

/** The receipt a form post without JavaScript carries back to its confirmation page. */
const SECRET = 'a-test-secret-of-at-least-32-characters!';

describe('submission receipts', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('names the request it was signed for, for two hours', () => {
    const receipt = signReceipt(SECRET, 42, now);
    expect(readReceipt(SECRET, receipt, now)).toBe(42);
    const almost = new Date(now.getTime() + (RECEIPT_LIFETIME_SECONDS - 1) * 1000);
    expect(readReceipt(SECRET, receipt, almost)).toBe(42);
    const after = new Date(now.getTime() + (RECEIPT_LIFETIME_SECONDS + 1) * 1000);
    expect(readReceipt(SECRET, receipt, after)).toBeNull();
  });

  it('refuses a receipt whose id or expiry was changed, signed with another secret, or malformed', () => {
    const receipt = signReceipt(SECRET, 42, now);
    const [, expiry, mac] = receipt.split('.');
    expect(readReceipt(SECRET, `41.${expiry}.${mac}`, now)).toBeNull();
    expect(readReceipt(SECRET, `42.${Number(expiry) + 3600}.${mac}`, now)).toBeNull();
    expect(readReceipt(`${SECRET}-other`, receipt, now)).toBeNull();
    for (const bad of ['', '42', '42.1.abc', `42.${expiry}.${mac}x`, `-1.${expiry}.${mac}`, `${receipt} `])
      expect(readReceipt(SECRET, bad, now)).toBeNull();
  });

  it('carries the tracking link’s token sealed: only this secret reads it back, and nothing of it is in clear', () => {
    const { token } = newTrackingToken();
    const receipt = signReceipt(SECRET, 42, now, token);
    expect(receipt).not.toContain(token);
    expect(openReceipt(SECRET, receipt, now)).toEqual({ id: 42, trackingToken: token });
    expect(readReceipt(SECRET, receipt, now)).toBe(42);
    // Two receipts of the same token differ (a fresh IV each time).
    expect(signReceipt(SECRET, 42, now, token)).not.toBe(receipt);
    expect(openReceipt(`${SECRET}-other`, receipt, now)).toBeNull();
    const after = new Date(now.getTime() + (RECEIPT_LIFETIME_SECONDS + 1) * 1000);
    expect(openReceipt(SECRET, receipt, after)).toBeNull();
  });

  it('refuses a sealed receipt whose id, sealed part or signature was changed', () => {
    const { token } = newTrackingToken();
    const [id, expiry, sealed = '', mac] = signReceipt(SECRET, 42, now, token).split('.');
    expect(id).toBe('42');
    expect(openReceipt(SECRET, `41.${expiry}.${sealed}.${mac}`, now)).toBeNull();
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(openReceipt(SECRET, `42.${expiry}.${flipped}.${mac}`, now)).toBeNull();
    // The sealed part moved to another receipt of the same request: the signature refuses it.
    const other = signReceipt(SECRET, 42, now);
    expect(
      openReceipt(SECRET, `${other.split('.').slice(0, 2).join('.')}.${sealed}.${other.split('.')[2]}`, now),
    ).toBeNull();
    // Without a token, a receipt opens with none.
    expect(openReceipt(SECRET, other, now)).toEqual({ id: 42, trackingToken: null });
  });
});
