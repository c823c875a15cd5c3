import { COLOURS, PLOT } from './ChartFrame';
import { valueY } from './chartScale';

/** Horizontal grid lines with their value labels on the left. */
export function ValueAxis({ ticks, max, format, top = PLOT.top, bottom = PLOT.bottom }: { ticks: number[]; max: number; format: (value: number) => string; top?: number; bottom?: number }) {
  const y = valueY(max, top, bottom);
  return (
    <g aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PLOT.left} x2={PLOT.right} y1={y(tick)} y2={y(tick)} stroke={COLOURS.grid} strokeWidth={1} />
          <text x={PLOT.left - 4} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={COLOURS.axisText}>
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Every n-th date under the bars, so that at most 6 labels share the axis. */
export function DateAxis({ dates, x, format, bottom = PLOT.bottom }: { dates: string[]; x: (index: number) => number; format: (date: string) => string; bottom?: number }) {
  const every = Math.max(1, Math.ceil(dates.length / 6));
  return (
    <g aria-hidden="true">
      {dates.map((date, index) =>
        index % every === 0 ? (
          <text key={date} x={x(index)} y={bottom + 16} textAnchor="middle" fontSize={11} fill={COLOURS.axisText}>
            {format(date)}
          </text>
        ) : null,
      )}
    </g>
  );
}
