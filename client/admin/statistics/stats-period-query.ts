import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { businessToday } from '#shared/calendar';
import { DEFAULT_PERIOD_DAYS, lastDays } from '#shared/stats-period';

/**
 * The period of the statistics screen, kept in the address so a link or a reload shows the
 * same figures: `?jours=7` (or 30, 90: the last days ending today in Cotonou), or
 * `?du=YYYY-MM-DD&au=YYYY-MM-DD` for a range of one's own. Without either, the last 30 days.
 */
export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];

export type StatsPeriodChoice =
  | { kind: 'preset'; days: PresetDays; from: string; to: string }
  | { kind: 'custom'; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function periodFromParams(params: URLSearchParams, today = businessToday()): StatsPeriodChoice {
  const from = params.get('du') ?? '';
  const to = params.get('au') ?? '';
  if (DAY.test(from) && DAY.test(to)) return { kind: 'custom', from, to };
  const asked = Number(params.get('jours'));
  const days = (PRESET_DAYS as readonly number[]).includes(asked)
    ? (asked as PresetDays)
    : DEFAULT_PERIOD_DAYS;
  return { kind: 'preset', days: days as PresetDays, ...lastDays(today, days) };
}

/** The period in the address, and how to change it (each change a new history entry). */
export function useStatsPeriod(): {
  period: StatsPeriodChoice;
  choosePreset: (days: PresetDays) => void;
  chooseRange: (from: string, to: string) => void;
} {
  const [params, setParams] = useSearchParams();
  // Read at each render: the screen's loads depend on the bounds' strings, not on this object.
  const period = periodFromParams(params);
  const choosePreset = useCallback((days: PresetDays) => setParams({ jours: String(days) }), [setParams]);
  const chooseRange = useCallback((from: string, to: string) => setParams({ du: from, au: to }), [setParams]);
  return { period, choosePreset, chooseRange };
}
