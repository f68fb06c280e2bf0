import { describe, expect, test } from 'vitest';
import { changedFields } from '#server/features/activity';

// What the activity log keeps of a write (docs/decisions/0036-activity-log.md): the fields
// that differ, read alike from both engines, never the bookkeeping stamps.

describe('changedFields', () => {
  test('only the fields that differ, never id, created_at or updated_at', () => {
    expect(
      changedFields(
        { id: 1, name: 'Ciment', price: 5500, stock: 3, updated_at: '2026-01-01 10:00:00' },
        { id: 1, name: 'Ciment', price: 6000, stock: 3, updated_at: '2026-03-01 10:00:00' },
      ),
    ).toEqual({ price: [5500, 6000] });
  });

  test('MySQL’s DECIMAL text reads as its number, so an unchanged price is no change', () => {
    expect(changedFields({ price: '5500.00' }, { price: '5500.00' })).toEqual({});
    expect(changedFields({ price: '5500.00' }, { price: '6000.00' })).toEqual({ price: [5500, 6000] });
  });

  test('a JSON list kept as TEXT reads as its value; a creation lists every field it set', () => {
    expect(changedFields({ gallery: '["a.webp"]' }, { gallery: '["a.webp","b.webp"]' })).toEqual({
      gallery: [['a.webp'], ['a.webp', 'b.webp']],
    });
    expect(changedFields(null, { name: 'Ciment', old_price: null, image: 'products/x.webp' })).toEqual({
      name: [null, 'Ciment'],
      image: [null, 'products/x.webp'],
    });
  });

  test('dates as ISO text', () => {
    expect(
      changedFields({ at: new Date('2026-01-01T00:00:00Z') }, { at: new Date('2026-01-02T00:00:00Z') }),
    ).toEqual({
      at: ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'],
    });
  });
});
