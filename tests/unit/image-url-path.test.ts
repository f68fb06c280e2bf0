import { describe, expect, it } from 'vitest';
import { isSafeSegment, storedImageCandidates } from '#server/features/images/image-url-path';

/** How image URLs map to stored paths (product rules, Entities). */
describe('storedImageCandidates', () => {
  it('reads /serve-image/{path} relative to the public folder, with or without storage/', () => {
    expect(storedImageCandidates('serve-image', ['products', 'k3f9x2.jpg'])).toEqual(['products/k3f9x2.jpg']);
    expect(storedImageCandidates('serve-image', ['storage', 'products', 'k3f9x2.jpg'])).toEqual([
      'products/k3f9x2.jpg',
    ]);
    // images/ is not a prefix of this endpoint: it would name a folder that does not exist.
    expect(storedImageCandidates('serve-image', ['images', 'products', 'k3f9x2.jpg'])).toEqual([
      'images/products/k3f9x2.jpg',
    ]);
  });

  it("drops the resolver's extra images/ (or storage/) segment on /images/{path}", () => {
    expect(storedImageCandidates('images', ['images', 'products', 'k3f9x2.jpg'])).toEqual([
      'products/k3f9x2.jpg',
    ]);
    expect(storedImageCandidates('images', ['storage', 'misc', 'a.png'])).toEqual(['misc/a.png']);
    // Only one: a second images/ is a folder name like any other.
    expect(storedImageCandidates('images', ['images', 'images', 'a.png'])).toEqual(['images/a.png']);
  });

  it('reads /images/{type}/{path} in the kind folder, then {path} as a stored path', () => {
    expect(storedImageCandidates('images', ['parcelle', 'a.jpg'])).toEqual(['parcelle/a.jpg']);
    expect(storedImageCandidates('images', ['parcelle', 'parcelle', 'a.jpg'])).toEqual([
      'parcelle/parcelle/a.jpg',
      'parcelle/a.jpg',
    ]);
    expect(storedImageCandidates('images', ['misc', 'products', 'a.jpg'])).toEqual([
      'misc/products/a.jpg',
      'products/a.jpg',
    ]);
    // Not a kind: no second reading.
    expect(storedImageCandidates('images', ['terrain', 'products', 'a.jpg'])).toEqual([
      'terrain/products/a.jpg',
    ]);
  });

  it('refuses any segment that could leave the folder, and empty or overlong paths', () => {
    for (const segments of [
      ['..', 'secret.png'],
      ['products', '..', '..', 'secret.png'],
      ['.', 'a.jpg'],
      ['..\\secret.png'],
      ['a/b.jpg'],
      ['', 'etc', 'passwd'],
      ['a\0.jpg'],
      ['C:', 'win.ini'],
      ['.hidden.jpg'],
      [],
      ['a', 'b', 'c', 'd', 'e', 'f', 'g.jpg'],
    ]) {
      expect(storedImageCandidates('images', segments), JSON.stringify(segments)).toBeNull();
      expect(storedImageCandidates('serve-image', segments), JSON.stringify(segments)).toBeNull();
    }
  });
});

describe('isSafeSegment', () => {
  it('accepts generated names and accented ones, refuses control characters and long names', () => {
    expect(isSafeSegment('k3f9x2-320.webp')).toBe(true);
    expect(isSafeSegment('façade été.jpg')).toBe(true);
    expect(isSafeSegment('%2e%2e')).toBe(true); // a literal name once decoded: it names no file
    expect(isSafeSegment('a\nb.jpg')).toBe(false);
    expect(isSafeSegment('a\u001fb.jpg')).toBe(false);
    expect(isSafeSegment(`${'a'.repeat(252)}.jpg`)).toBe(false);
  });
});
