import { describe, expect, it } from 'vitest';
import {
  RECEIPT_LIFETIME_SECONDS,
  readReceipt,
  signReceipt,
} from '#server/features/submissions/submission-receipt';

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
});
