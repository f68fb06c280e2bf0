import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayFigures } from '#shared/statistics';
import { formatCount, formatDay } from './stats-format';

/**
 * Visits and visitors a day, drawn by uPlot (docs/decisions/0044-statistics-screen.md): a
 * canvas as wide as its container, redrawn when the container changes width (a phone held
 * sideways, a sidebar folded). The chart is a picture of the table below it, which screen
 * readers read instead: it is hidden from them.
 */
const HEIGHT = 260;
const PHONE_HEIGHT = 200;
const PHONE_WIDTH = 480;

/** A day's midnight in UTC, in seconds: the x of its point (the axis reads it in UTC). */
const xOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function sizeOf(width: number) {
  return { width: Math.max(Math.floor(width), 200), height: width < PHONE_WIDTH ? PHONE_HEIGHT : HEIGHT };
}

export function VisitsChart({ days }: { days: readonly DayFigures[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const data: uPlot.AlignedData = [
      days.map((day) => xOf(day.date)),
      days.map((day) => day.views),
      days.map((day) => day.visitors),
    ];
    const chart = new uPlot(
      {
        ...sizeOf(target.clientWidth),
        // Days are calendar days: drawn in UTC, whatever the browser's own zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        series: [
          { label: 'Jour', value: (_chart, seconds) => (seconds == null ? '' : formatDay(dayOf(seconds))) },
          {
            label: 'Pages vues',
            stroke: '#1d4ed8',
            fill: 'rgba(29, 78, 216, 0.08)',
            width: 2,
            value: (_chart, value) => (value == null ? '' : formatCount(value)),
          },
          {
            label: 'Visiteurs',
            stroke: '#c2410c',
            width: 2,
            value: (_chart, value) => (value == null ? '' : formatCount(value)),
          },
        ],
        axes: [
          {
            values: (_chart, splits) => splits.map((seconds) => formatDay(dayOf(seconds)).slice(0, 5)),
          },
          { values: (_chart, splits) => splits.map((value) => formatCount(value)), size: 48 },
        ],
      },
      data,
      target,
    );
    const observer = new ResizeObserver(() => chart.setSize(sizeOf(target.clientWidth)));
    observer.observe(target);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days]);

  return <div ref={box} className="stats-chart" aria-hidden="true" />;
}
