import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/calendar';
import { daysOf, lastDays, periodLength, previousPeriod } from '#shared/stats-period';
import { periodFromParams } from '#client/admin/statistics/stats-period-query';
import { formatChange, formatRate } from '#client/admin/statistics/stats-format';

/**
 * The statistics screen's periods and words (docs/product-rules.md, "The statistics
 * screen"): calendar days across months and leap years, the period in the address, the
 * change against the previous period and the rates in French.
 */
describe('statistics periods', () => {
  it('counts calendar days across a month end and a leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(periodLength('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(previousPeriod('2026-03-01', '2026-03-07')).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(lastDays('2026-03-07', 7)).toEqual({ from: '2026-03-01', to: '2026-03-07' });
  });

  it('reads the period from the address: a preset, a range, or the last 30 days', () => {
    const read = (query: string) => periodFromParams(new URLSearchParams(query), '2026-03-31');
    expect(read('jours=7')).toEqual({ kind: 'preset', days: 7, from: '2026-03-25', to: '2026-03-31' });
    expect(read('jours=90')).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
    expect(read('')).toEqual({ kind: 'preset', days: 30, from: '2026-03-02', to: '2026-03-31' });
    expect(read('jours=12')).toMatchObject({ days: 30 });
    expect(read('du=2026-01-05&au=2026-01-09')).toEqual({
      kind: 'custom',
      from: '2026-01-05',
      to: '2026-01-09',
    });
  });
});

describe('statistics words', () => {
  it('says a change in whole percents, with the typographic minus, and nouveau after nothing', () => {
    expect(formatChange(112, 100)).toBe('+12\u00a0%');
    expect(formatChange(95, 100)).toBe('\u22125\u00a0%');
    expect(formatChange(3, 0)).toBe('nouveau');
    expect(formatChange(0, 0)).toBe('=');
    expect(formatChange(100, 100)).toBe('=');
    expect(formatChange(2500, 100)).toBe(`+${new Intl.NumberFormat('fr-FR').format(2400)}\u00a0%`);
  });

  it('gives rates in French, and a dash without a whole', () => {
    expect(formatRate(4, 14)).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 }).format(4 / 14),
    );
    expect(formatRate(4, 14)).toMatch(/^28,6\s%$/);
    expect(formatRate(1, 0)).toBe('—');
  });
});
