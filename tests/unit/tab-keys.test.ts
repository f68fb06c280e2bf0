import { describe, expect, it } from 'vitest';
import { tabIndexForKey } from '#client/lib/tab-keys';

describe('tabIndexForKey (WAI-ARIA tabs keyboard)', () => {
  it('moves right and left, wrapping at both ends', () => {
    expect(tabIndexForKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabIndexForKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 3)).toBe(2);
  });

  it('goes to the first tab on Home and the last on End', () => {
    expect(tabIndexForKey('Home', 2, 6)).toBe(0);
    expect(tabIndexForKey('End', 0, 6)).toBe(5);
  });

  it('answers null for any other key, so the key keeps its usual effect', () => {
    expect(tabIndexForKey('Enter', 1, 3)).toBeNull();
    expect(tabIndexForKey('ArrowDown', 1, 3)).toBeNull();
  });
});
