import { PLOT } from './ChartFrame';

/** A value's y in the viewBox on an axis from 0 (at `bottom`) to `max` (at `top`); SVG's y grows downwards. */
export function valueY(max: number, top: number = PLOT.top, bottom: number = PLOT.bottom): (value: number) => number {
  return (value: number) => bottom - (value / max) * (bottom - top);
}

/**
 * One band per day across the plot: `x(index)` is the band's centre, a bar fills 70 % of it (at least half a unit),
 * and `y(value)` places a value on the axis up to `max`.
 */
export function dayBands(days: number, max: number): { x: (index: number) => number; y: (value: number) => number; barWidth: number } {
  const slot = (PLOT.right - PLOT.left) / Math.max(1, days);
  return {
    x: (index: number) => PLOT.left + slot * index + slot / 2,
    y: valueY(max),
    barWidth: Math.max(0.5, slot * 0.7),
  };
}
