import { describe, expect, it } from 'vitest';
import { safeJson } from '#shared/safe-json';

describe('safeJson', () => {
  const hostile = { name: '</script><script>alert(1)</script>', note: '<!-- & \u2028 \u2029 -->' };

  it('never lets stored text close the script tag or open a comment', () => {
    const text = safeJson(hostile);
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<!--');
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('reads back to the original value', () => {
    expect(JSON.parse(safeJson(hostile))).toEqual(hostile);
    expect(JSON.parse(safeJson(undefined))).toBeNull();
  });
});
