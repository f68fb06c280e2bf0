import { describe, expect, it } from 'vitest';
import {
  hashTrackingToken,
  isTrackingTokenShape,
  newTrackingToken,
  trackingUrl,
} from '#server/features/submissions/tracking-token';

describe('tracking tokens', () => {
  it('are 32 base64url characters (192 bits) and stored only as their SHA-256', () => {
    const { token, hash } = newTrackingToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashTrackingToken(token));
    expect(hash).not.toContain(token);
  });

  it('are never the same twice', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newTrackingToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('refuse anything that is not a token before any lookup', () => {
    expect(isTrackingTokenShape(newTrackingToken().token)).toBe(true);
    expect(isTrackingTokenShape('abc')).toBe(false);
    expect(isTrackingTokenShape(`${'a'.repeat(31)}/`)).toBe(false);
    expect(isTrackingTokenShape('a'.repeat(33))).toBe(false);
  });

  it('make the link the client keeps', () => {
    expect(trackingUrl('https://edifier.bj', 'x'.repeat(32))).toBe(
      `https://edifier.bj/suivi/${'x'.repeat(32)}`,
    );
  });
});
